import { createRouter } from "@tanstack/react-router";
import { routeTree } from "../routeTree.gen";
import { PendingScreen } from "./pending-screen";
import type { AppStore } from "./store";

export function makeRouter(store: AppStore) {
  return createRouter({
    routeTree,
    context: { store },
    // The first routes mix "/login/" and "/sign-up" (older links use both): keep each URL as written.
    trailingSlash: "preserve",
    defaultPreload: "intent",
    defaultPendingComponent: PendingScreen,
    scrollRestoration: true,
  });
}

declare module "@tanstack/react-router" {
  interface Register {
    router: ReturnType<typeof makeRouter>;
  }
}

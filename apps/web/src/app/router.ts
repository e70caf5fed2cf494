import { createRouter } from "@tanstack/react-router";
import { routeTree } from "../routeTree.gen";
import { PendingScreen } from "./pending-screen";
import type { AppStore } from "./store";

export function makeRouter(store: AppStore) {
  return createRouter({
    routeTree,
    context: { store },
    // The brief's paths mix "/login/" and "/sign-up": keep each URL as written.
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

import { createRouter } from "@tanstack/react-router";
import { FullPageSpinner } from "../components/full-page-spinner";
import { routeTree } from "../routeTree.gen";
import type { AppStore } from "./store";

export function makeRouter(store: AppStore) {
  return createRouter({
    routeTree,
    context: { store },
    // The brief's paths mix "/login/" and "/sign-up": keep each URL as written.
    trailingSlash: "preserve",
    defaultPreload: "intent",
    defaultPendingComponent: FullPageSpinner,
    scrollRestoration: true,
  });
}

declare module "@tanstack/react-router" {
  interface Register {
    router: ReturnType<typeof makeRouter>;
  }
}

import { createRootRouteWithContext, Outlet } from "@tanstack/react-router";
import type { AppStore } from "../app/store";
import { ErrorPage } from "../components/error-page";
import { NotFound } from "../components/not-found";

export interface RouterContext {
  store: AppStore;
}

export const Route = createRootRouteWithContext<RouterContext>()({
  component: Outlet,
  errorComponent: ErrorPage,
  notFoundComponent: NotFound,
});

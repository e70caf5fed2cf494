import { createFileRoute, redirect } from "@tanstack/react-router";
import { LoginSearchSchema } from "../../lib/forms/search-params";

/**
 * The sign-in form is a light page of its own (login.html, which the server answers for /login/): the
 * staff app only names the route for its typed links and leaves for it with a full page load.
 */
export const Route = createFileRoute("/login/")({
  validateSearch: LoginSearchSchema,
  beforeLoad: ({ location }) => {
    throw redirect({ href: location.href, reloadDocument: true, replace: true });
  },
});

import { createFileRoute, redirect } from "@tanstack/react-router";
import { LoginPage } from "../../features/auth/components/login-page";
import { safeRedirectPath } from "../../lib/safe-redirect";
import { LoginSearchSchema } from "../../lib/search-params";
import { waitForSession } from "../../lib/session";

export const Route = createFileRoute("/login/")({
  validateSearch: LoginSearchSchema,
  beforeLoad: async ({ context, search }) => {
    const session = await waitForSession(context.store);
    if (!session.authenticated) return;
    const target = safeRedirectPath(search.redirect);
    throw target ? redirect({ href: target }) : redirect({ to: "/" });
  },
  component: LoginRoute,
});

function LoginRoute() {
  const { email, redirect: redirectTo } = Route.useSearch();
  return <LoginPage email={email} redirect={redirectTo} />;
}

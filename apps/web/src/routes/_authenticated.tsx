import { createFileRoute, Outlet, redirect } from "@tanstack/react-router";
import { AppShell } from "../features/shell/components/app-shell";
import { waitForSession } from "../lib/session";

/** Pathless layout: every protected route sits under it, so this one guard covers them all. */
export const Route = createFileRoute("/_authenticated")({
  beforeLoad: async ({ context, location }) => {
    // Start-up may still be checking the stored tokens; decide only once it has.
    const session = await waitForSession(context.store);
    if (session.authenticated) return;
    throw redirect({ to: "/login/", search: location.href === "/" ? {} : { redirect: location.href } });
  },
  component: AuthenticatedLayout,
});

function AuthenticatedLayout() {
  return (
    <AppShell>
      <Outlet />
    </AppShell>
  );
}

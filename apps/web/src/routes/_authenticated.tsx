import { isDeviceRole } from "@pharmacy/contract/auth/roles";
import { createFileRoute, Outlet, redirect } from "@tanstack/react-router";
import { useAppSelector } from "../lib/store/store-hooks";
import { AppShell } from "../features/shell/components/app-shell";
import { selectUser, waitForSession } from "../lib/auth/session";

const MFA_SETUP_PATH = "/settings/security/";

/** Pathless layout: every protected route sits under it, so this one guard covers them all. */
export const Route = createFileRoute("/_authenticated")({
  beforeLoad: async ({ context, location }) => {
    // Start-up may still be checking the stored tokens; decide only once it has.
    const session = await waitForSession(context.store);
    if (session.authenticated) {
      // requireMfaForAdmins: an admin without two-factor sign-in sets it up before anything else.
      if (session.user?.mfaSetupRequired && location.pathname !== MFA_SETUP_PATH)
        throw redirect({ to: MFA_SETUP_PATH });
      return;
    }
    throw redirect({
      to: "/login/",
      search: location.href === "/" ? {} : { redirect: location.href },
      reloadDocument: true,
    });
  },
  component: AuthenticatedLayout,
});

function AuthenticatedLayout() {
  const user = useAppSelector(selectUser);
  // A kiosk or a waiting-room screen never shows the staff frame (names, menu, sign-out).
  if (isDeviceRole(user?.role)) return <Outlet />;
  // A branch switch (here or in another tab) mounts the screen anew: nothing it held in its own state
  // (a form's values, a selection) outlives the branch it was of.
  return (
    <AppShell>
      <Outlet key={`${user?.id}:${user?.pharmacyId}`} />
    </AppShell>
  );
}

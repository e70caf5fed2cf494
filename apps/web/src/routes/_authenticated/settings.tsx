import { createFileRoute, Outlet } from "@tanstack/react-router";
import { RoleGate } from "../../components/role-gate";
import { SettingsLayout } from "../../features/settings/components/settings-layout";

export const Route = createFileRoute("/_authenticated/settings")({
  component: SettingsRoute,
});

function SettingsRoute() {
  return (
    <RoleGate capability="settings.read">
      <SettingsLayout>
        <Outlet />
      </SettingsLayout>
    </RoleGate>
  );
}

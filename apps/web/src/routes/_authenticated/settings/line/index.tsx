import { createFileRoute } from "@tanstack/react-router";
import { RoleGate } from "../../../../components/role-gate";
import { LineSettingsPage } from "../../../../features/settings/components/line-settings-page";

export const Route = createFileRoute("/_authenticated/settings/line/")({
  component: () => (
    <RoleGate capability="settings.write">
      <LineSettingsPage />
    </RoleGate>
  ),
});

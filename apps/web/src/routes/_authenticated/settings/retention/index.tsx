import { createFileRoute } from "@tanstack/react-router";
import { RoleGate } from "../../../../components/role-gate";
import { RetentionSettingsPage } from "../../../../features/settings/components/retention-settings-page";

export const Route = createFileRoute("/_authenticated/settings/retention/")({
  component: () => (
    <RoleGate capability="settings.write">
      <RetentionSettingsPage />
    </RoleGate>
  ),
});

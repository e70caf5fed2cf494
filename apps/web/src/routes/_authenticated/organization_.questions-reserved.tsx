import { createFileRoute } from "@tanstack/react-router";
import { RoleGate } from "../../components/role-gate";
import { OrganizationQuestionSettingsPage } from "../../features/settings/components/question-settings-page";

export const Route = createFileRoute("/_authenticated/organization_/questions-reserved")({
  component: () => (
    <RoleGate capability="organization">
      <OrganizationQuestionSettingsPage channel="reserved" />
    </RoleGate>
  ),
});

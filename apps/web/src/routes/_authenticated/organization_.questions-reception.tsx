import { createFileRoute } from "@tanstack/react-router";
import { RoleGate } from "../../components/role-gate";
import { OrganizationQuestionSettingsPage } from "../../features/settings/components/question-settings-page";

export const Route = createFileRoute("/_authenticated/organization_/questions-reception")({
  component: () => (
    <RoleGate capability="organization">
      <OrganizationQuestionSettingsPage channel="reception" />
    </RoleGate>
  ),
});

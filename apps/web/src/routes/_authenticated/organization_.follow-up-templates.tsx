import { createFileRoute } from "@tanstack/react-router";
import { RoleGate } from "../../components/role-gate";
import { OrganizationTemplatesPage } from "../../features/follow-ups/components/templates-page";

export const Route = createFileRoute("/_authenticated/organization_/follow-up-templates")({
  component: () => (
    <RoleGate capability="organization">
      <OrganizationTemplatesPage />
    </RoleGate>
  ),
});

import { createFileRoute } from "@tanstack/react-router";
import { RoleGate } from "../../components/role-gate";
import { OrganizationPage } from "../../features/organization/components/organization-page";

export const Route = createFileRoute("/_authenticated/organization")({
  component: () => (
    <RoleGate capability="organization">
      <OrganizationPage />
    </RoleGate>
  ),
});

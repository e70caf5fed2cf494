import { createFileRoute } from "@tanstack/react-router";
import { RoleGate } from "../../../../components/role-gate";
import { SecurityPage } from "../../../../features/security/components/security-page";

export const Route = createFileRoute("/_authenticated/settings/security/")({
  component: () => (
    <RoleGate capability="security">
      <SecurityPage />
    </RoleGate>
  ),
});

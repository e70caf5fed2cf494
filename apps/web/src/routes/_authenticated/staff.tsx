import { createFileRoute } from "@tanstack/react-router";
import { RoleGate } from "../../components/role-gate";
import { StaffPage } from "../../features/staff/components/staff-page";

export const Route = createFileRoute("/_authenticated/staff")({
  component: () => (
    <RoleGate capability="staff">
      <StaffPage />
    </RoleGate>
  ),
});

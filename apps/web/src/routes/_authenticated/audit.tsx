import { ROLE_LABELS } from "@pharmacy/contract/auth/roles";
import { createFileRoute } from "@tanstack/react-router";
import { RoleGate } from "../../components/role-gate";
import { AuditPage, type ActorOption } from "../../features/audit/components/audit-page";
import { useGetDevicesQuery } from "../../features/devices/api";
import { useGetStaffQuery } from "../../features/staff/api";

export const Route = createFileRoute("/_authenticated/audit")({
  component: () => (
    <RoleGate capability="audit">
      <AuditRoute />
    </RoleGate>
  ),
});

/** The audit's person/device filter offers the branch's people and devices (from their own features). */
function AuditRoute() {
  const { data: staff } = useGetStaffQuery();
  const { data: devices } = useGetDevicesQuery();
  const actorOptions: ActorOption[] = [
    ...(staff?.staff ?? []).map((member) => ({
      value: member.id,
      label: `${member.name}（${ROLE_LABELS[member.role]}）`,
    })),
    ...(devices?.devices ?? []).map((device) => ({
      value: device.id,
      label: `${device.name}（${ROLE_LABELS[device.kind]}）`,
    })),
  ];
  return <AuditPage actorOptions={actorOptions} />;
}

import { createFileRoute } from "@tanstack/react-router";
import { RoleGate } from "../../components/role-gate";
import { DevicesPage } from "../../features/devices/components/devices-page";

export const Route = createFileRoute("/_authenticated/devices")({
  component: () => (
    <RoleGate capability="devices">
      <DevicesPage />
    </RoleGate>
  ),
});

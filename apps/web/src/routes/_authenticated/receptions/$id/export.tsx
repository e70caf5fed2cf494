import { createFileRoute } from "@tanstack/react-router";
import { RoleGate } from "../../../../components/role-gate";
import { ReceptionExportPage } from "../../../../features/receptions/components/reception-export-page";

export const Route = createFileRoute("/_authenticated/receptions/$id/export")({
  component: ExportRoute,
});

function ExportRoute() {
  const { id } = Route.useParams();
  return (
    <RoleGate capability="patientData">
      <ReceptionExportPage receptionId={id} />
    </RoleGate>
  );
}

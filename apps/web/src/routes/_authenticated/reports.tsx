import { createFileRoute } from "@tanstack/react-router";
import { RoleGate } from "../../components/role-gate";
import { ReportsPage } from "../../features/reports/components/reports-page";
import { ReportSearchSchema } from "../../lib/forms/search-params";

export const Route = createFileRoute("/_authenticated/reports")({
  validateSearch: ReportSearchSchema,
  component: ReportsRoute,
});

function ReportsRoute() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <RoleGate capability="reports">
      <ReportsPage search={search} onRangeChange={(range) => void navigate({ search: range })} />
    </RoleGate>
  );
}

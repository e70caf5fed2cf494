import { createFileRoute, stripSearchParams } from "@tanstack/react-router";
import { RoleGate } from "../../components/role-gate";
import { FollowUpsPage } from "../../features/follow-ups/components/follow-ups-page";
import { PrescriptionData } from "../../features/receptions/rx/prescription-data";
import { FOLLOW_UP_SEARCH_DEFAULTS, FollowUpSearchSchema } from "../../lib/forms/search-params";

export const Route = createFileRoute("/_authenticated/follow-ups")({
  validateSearch: FollowUpSearchSchema,
  search: { middlewares: [stripSearchParams(FOLLOW_UP_SEARCH_DEFAULTS)] },
  component: FollowUpsRoute,
});

/** The worklist shows a follow-up's prescription as the main screen does, and opens its reception there. */
function FollowUpsRoute() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <RoleGate capability="followUps">
      <FollowUpsPage
        search={search}
        onSearchChange={(changes) => void navigate({ search: (previous) => ({ ...previous, ...changes }) })}
        renderPrescriptions={(reception, today) => (
          <PrescriptionData prescriptions={reception.prescriptions} today={today} />
        )}
        onOpenReception={(reception) =>
          void navigate({ to: "/", search: { date: reception.receptionDate, receptionId: reception.id } })
        }
      />
    </RoleGate>
  );
}

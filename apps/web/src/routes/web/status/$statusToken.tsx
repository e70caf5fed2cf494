import { createFileRoute } from "@tanstack/react-router";
import { ReceptionStatusPage } from "../../../features/public-reception/components/reception-status-page";

/** Public: the visitor's status page, opened from the done screen or a saved link. */
export const Route = createFileRoute("/web/status/$statusToken")({
  component: ReceptionStatusRoute,
});

function ReceptionStatusRoute() {
  const { statusToken } = Route.useParams();
  return <ReceptionStatusPage statusToken={statusToken} />;
}

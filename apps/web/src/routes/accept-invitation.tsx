import { createFileRoute } from "@tanstack/react-router";
import { AcceptInvitationPage } from "../features/auth/components/accept-invitation-page";
import { AcceptInvitationSearchSchema } from "../lib/forms/search-params";

/** Public: the invited person has no sign-in yet. */
export const Route = createFileRoute("/accept-invitation")({
  validateSearch: AcceptInvitationSearchSchema,
  component: AcceptInvitationRoute,
});

function AcceptInvitationRoute() {
  const { token } = Route.useSearch();
  return <AcceptInvitationPage token={token} />;
}

import { createFileRoute } from "@tanstack/react-router";
import { SettingsPlaceholder } from "../../../../features/settings/components/settings-placeholder";

export const Route = createFileRoute("/_authenticated/settings/web-questionnaire-link/")({
  component: WebQuestionnaireLinkRoute,
});

function WebQuestionnaireLinkRoute() {
  return <SettingsPlaceholder pageKey="web-questionnaire-link" />;
}

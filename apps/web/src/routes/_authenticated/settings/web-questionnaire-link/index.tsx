import { createFileRoute } from "@tanstack/react-router";
import { WebQuestionnaireLinkPage } from "../../../../features/settings/components/web-questionnaire-link-page";

export const Route = createFileRoute("/_authenticated/settings/web-questionnaire-link/")({
  component: WebQuestionnaireLinkPage,
});

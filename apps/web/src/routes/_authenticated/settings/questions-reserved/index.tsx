import { createFileRoute } from "@tanstack/react-router";
import { QuestionSettingsPage } from "../../../../features/settings/components/question-settings-page";

export const Route = createFileRoute("/_authenticated/settings/questions-reserved/")({
  component: QuestionsReservedRoute,
});

function QuestionsReservedRoute() {
  return <QuestionSettingsPage channel="reserved" />;
}

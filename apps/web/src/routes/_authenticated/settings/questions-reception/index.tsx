import { createFileRoute } from "@tanstack/react-router";
import { QuestionSettingsPage } from "../../../../features/settings/components/question-settings-page";

export const Route = createFileRoute("/_authenticated/settings/questions-reception/")({
  component: QuestionsReceptionRoute,
});

function QuestionsReceptionRoute() {
  return <QuestionSettingsPage channel="reception" />;
}

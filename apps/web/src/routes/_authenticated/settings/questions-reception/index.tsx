import { createFileRoute } from "@tanstack/react-router";
import { SettingsPlaceholder } from "../../../../features/settings/components/settings-placeholder";

export const Route = createFileRoute("/_authenticated/settings/questions-reception/")({
  component: QuestionsReceptionRoute,
});

function QuestionsReceptionRoute() {
  return <SettingsPlaceholder pageKey="questions-reception" />;
}

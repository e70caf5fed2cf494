import { createFileRoute } from "@tanstack/react-router";
import { SettingsPlaceholder } from "../../../../features/settings/components/settings-placeholder";

export const Route = createFileRoute("/_authenticated/settings/questions-reserved/")({
  component: QuestionsReservedRoute,
});

function QuestionsReservedRoute() {
  return <SettingsPlaceholder pageKey="questions-reserved" />;
}

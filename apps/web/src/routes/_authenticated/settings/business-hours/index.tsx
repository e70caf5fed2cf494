import { createFileRoute } from "@tanstack/react-router";
import { SettingsPlaceholder } from "../../../../features/settings/components/settings-placeholder";

export const Route = createFileRoute("/_authenticated/settings/business-hours/")({
  component: BusinessHoursRoute,
});

function BusinessHoursRoute() {
  return <SettingsPlaceholder pageKey="business-hours" />;
}

import { createFileRoute } from "@tanstack/react-router";
import { SettingsPlaceholder } from "../../../../features/settings/components/settings-placeholder";

export const Route = createFileRoute("/_authenticated/settings/general-settings/")({
  component: GeneralSettingsRoute,
});

function GeneralSettingsRoute() {
  return <SettingsPlaceholder pageKey="general-settings" />;
}

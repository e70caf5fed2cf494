import { createFileRoute } from "@tanstack/react-router";
import { SettingsPlaceholder } from "../../../../features/settings/components/settings-placeholder";

export const Route = createFileRoute("/_authenticated/settings/reception-start-number/")({
  component: ReceptionStartNumberRoute,
});

function ReceptionStartNumberRoute() {
  return <SettingsPlaceholder pageKey="reception-start-number" />;
}

import { createFileRoute } from "@tanstack/react-router";
import { SettingsPlaceholder } from "../../../../features/settings/components/settings-placeholder";

export const Route = createFileRoute("/_authenticated/settings/branch-info/")({
  component: BranchInfoRoute,
});

function BranchInfoRoute() {
  return <SettingsPlaceholder pageKey="branch-info" />;
}

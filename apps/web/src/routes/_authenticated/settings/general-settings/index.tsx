import { createFileRoute } from "@tanstack/react-router";
import { GeneralSettingsPage } from "../../../../features/settings/components/general-settings-page";

export const Route = createFileRoute("/_authenticated/settings/general-settings/")({
  component: GeneralSettingsPage,
});

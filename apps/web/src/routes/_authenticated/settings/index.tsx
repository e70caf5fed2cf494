import { createFileRoute } from "@tanstack/react-router";
import { SettingsHome } from "../../../features/settings/components/settings-home";

export const Route = createFileRoute("/_authenticated/settings/")({
  component: SettingsHome,
});

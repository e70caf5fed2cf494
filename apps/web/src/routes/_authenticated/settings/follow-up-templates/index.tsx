import { createFileRoute } from "@tanstack/react-router";
import { TemplatesPage } from "../../../../features/follow-ups/components/templates-page";

export const Route = createFileRoute("/_authenticated/settings/follow-up-templates/")({
  component: TemplatesPage,
});

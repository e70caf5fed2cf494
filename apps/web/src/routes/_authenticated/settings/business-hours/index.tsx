import { createFileRoute } from "@tanstack/react-router";
import { BusinessHoursPage } from "../../../../features/settings/components/business-hours-page";

export const Route = createFileRoute("/_authenticated/settings/business-hours/")({
  component: BusinessHoursPage,
});

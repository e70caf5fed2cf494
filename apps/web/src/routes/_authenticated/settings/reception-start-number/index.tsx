import { createFileRoute } from "@tanstack/react-router";
import { ReceptionStartNumberPage } from "../../../../features/settings/components/reception-start-number-page";

export const Route = createFileRoute("/_authenticated/settings/reception-start-number/")({
  component: ReceptionStartNumberPage,
});

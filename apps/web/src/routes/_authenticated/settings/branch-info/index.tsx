import { createFileRoute } from "@tanstack/react-router";
import { BranchInfoPage } from "../../../../features/settings/components/branch-info-page";

export const Route = createFileRoute("/_authenticated/settings/branch-info/")({
  component: BranchInfoPage,
});

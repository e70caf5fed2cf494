import { createFileRoute, stripSearchParams } from "@tanstack/react-router";
import { ReceptionsPage } from "../../features/receptions/components/receptions-page";
import { RECEPTION_SEARCH_DEFAULTS, ReceptionSearchSchema } from "../../lib/search-params";

export const Route = createFileRoute("/_authenticated/")({
  validateSearch: ReceptionSearchSchema,
  // Keep "/" clean: the default showDates=false is implied, not written into the URL.
  search: { middlewares: [stripSearchParams(RECEPTION_SEARCH_DEFAULTS)] },
  component: ReceptionsPage,
});

import { createFileRoute } from "@tanstack/react-router";
import { PublicReceptionPage } from "../../features/public-reception/components/public-reception-page";

/** Public: outside the _authenticated guard, no sign-in and no shell (a visitor's phone loads only this). */
export const Route = createFileRoute("/web/$publicSlug")({
  component: PublicReceptionRoute,
});

function PublicReceptionRoute() {
  const { publicSlug } = Route.useParams();
  // Keyed by the link, so another branch's page starts fresh.
  return <PublicReceptionPage key={publicSlug} publicSlug={publicSlug} />;
}

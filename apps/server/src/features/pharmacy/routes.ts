import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  PharmacySchema,
  PublicSlugResponseSchema,
  UpdatePharmacySchema,
  type Pharmacy,
} from "@pharmacy/contract/pharmacy/pharmacy";
import { actorOf } from "../../lib/actor.js";
import { requestOrigin, type LinkOrigins } from "./link-origins.js";
import { publicReceptionLink } from "./public-link.js";
import type { PharmacyDetails, PharmacyService } from "./service.js";

export interface PharmacyRoutesOptions {
  pharmacies: PharmacyService;
  /** The day a changed start number applies from (the receptions feature decides: tomorrow once today's numbering began). */
  receptionStartNumberFrom: (pharmacyId: string) => Promise<string>;
  /** Where the public link points. */
  linkOrigins: LinkOrigins;
}

export const pharmacyRoutes: FastifyPluginAsyncZod<PharmacyRoutesOptions> = async (
  app,
  { pharmacies, receptionStartNumberFrom, linkOrigins },
) => {
  const answer = async (request: FastifyRequest, { id, ...details }: PharmacyDetails): Promise<Pharmacy> => ({
    ...details,
    receptionStartNumberFrom: await receptionStartNumberFrom(id),
    // a signed-in call: its origin is recorded when the branch has none, so there always is a base
    ...publicReceptionLink(details.publicSlug, (await linkOrigins.note(id, requestOrigin(request))) ?? ""),
  });

  app.get("/api/pharmacy", { schema: { response: { 200: PharmacySchema } } }, async (request) =>
    answer(request, await pharmacies.get(actorOf(request).pharmacyId)),
  );

  app.patch(
    "/api/pharmacy",
    { schema: { body: UpdatePharmacySchema, response: { 200: PharmacySchema } } },
    async (request) => answer(request, await pharmacies.update(actorOf(request), request.body)),
  );

  app.post(
    "/api/pharmacy/public_slug",
    { schema: { response: { 200: PublicSlugResponseSchema } } },
    async (request) => ({
      publicSlug: await pharmacies.rotatePublicSlug(actorOf(request)),
    }),
  );
};

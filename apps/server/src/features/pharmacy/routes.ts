import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { ROLES } from "@pharmacy/contract/roles";
import type { FastifyRequest } from "fastify";
import { PharmacySchema, PublicSlugResponseSchema, UpdatePharmacySchema, type Pharmacy } from "@pharmacy/contract/pharmacy";
import { actorOf } from "../auth/actor.js";
import type { ReceptionService } from "../receptions/service.js";
import { publicReceptionLink } from "./public-link.js";
import type { PharmacyDetails, PharmacyService } from "./service.js";

export interface PharmacyRoutesOptions {
  pharmacies: PharmacyService;
  receptions: ReceptionService;
  /** PUBLIC_BASE_URL: the address patients' phones use. */
  publicBaseUrl: string | undefined;
}

export const pharmacyRoutes: FastifyPluginAsyncZod<PharmacyRoutesOptions> = async (app, { pharmacies, receptions, publicBaseUrl }) => {
  const answer = async (request: FastifyRequest, { id, ...details }: PharmacyDetails): Promise<Pharmacy> => ({
    ...details,
    receptionStartNumberFrom: await receptions.startNumberAppliesFrom(id),
    ...publicReceptionLink(details.publicSlug, publicBaseUrl, request),
  });

  app.get("/api/pharmacy", { config: { roles: ROLES.peopleAndCounter }, schema: { response: { 200: PharmacySchema } } }, async (request) =>
    answer(request, await pharmacies.get(actorOf(request).pharmacyId)),
  );

  app.patch("/api/pharmacy", { config: { roles: ROLES.admin }, schema: { body: UpdatePharmacySchema, response: { 200: PharmacySchema } } }, async (request) =>
    answer(request, await pharmacies.update(actorOf(request), request.body)),
  );

  app.post("/api/pharmacy/public_slug", { config: { roles: ROLES.admin }, schema: { response: { 200: PublicSlugResponseSchema } } }, async (request) => ({
    publicSlug: await pharmacies.rotatePublicSlug(actorOf(request)),
  }));
};

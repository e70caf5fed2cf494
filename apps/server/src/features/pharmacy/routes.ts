import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { PharmacySchema, PublicSlugResponseSchema, UpdatePharmacySchema } from "@pharmacy/contract/pharmacy";
import { actorOf } from "../auth/actor.js";
import type { PharmacyService } from "./service.js";

export const pharmacyRoutes: FastifyPluginAsyncZod<{ pharmacies: PharmacyService }> = async (app, { pharmacies }) => {
  app.get("/api/pharmacy", { schema: { response: { 200: PharmacySchema } } }, async (request) =>
    pharmacies.get(actorOf(request).pharmacyId),
  );

  app.patch("/api/pharmacy", { schema: { body: UpdatePharmacySchema, response: { 200: PharmacySchema } } }, async (request) =>
    pharmacies.update(actorOf(request).pharmacyId, request.body),
  );

  app.post("/api/pharmacy/public_slug", { schema: { response: { 200: PublicSlugResponseSchema } } }, async (request) => ({
    publicSlug: await pharmacies.rotatePublicSlug(actorOf(request).pharmacyId),
  }));
};

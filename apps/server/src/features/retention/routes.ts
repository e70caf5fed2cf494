import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { ReceptionIdParamsSchema } from "@pharmacy/contract/receptions/receptions";
import { PatientDeletionSchema, ReceptionExportSchema } from "@pharmacy/contract/retention/export";
import { RetentionSettingsSchema, SaveRetentionSchema } from "@pharmacy/contract/retention/retention";
import { actorOf } from "../../lib/actor.js";
import type { PatientRequests } from "./patient-requests.js";
import type { RetentionService } from "./service.js";

export const retentionRoutes: FastifyPluginAsyncZod<{
  retention: RetentionService;
  requests: PatientRequests;
}> = async (app, { retention, requests }) => {
  app.get("/api/retention", { schema: { response: { 200: RetentionSettingsSchema } } }, async (request) =>
    retention.settings(actorOf(request).pharmacyId),
  );

  app.put(
    "/api/retention",
    { schema: { body: SaveRetentionSchema, response: { 200: RetentionSettingsSchema } } },
    async (request) => retention.save(actorOf(request), request.body),
  );

  app.get(
    "/api/reception/:id/export",
    { schema: { params: ReceptionIdParamsSchema, response: { 200: ReceptionExportSchema } } },
    async (request, reply) => {
      const exported = await requests.export(actorOf(request), request.params.id);
      void reply.header("Cache-Control", "no-store");
      return exported;
    },
  );

  for (const what of PatientDeletionSchema.options) {
    app.delete(
      `/api/reception/:id/${what}`,
      { schema: { params: ReceptionIdParamsSchema } },
      async (request, reply) => {
        await requests.delete(actorOf(request), request.params.id, what);
        return reply.status(204).send();
      },
    );
  }
};

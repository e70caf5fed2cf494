import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { AuditCsvQuerySchema, AuditListSchema, AuditQuerySchema } from "@pharmacy/contract/audit/audit";
import { actorOf } from "../../lib/actor.js";
import type { AuditService } from "./service.js";

export const auditRoutes: FastifyPluginAsyncZod<{ audit: AuditService }> = async (app, { audit }) => {
  app.get(
    "/api/audit",
    { schema: { querystring: AuditQuerySchema, response: { 200: AuditListSchema } } },
    async (request) => audit.list(actorOf(request).pharmacyId, request.query),
  );

  app.get("/api/audit.csv", { schema: { querystring: AuditCsvQuerySchema } }, async (request, reply) => {
    const csv = await audit.csv(actorOf(request).pharmacyId, request.query);
    return reply
      .type("text/csv; charset=utf-8")
      .header("content-disposition", `attachment; filename="audit.csv"`)
      .header("cache-control", "no-store")
      .send(csv);
  });
};

import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  AddBranchSchema,
  BranchSchema,
  OrganizationDailyReportSchema,
  OrganizationSchema,
  OrganizationTodaySchema,
} from "@pharmacy/contract/organization/organization";
import { OrganizationSettingsSchema } from "@pharmacy/contract/organization/organization-settings";
import { ReportQuerySchema } from "@pharmacy/contract/reports/reports";
import { OrganizationAuditListSchema, OrganizationAuditQuerySchema } from "@pharmacy/contract/audit/audit";
import { actorOf } from "../../lib/actor.js";
import { identityOf } from "../../lib/identity.js";
import type { OrganizationService } from "./service.js";

/** The organisation's calls (本部管理者; who may what: the contract's ROUTE_ROLES): always the token's own organisation. */
export const organizationRoutes: FastifyPluginAsyncZod<{ organizations: OrganizationService }> = async (
  app,
  { organizations },
) => {
  app.get("/api/organization", { schema: { response: { 200: OrganizationSchema } } }, async (request) =>
    organizations.get(identityOf(request).organizationId),
  );

  app.get("/api/organization/today", { schema: { response: { 200: OrganizationTodaySchema } } }, async (request) =>
    organizations.today(identityOf(request).organizationId),
  );

  app.get(
    "/api/organization/reports/daily",
    { schema: { querystring: ReportQuerySchema, response: { 200: OrganizationDailyReportSchema } } },
    async (request) => organizations.dailyReport(identityOf(request).organizationId, request.query),
  );

  app.get(
    "/api/organization/reports/daily.csv",
    { schema: { querystring: ReportQuerySchema } },
    async (request, reply) => {
      const { from, to } = request.query;
      const csv = await organizations.dailyReportCsv(identityOf(request).organizationId, request.query);
      return reply
        .type("text/csv; charset=utf-8")
        .header("content-disposition", `attachment; filename="organization-reports-${from}_${to}.csv"`)
        .header("cache-control", "no-store")
        .send(csv);
    },
  );

  app.get(
    "/api/organization/settings",
    { schema: { response: { 200: OrganizationSettingsSchema } } },
    async (request) => organizations.settings(identityOf(request).organizationId),
  );

  app.put(
    "/api/organization/settings",
    { schema: { body: OrganizationSettingsSchema, response: { 200: OrganizationSettingsSchema } } },
    async (request) => organizations.saveSettings(actorOf(request), identityOf(request).organizationId, request.body),
  );

  app.get(
    "/api/organization/audit",
    { schema: { querystring: OrganizationAuditQuerySchema, response: { 200: OrganizationAuditListSchema } } },
    async (request) => organizations.audit(identityOf(request).organizationId, request.query),
  );

  app.post(
    "/api/organization/branches",
    { schema: { body: AddBranchSchema, response: { 201: BranchSchema } } },
    async (request, reply) => {
      const actor = { ...actorOf(request), id: identityOf(request).userId };
      const branch = await organizations.addBranch(actor, identityOf(request).organizationId, request.body.name);
      return reply.status(201).send(branch);
    },
  );
};

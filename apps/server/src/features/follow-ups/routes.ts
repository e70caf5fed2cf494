import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  BranchFollowUpTemplatesSchema,
  FollowUpTemplatesSchema,
} from "@pharmacy/contract/follow-ups/follow-up-templates";
import {
  CareContactInputSchema,
  CareContactResponseSchema,
  FollowUpDetailSchema,
  FollowUpIdParamsSchema,
  FollowUpListQuerySchema,
  FollowUpListSchema,
  FollowUpSchema,
  FollowUpTodaySchema,
  PlanFollowUpSchema,
  ReceptionFollowUpsSchema,
  UpdateFollowUpSchema,
} from "@pharmacy/contract/follow-ups/follow-ups";
import { NextDispensingsQuerySchema, NextDispensingsSchema } from "@pharmacy/contract/follow-ups/next-dispensing";
import { ReceptionIdParamsSchema } from "@pharmacy/contract/receptions/receptions";
import { actorOf } from "../../lib/actor.js";
import { identityOf } from "../../lib/identity.js";
import type { PharmacyService } from "../pharmacy/index.js";
import type { NextDispensingService } from "./next-dispensings.js";
import { renderReport } from "./report.js";
import type { FollowUpService } from "./service.js";

export interface FollowUpRoutesOptions {
  followUps: FollowUpService;
  nextDispensings: NextDispensingService;
  pharmacies: PharmacyService;
}

/** Follow-ups, for staff and admins (who may what: the contract's ROUTE_ROLES); another branch's ids answer 404. */
export const followUpRoutes: FastifyPluginAsyncZod<FollowUpRoutesOptions> = async (
  app,
  { followUps, nextDispensings, pharmacies },
) => {
  app.get(
    "/api/reception/:id/care_contact",
    { schema: { params: ReceptionIdParamsSchema, response: { 200: CareContactResponseSchema } } },
    async (request) => followUps.careContact(actorOf(request), request.params.id),
  );

  app.put(
    "/api/reception/:id/care_contact",
    {
      schema: {
        params: ReceptionIdParamsSchema,
        body: CareContactInputSchema,
        response: { 200: CareContactResponseSchema },
      },
    },
    async (request) => followUps.recordCareContact(actorOf(request), request.params.id, request.body),
  );

  app.delete(
    "/api/reception/:id/care_contact",
    { schema: { params: ReceptionIdParamsSchema } },
    async (request, reply) => {
      await followUps.withdrawCareContact(actorOf(request), request.params.id);
      return reply.status(204).send();
    },
  );

  app.get(
    "/api/reception/:id/follow_ups",
    { schema: { params: ReceptionIdParamsSchema, response: { 200: ReceptionFollowUpsSchema } } },
    async (request) => ({
      followUps: await followUps.ofReception(actorOf(request), request.params.id),
    }),
  );

  app.post(
    "/api/reception/:id/follow_ups",
    {
      schema: { params: ReceptionIdParamsSchema, body: PlanFollowUpSchema, response: { 201: FollowUpSchema } },
    },
    async (request, reply) =>
      reply.status(201).send(await followUps.plan(actorOf(request), request.params.id, request.body)),
  );

  app.get(
    "/api/follow_ups",
    { schema: { querystring: FollowUpListQuerySchema, response: { 200: FollowUpListSchema } } },
    async (request) => ({
      followUps: await followUps.list(actorOf(request), request.query),
    }),
  );

  app.get("/api/follow_ups/today", { schema: { response: { 200: FollowUpTodaySchema } } }, async (request) =>
    followUps.todayCount(actorOf(request).pharmacyId),
  );

  app.get(
    "/api/follow_ups/:id",
    { schema: { params: FollowUpIdParamsSchema, response: { 200: FollowUpDetailSchema } } },
    async (request) => followUps.detail(actorOf(request), request.params.id),
  );

  app.patch(
    "/api/follow_ups/:id",
    {
      schema: { params: FollowUpIdParamsSchema, body: UpdateFollowUpSchema, response: { 200: FollowUpDetailSchema } },
    },
    async (request) => followUps.update(actorOf(request), request.params.id, request.body),
  );

  app.get("/api/follow_ups/:id/report", { schema: { params: FollowUpIdParamsSchema } }, async (request, reply) => {
    const actor = actorOf(request);
    const identity = identityOf(request);
    const [followUp, pharmacy] = await Promise.all([
      followUps.forReport(actor, request.params.id),
      pharmacies.get(actor.pharmacyId),
    ]);
    const html = renderReport({
      followUp,
      pharmacy,
      pharmacist: identity.name || identity.email,
      today: followUps.today(),
    });
    return reply.type("text/html; charset=utf-8").header("Cache-Control", "no-store").send(html);
  });

  app.get(
    "/api/follow_up_templates",
    { schema: { response: { 200: BranchFollowUpTemplatesSchema } } },
    async (request) => followUps.templates(actorOf(request).pharmacyId),
  );

  app.put(
    "/api/follow_up_templates",
    {
      schema: { body: FollowUpTemplatesSchema, response: { 200: BranchFollowUpTemplatesSchema } },
    },
    async (request) => followUps.saveTemplates(actorOf(request), request.body),
  );

  app.delete(
    "/api/follow_up_templates",
    { schema: { response: { 200: BranchFollowUpTemplatesSchema } } },
    async (request) => followUps.useOrganizationTemplates(actorOf(request)),
  );

  app.get(
    "/api/next_dispensings",
    { schema: { querystring: NextDispensingsQuerySchema, response: { 200: NextDispensingsSchema } } },
    async (request) => ({
      nextDispensings: await nextDispensings.list(actorOf(request), request.query),
    }),
  );
};

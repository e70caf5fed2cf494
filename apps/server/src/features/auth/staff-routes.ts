import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  InviteStaffSchema,
  StaffIdParamsSchema,
  StaffListSchema,
  StaffMemberSchema,
  UpdateStaffSchema,
} from "@pharmacy/contract/auth/staff";
import { actorOf } from "../../lib/actor.js";
import { requestOrigin, type LinkOrigins } from "../pharmacy/index.js";
import type { StaffService } from "./staff-service.js";

export interface StaffRoutesOptions {
  staff: StaffService;
  /** Where invitation links point. */
  linkOrigins: LinkOrigins;
}

export const staffRoutes: FastifyPluginAsyncZod<StaffRoutesOptions> = async (app, { staff, linkOrigins }) => {
  app.get("/api/staff", { schema: { response: { 200: StaffListSchema } } }, async (request) => ({
    staff: await staff.list(actorOf(request).pharmacyId),
  }));

  // links are built on the configured or the branch's recorded address, never the request's Host
  const baseUrlOf = async (request: FastifyRequest) =>
    (await linkOrigins.note(actorOf(request).pharmacyId, requestOrigin(request))) ?? "";

  app.post(
    "/api/staff",
    { schema: { body: InviteStaffSchema, response: { 201: StaffMemberSchema } } },
    async (request, reply) =>
      reply.status(201).send(await staff.invite(actorOf(request), request.body, await baseUrlOf(request))),
  );

  // a new link for a person invited but not joined; the old one stops working
  app.post(
    "/api/staff/:id/invitation",
    { schema: { params: StaffIdParamsSchema, response: { 200: StaffMemberSchema } } },
    async (request) => staff.resendInvitation(actorOf(request), request.params.id, await baseUrlOf(request)),
  );

  // only a person who has not joined yet: anyone else is disabled instead (PATCH), so their history stays
  app.delete("/api/staff/:id", { schema: { params: StaffIdParamsSchema } }, async (request, reply) => {
    await staff.cancelInvitation(actorOf(request), request.params.id);
    return reply.status(204).send();
  });

  app.patch(
    "/api/staff/:id",
    {
      schema: { params: StaffIdParamsSchema, body: UpdateStaffSchema, response: { 200: StaffMemberSchema } },
    },
    async (request) => staff.update(actorOf(request), request.params.id, request.body),
  );
};

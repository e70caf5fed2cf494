import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { ROLES } from "@pharmacy/contract/roles";
import { InviteStaffSchema, StaffIdParamsSchema, StaffListSchema, StaffMemberSchema, UpdateStaffSchema } from "@pharmacy/contract/staff";
import { actorOf } from "./actor.js";
import { requestOrigin, type LinkOrigins } from "../pharmacy/link-origins.js";
import type { StaffService } from "./staff-service.js";

export interface StaffRoutesOptions {
  staff: StaffService;
  /** Where invitation links point. */
  linkOrigins: LinkOrigins;
}

export const staffRoutes: FastifyPluginAsyncZod<StaffRoutesOptions> = async (app, { staff, linkOrigins }) => {
  app.get("/api/staff", { config: { roles: ROLES.admin }, schema: { response: { 200: StaffListSchema } } }, async (request) => ({
    staff: await staff.list(actorOf(request).pharmacyId),
  }));

  app.post(
    "/api/staff",
    { config: { roles: ROLES.admin }, schema: { body: InviteStaffSchema, response: { 201: StaffMemberSchema } } },
    async (request, reply) => {
      const actor = actorOf(request);
      const baseUrl = (await linkOrigins.note(actor.pharmacyId, requestOrigin(request))) ?? "";
      return reply.status(201).send(await staff.invite(actor, request.body, baseUrl));
    },
  );

  app.patch(
    "/api/staff/:id",
    { config: { roles: ROLES.admin }, schema: { params: StaffIdParamsSchema, body: UpdateStaffSchema, response: { 200: StaffMemberSchema } } },
    async (request) => staff.update(actorOf(request), request.params.id, request.body),
  );
};

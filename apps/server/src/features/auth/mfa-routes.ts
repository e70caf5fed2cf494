import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  MfaCodeSchema,
  MfaEnableResponseSchema,
  MfaSetupBodySchema,
  MfaSetupResponseSchema,
} from "@pharmacy/contract/auth/mfa";
import { identityOf } from "../../lib/identity.js";
import type { MfaService } from "./mfa-service.js";

/** A person's own two-factor sign-in (docs/rules.md#people-roles-and-devices); setting it up is open to an admin held to it. */
export const mfaRoutes: FastifyPluginAsyncZod<{ mfa: MfaService }> = async (app, { mfa }) => {
  app.post(
    "/api/user/mfa/setup",
    {
      config: { duringMfaSetup: true },
      schema: { body: MfaSetupBodySchema, response: { 200: MfaSetupResponseSchema } },
    },
    async (request) => mfa.setup(identityOf(request)),
  );

  app.post(
    "/api/user/mfa/enable",
    {
      config: { duringMfaSetup: true },
      schema: { body: MfaCodeSchema, response: { 200: MfaEnableResponseSchema } },
    },
    async (request) => ({ recoveryCodes: await mfa.enable(identityOf(request), request.body.code) }),
  );

  app.post("/api/user/mfa/disable", { schema: { body: MfaCodeSchema } }, async (request, reply) => {
    await mfa.disable(identityOf(request), request.body.code);
    return reply.status(204).send();
  });
};

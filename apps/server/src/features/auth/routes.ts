import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  ConfirmForgotPasswordSchema,
  ConfirmSignUpSchema,
  EmailOnlySchema,
  RefreshTokenResponseSchema,
  RefreshTokenSchema,
  SignInResponseSchema,
  SignInSchema,
  SignUpResponseSchema,
  SignUpSchema,
} from "@pharmacy/contract/auth/auth";
import { SignInAnswerSchema, VerifyMfaSchema } from "@pharmacy/contract/auth/mfa";
import { AcceptInvitationResponseSchema, AcceptInvitationSchema, MeSchema } from "@pharmacy/contract/auth/staff";
import { SwitchBranchSchema, UserBranchesSchema } from "@pharmacy/contract/organization/organization";
import { z } from "zod";
import { identityOf } from "../../lib/identity.js";
import type { MfaService } from "./mfa-service.js";
import type { AuthService } from "./service.js";
import type { BranchSwitch } from "./branch-switch.js";
import type { StaffService } from "./staff-service.js";
import type { IdTokens } from "./id-tokens.js";
import type { EndedSessions } from "./sessions.js";

const Empty = z.object({});

export interface AuthRoutesOptions {
  auth: AuthService;
  mfa: MfaService;
  staff: StaffService;
  /** To read the bearer token of a person accepting an invitation to another branch. */
  idTokens: IdTokens;
  endedSessions: EndedSessions;
  rateLimitPerMinute: number;
}

export const authRoutes: FastifyPluginAsyncZod<AuthRoutesOptions> = async (
  app,
  { auth, mfa, staff, idTokens, endedSessions, rateLimitPerMinute },
) => {
  const config = { rateLimit: { max: rateLimitPerMinute, timeWindow: "1 minute" } };

  app.post(
    "/auth/sign_up",
    { config, schema: { body: SignUpSchema, response: { 201: SignUpResponseSchema } } },
    async (request, reply) => {
      await auth.signUp(request.body);
      return reply.status(201).send({ userConfirmed: false });
    },
  );

  app.post(
    "/auth/confirm_sign_up",
    { config, schema: { body: ConfirmSignUpSchema, response: { 200: Empty } } },
    async (request) => {
      await auth.confirmSignUp(request.body.email, request.body.code, request.ip, request.body.password);
      return {};
    },
  );

  // These two answer 200 at once and look the e-mail up afterwards: the same answer in the same time
  // whether or not it has an account.
  app.post(
    "/auth/resend_confirmation_code",
    {
      config,
      schema: { body: EmailOnlySchema, response: { 200: Empty } },
      onResponse: async (request, reply) => {
        if (reply.statusCode === 200) await auth.resendConfirmationCode(request.body.email);
      },
    },
    async () => ({}),
  );

  app.post(
    "/auth/sign_in",
    { config, schema: { body: SignInSchema, response: { 200: SignInAnswerSchema } } },
    async (request) => auth.signIn(request.body.email, request.body.password, request.ip),
  );

  app.post(
    "/auth/verify_mfa",
    { config, schema: { body: VerifyMfaSchema, response: { 200: SignInResponseSchema } } },
    async (request) => mfa.verify(request.body.mfaToken, request.body.code),
  );

  app.post(
    "/auth/forgot_password",
    {
      config,
      schema: { body: EmailOnlySchema, response: { 200: Empty } },
      onResponse: async (request, reply) => {
        if (reply.statusCode === 200) await auth.forgotPassword(request.body.email);
      },
    },
    async () => ({}),
  );

  app.post(
    "/auth/confirm_forgot_password",
    { config, schema: { body: ConfirmForgotPasswordSchema, response: { 200: Empty } } },
    async (request) => {
      const { email, code, newPassword } = request.body;
      await auth.confirmForgotPassword(email, code, newPassword, request.ip);
      return {};
    },
  );

  app.post(
    "/auth/refresh_token",
    { config, schema: { body: RefreshTokenSchema, response: { 200: RefreshTokenResponseSchema } } },
    async (request) => ({ idToken: await auth.refresh(request.body.refreshToken) }),
  );

  app.post(
    "/auth/accept_invitation",
    { config, schema: { body: AcceptInvitationSchema, response: { 200: AcceptInvitationResponseSchema } } },
    async (request) => {
      const signedIn = async () => {
        const header = request.headers.authorization ?? "";
        if (!header.startsWith("Bearer ")) return undefined;
        const identity = await idTokens.verify(header.slice("Bearer ".length).trim());
        return identity && !endedSessions.isEnded(identity.sessionId) ? identity : undefined;
      };
      return { email: await staff.acceptInvitation(request.body.token, request.body.password, signedIn) };
    },
  );

  app.post("/auth/sign_out", { config, schema: { body: RefreshTokenSchema } }, async (request, reply) => {
    await auth.signOut(request.body.refreshToken);
    return reply.status(204).send();
  });
};

/** The signed-in person's or device's own calls, in the signed-in /api scope. */
export const userRoutes: FastifyPluginAsyncZod<{ auth: AuthService; branches: BranchSwitch }> = async (
  app,
  { auth, branches },
) => {
  app.get(
    "/api/user/me",
    { config: { duringMfaSetup: true }, schema: { response: { 200: MeSchema } } },
    async (request) => auth.me(identityOf(request)),
  );

  app.get("/api/user/branches", { schema: { response: { 200: UserBranchesSchema } } }, async (request) => ({
    branches: await branches.branchesOf(identityOf(request)),
  }));

  // signed in like every /api call (its roles are in the table), though named with the other sign-in calls
  app.post(
    "/auth/switch_branch",
    { schema: { body: SwitchBranchSchema, response: { 200: SignInResponseSchema } } },
    async (request) => branches.switchBranch(identityOf(request), request.body.branchId),
  );
};

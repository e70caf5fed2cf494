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
  UserSchema,
} from "@pharmacy/contract/auth";
import { z } from "zod";
import { authenticate, identityOf } from "./authenticate.js";
import type { IdTokens } from "./id-tokens.js";
import type { AuthService } from "./service.js";

const Empty = z.object({});

export interface AuthRoutesOptions {
  auth: AuthService;
  idTokens: IdTokens;
  rateLimitPerMinute: number;
}

export const authRoutes: FastifyPluginAsyncZod<AuthRoutesOptions> = async (app, { auth, idTokens, rateLimitPerMinute }) => {
  const config = { rateLimit: { max: rateLimitPerMinute, timeWindow: "1 minute" } };

  app.post(
    "/auth/sign_up",
    { config, schema: { body: SignUpSchema, response: { 201: SignUpResponseSchema } } },
    async (request, reply) => {
      await auth.signUp(request.body.email, request.body.password);
      return reply.status(201).send({ userConfirmed: false });
    },
  );

  app.post(
    "/auth/confirm_sign_up",
    { config, schema: { body: ConfirmSignUpSchema, response: { 200: Empty } } },
    async (request) => {
      await auth.confirmSignUp(request.body.email, request.body.code, request.ip);
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
    { config, schema: { body: SignInSchema, response: { 200: SignInResponseSchema } } },
    async (request) => auth.signIn(request.body.email, request.body.password, request.ip),
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

  app.post("/auth/sign_out", { config, schema: { body: RefreshTokenSchema } }, async (request, reply) => {
    await auth.signOut(request.body.refreshToken);
    return reply.status(204).send();
  });

  app.get(
    "/api/user/me",
    { onRequest: authenticate(idTokens), schema: { response: { 200: UserSchema } } },
    async (request) => auth.currentUser(identityOf(request).userId),
  );
};

import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  FollowUpAnswerInputSchema,
  FollowUpAnsweredSchema,
  FollowUpTokenParamsSchema,
  PublicFollowUpSchema,
} from "@pharmacy/contract/follow-ups/patient-page";
import type { PatientFollowUpPage } from "./patient-page.js";

export interface FollowUpPublicRoutesOptions {
  page: PatientFollowUpPage;
  readsPerMinute: number;
  sendsPerMinute: number;
}

/** The patient's questionnaire behind a follow-up's link: no sign-in, rate-limited per address like the other public calls. */
export const followUpPublicRoutes: FastifyPluginAsyncZod<FollowUpPublicRoutesOptions> = async (
  app,
  { page, readsPerMinute, sendsPerMinute },
) => {
  app.get(
    "/api/public/follow_up/:token",
    {
      config: { rateLimit: { max: readsPerMinute, timeWindow: "1 minute" } },
      schema: { params: FollowUpTokenParamsSchema, response: { 200: PublicFollowUpSchema } },
    },
    async (request, reply) => reply.header("Cache-Control", "no-store").send(await page.view(request.params.token)),
  );

  app.post(
    "/api/public/follow_up/:token",
    {
      config: { rateLimit: { max: sendsPerMinute, timeWindow: "1 minute" } },
      schema: {
        params: FollowUpTokenParamsSchema,
        body: FollowUpAnswerInputSchema,
        response: { 200: FollowUpAnsweredSchema },
      },
    },
    async (request) => page.answer(request.params.token, request.body.answers),
  );
};

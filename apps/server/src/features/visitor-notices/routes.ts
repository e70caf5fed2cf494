import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { StatusTokenParamsSchema } from "@pharmacy/contract/public/public";
import { RECEPTION_NOT_FOUND_MESSAGE } from "@pharmacy/contract/receptions/receptions";
import {
  PushPublicKeySchema,
  PushSubscribedSchema,
  PushSubscriptionInputSchema,
} from "@pharmacy/contract/visitor-notices/visitor-notices";
import { NotFoundError } from "../../lib/errors.js";
import type { KeptReception, VisitorNotices } from "./service.js";

export interface VisitorNoticeRoutesOptions {
  notices: VisitorNotices;
  /** The reception a status link names, as notices keep it (the receptions feature finds it). */
  visitorReception: (statusToken: string) => Promise<KeptReception | undefined>;
  readsPerMinute: number;
  sendsPerMinute: number;
}

/** The status page's side of Web Push: no sign-in, rate-limited per address like the other public calls. */
export const visitorNoticeRoutes: FastifyPluginAsyncZod<VisitorNoticeRoutesOptions> = async (
  app,
  { notices, visitorReception, readsPerMinute, sendsPerMinute },
) => {
  app.get(
    "/api/public/push_public_key",
    {
      config: { rateLimit: { max: readsPerMinute, timeWindow: "1 minute" } },
      schema: { response: { 200: PushPublicKeySchema } },
    },
    async () => ({ publicKey: notices.publicKey }),
  );

  app.post(
    "/api/public/reception/:statusToken/push_subscription",
    {
      config: { rateLimit: { max: sendsPerMinute, timeWindow: "1 minute" } },
      schema: {
        params: StatusTokenParamsSchema,
        body: PushSubscriptionInputSchema,
        response: { 201: PushSubscribedSchema },
      },
    },
    async (request, reply) => {
      const reception = await visitorReception(request.params.statusToken);
      if (!reception) throw new NotFoundError(RECEPTION_NOT_FOUND_MESSAGE);
      return reply.status(201).send(await notices.subscribe(reception, request.body));
    },
  );
};

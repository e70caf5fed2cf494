import type { FastifyPluginAsyncZod, ZodTypeProvider } from "fastify-type-provider-zod";
import {
  LineLinkSchema,
  LineOfferSchema,
  LineSettingsInputSchema,
  LineSettingsSchema,
} from "@pharmacy/contract/line/line";
import { PublicSlugParamsSchema, StatusTokenParamsSchema } from "@pharmacy/contract/public/public";
import { NotFoundError } from "../../lib/errors.js";
import { actorOf } from "../../lib/actor.js";
import type { ReceptionService } from "../receptions/index.js";
import type { LineNotices } from "./service.js";
import type { LineSettingsService } from "./settings-service.js";
import type { LineWebhook } from "./webhook.js";

/** The branch's LINE Official Account: the admin's alone. */
export const lineSettingsRoutes: FastifyPluginAsyncZod<{ settings: LineSettingsService }> = async (
  app,
  { settings },
) => {
  app.get("/api/line/settings", { schema: { response: { 200: LineSettingsSchema } } }, async (request) =>
    settings.get(actorOf(request)),
  );

  app.put(
    "/api/line/settings",
    {
      schema: { body: LineSettingsInputSchema, response: { 200: LineSettingsSchema } },
    },
    async (request) => settings.save(actorOf(request), request.body),
  );

  app.delete("/api/line/settings", async (request, reply) => {
    await settings.remove(actorOf(request));
    return reply.status(204).send();
  });
};

export interface LinePublicRoutesOptions {
  line: LineNotices;
  webhook: LineWebhook;
  receptions: ReceptionService;
  readsPerMinute: number;
  sendsPerMinute: number;
}

/** LINE's webhooks carry up to 100 events; their bodies stay far below this. */
const WEBHOOK_BODY_LIMIT = 1024 * 1024;
const NO_RECEPTION = "受付が見つかりません。取り消された可能性があります。";

/** The status page's LINE offer and LINE's webhook: no sign-in. */
export const linePublicRoutes: FastifyPluginAsyncZod<LinePublicRoutesOptions> = async (
  app,
  { line, webhook, receptions, readsPerMinute, sendsPerMinute },
) => {
  app.get(
    "/api/public/reception/:statusToken/line_link",
    {
      config: { rateLimit: { max: readsPerMinute, timeWindow: "1 minute" } },
      schema: { params: StatusTokenParamsSchema, response: { 200: LineOfferSchema } },
    },
    async (request) => {
      const reception = await receptions.visitorReception(request.params.statusToken);
      if (!reception) throw new NotFoundError(NO_RECEPTION);
      return line.offer(reception);
    },
  );

  app.post(
    "/api/public/reception/:statusToken/line_link",
    {
      config: { rateLimit: { max: sendsPerMinute, timeWindow: "1 minute" } },
      schema: { params: StatusTokenParamsSchema, response: { 201: LineLinkSchema } },
    },
    async (request, reply) => {
      const reception = await receptions.visitorReception(request.params.statusToken);
      if (!reception) throw new NotFoundError(NO_RECEPTION);
      return reply.status(201).send(await line.newLink(reception));
    },
  );

  await app.register(async (hook) => {
    // the signature is over the raw bytes: this route keeps them as they came, and reads nothing but JSON
    hook.removeAllContentTypeParsers();
    hook.addContentTypeParser(
      "application/json",
      { parseAs: "buffer", bodyLimit: WEBHOOK_BODY_LIMIT },
      (_request, body, done) => done(null, body),
    );
    hook.withTypeProvider<ZodTypeProvider>().post(
      "/api/line/webhook/:publicSlug",
      {
        config: { rateLimit: { max: readsPerMinute, timeWindow: "1 minute" } },
        schema: { params: PublicSlugParamsSchema },
      },
      async (request, reply) => {
        const signature = request.headers["x-line-signature"];
        await webhook.receive(
          request.params.publicSlug,
          Buffer.isBuffer(request.body) ? request.body : undefined,
          typeof signature === "string" ? signature : undefined,
        );
        return reply.status(200).send({});
      },
    );
  });
};

import type { LinkOrigins } from "../pharmacy/index.js";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { MAX_FILE_BYTES } from "@pharmacy/contract/files/file-limits";
import {
  MAX_HOUSEHOLD_PEOPLE,
  MAX_WEB_PHOTOS,
  TOO_MANY_PHOTOS_MESSAGE,
  PublicPharmacySchema,
  PublicReceptionStatusSchema,
  PublicSlugParamsSchema,
  RequestedPhotosFieldsSchema,
  SendKeyParamsSchema,
  SendKeySchema,
  StatusTokenParamsSchema,
  WebReceptionCreatedSchema,
  WebReceptionFieldsSchema,
} from "@pharmacy/contract/public/public";
import { patientLanguageOfHeader } from "@pharmacy/contract/shared/languages";
import { z } from "zod";
import { drainRefusedBody } from "../../lib/drain-refused-body.js";
import { AppError, InvalidInputError, NotFoundError } from "../../lib/errors.js";
import { acceptUploads, readUpload } from "../files/index.js";
import { limitConcurrentSendsPerAddress } from "./send-concurrency.js";
import type { PublicService } from "./service.js";
import { type PublicUploadQuota, uploadQuotaFull } from "./upload-quota.js";

/** Node lower-cases header names; the others are kept as they are. */
const SendKeyHeadersSchema = z.looseObject({ "idempotency-key": SendKeySchema.optional() });
const TOO_MANY_SENDS_MESSAGE = "リクエストが多すぎます。しばらくしてからもう一度お試しください。";
const SEND_KEY_NOT_FOUND_MESSAGE = "この送信の受付は見つかりません。もう一度送信してください。";

export interface PublicRoutesOptions {
  publicService: PublicService;
  uploadQuota: PublicUploadQuota;
  readsPerMinute: number;
  sendsPerMinute: number;
  /** Sends in progress at once per address. */
  sendsAtOnce: number;
  /** Where the links mailed to visitors point. */
  linkOrigins: LinkOrigins;
}

/** No sign-in here: every call is rate-limited per address, and sending a reception more strictly. */
export const publicRoutes: FastifyPluginAsyncZod<PublicRoutesOptions> = async (
  app,
  { publicService, uploadQuota, readsPerMinute, sendsPerMinute, sendsAtOnce, linkOrigins },
) => {
  await acceptUploads(app);
  const readLimit = { rateLimit: { max: readsPerMinute, timeWindow: "1 minute" } };
  const sendLimit = { rateLimit: { max: sendsPerMinute, timeWindow: "1 minute" } };

  /**
   * Web receptions per address and minute, counted per reception: a send for a household takes one for
   * each person (`takeSends`), from the same counter as the send itself, before anything is stored.
   */
  const countSend = app.createRateLimit({ max: sendsPerMinute, timeWindow: "1 minute" });
  async function takeSends(request: FastifyRequest, reply: FastifyReply, count: number) {
    for (let i = 0; i < count; i++) {
      const hit = await countSend(request);
      if (!hit.isAllowed && hit.isExceeded) {
        reply.header("retry-after", hit.ttlInSeconds);
        throw new AppError(429, TOO_MANY_SENDS_MESSAGE);
      }
    }
  }

  /**
   * A visitor's photos, read while they stream in: up to `maxPhotos` (5 a person), and no more than the
   * branch's quota has left today.
   */
  async function readVisitorPhotos(request: FastifyRequest, pharmacyId: string, maxPhotos = MAX_WEB_PHOTOS) {
    const left = await uploadQuota.remaining(pharmacyId);
    return readUpload(request, {
      maxFileBytes: MAX_FILE_BYTES,
      maxFiles: Math.min(maxPhotos, left.files),
      tooManyFiles: () =>
        left.files < maxPhotos ? uploadQuotaFull() : InvalidInputError.of(TOO_MANY_PHOTOS_MESSAGE, ["file"]),
      maxTotalBytes: left.bytes,
      overTotal: uploadQuotaFull,
    });
  }

  app.get(
    "/api/public/pharmacy/:publicSlug",
    { config: readLimit, schema: { params: PublicSlugParamsSchema, response: { 200: PublicPharmacySchema } } },
    async (request) => publicService.pharmacy(request.params.publicSlug),
  );

  app.post(
    "/api/public/pharmacy/:publicSlug/reception",
    {
      onRequest: [(request, reply) => takeSends(request, reply, 1), limitConcurrentSendsPerAddress(sendsAtOnce)],
      schema: {
        params: PublicSlugParamsSchema,
        headers: SendKeyHeadersSchema,
        response: { 200: WebReceptionCreatedSchema, 201: WebReceptionCreatedSchema },
      },
    },
    async (request, reply) => {
      // an unknown link is refused before any upload is read, and no more is read than today's quota has left
      const pharmacy = await publicService.findBySlug(request.params.publicSlug);
      const sendKey = request.headers["idempotency-key"];
      // the same send again (its answer was lost): the reception it made, its photos left unread and uncounted
      const earlier = sendKey && (await publicService.sentWith(pharmacy.id, sendKey));
      if (earlier) {
        drainRefusedBody(request, reply);
        return reply.status(200).send(earlier);
      }
      // a household's photos too (docs/rules.md#family): each person's five are counted when the fields are read
      const upload = await readVisitorPhotos(request, pharmacy.id, MAX_WEB_PHOTOS * MAX_HOUSEHOLD_PEOPLE);
      const fields = WebReceptionFieldsSchema.safeParse(upload.fields);
      if (!fields.success) throw InvalidInputError.fromZod(fields.error);
      // the send counted one reception; the household's other people count too
      await takeSends(request, reply, fields.data.household?.length ?? 0);
      // never the visitor's Host: that would let anyone make the branch mail a link to any site
      const linkBase = await linkOrigins.of(pharmacy.id);
      // the web form's pages are in the patient's language, and so are the notices it leads to
      const patientLanguage = patientLanguageOfHeader(request.headers["accept-language"]);
      const { replayed, ...created } = await publicService.createReception(
        pharmacy,
        { ...fields.data, patientLanguage },
        upload.files,
        linkBase,
        sendKey,
      );
      return reply.status(replayed ? 200 : 201).send(created);
    },
  );

  app.get(
    "/api/public/pharmacy/:publicSlug/reception/:sendKey",
    {
      config: readLimit,
      schema: { params: SendKeyParamsSchema, response: { 200: WebReceptionCreatedSchema } },
    },
    async (request) => {
      const pharmacy = await publicService.findBySlug(request.params.publicSlug);
      const sent = await publicService.sentWith(pharmacy.id, request.params.sendKey);
      if (!sent) throw new NotFoundError(SEND_KEY_NOT_FOUND_MESSAGE);
      return sent;
    },
  );

  app.post(
    "/api/public/reception/:statusToken/photos",
    {
      config: sendLimit,
      onRequest: limitConcurrentSendsPerAddress(sendsAtOnce),
      schema: { params: StatusTokenParamsSchema, response: { 200: PublicReceptionStatusSchema } },
    },
    async (request) => {
      // an unknown link or one without an open request is refused before any upload is read
      const upload = await readVisitorPhotos(
        request,
        await publicService.branchAskingForPhotos(request.params.statusToken),
      );
      const known = Object.keys(RequestedPhotosFieldsSchema.shape);
      const others = Object.keys(upload.fields).filter((name) => !known.includes(name));
      if (others.length > 0) throw InvalidInputError.of("写真のほかは送らないでください", others);
      const fields = RequestedPhotosFieldsSchema.safeParse(upload.fields);
      if (!fields.success) throw InvalidInputError.fromZod(fields.error);
      return publicService.receivePhotos(request.params.statusToken, upload.files, fields.data);
    },
  );

  app.get(
    "/api/public/reception/:statusToken",
    { config: readLimit, schema: { params: StatusTokenParamsSchema, response: { 200: PublicReceptionStatusSchema } } },
    async (request) => publicService.status(request.params.statusToken),
  );
};

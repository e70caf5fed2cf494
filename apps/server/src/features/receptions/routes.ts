import type { FastifyReply, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { CreatePhotoRequestSchema } from "@pharmacy/contract/receptions/photo-requests";
import { AnswersSchema, type Answers } from "@pharmacy/contract/receptions/questions";
import {
  COUNTER_UPDATABLE_FIELDS,
  HistoryResponseSchema,
  MovePrescriptionSchema,
  PickupsQuerySchema,
  PickupsSchema,
  PreviewQuerySchema,
  PrescriptionParamsSchema,
  ReceptionDatesSchema,
  ReceptionIdParamsSchema,
  ReceptionListQuerySchema,
  ReceptionSchema,
  UpdateReceptionSchema,
  WaitAction,
  waitActionPath,
} from "@pharmacy/contract/receptions/receptions";
import { patientLanguageOfHeader, type PatientLanguage } from "@pharmacy/contract/shared/languages";
import { EncodedBody, sendEncoded } from "../../lib/encoded-body.js";
import { ForbiddenError, InvalidInputError } from "../../lib/errors.js";
import { actorOf, type Actor } from "../../lib/actor.js";
import { identityOf } from "../../lib/identity.js";
import { rememberingQueryValidator } from "../../lib/remembered-query.js";
import type { PharmacyService } from "../pharmacy/index.js";
import type { SettingsService } from "../settings/index.js";
import type { PrescriptionService } from "./prescription-service.js";
import type { ReceptionService } from "./service.js";
import { questionnaireQr, renderTicket, type TicketContent } from "./ticket.js";
import type { WaitService } from "./wait-service.js";

export interface ReceptionRoutesOptions {
  receptions: ReceptionService;
  wait: WaitService;
  prescriptions: PrescriptionService;
  settings: SettingsService;
  pharmacies: PharmacyService;
}

export const receptionRoutes: FastifyPluginAsyncZod<ReceptionRoutesOptions> = async (
  app,
  { receptions, wait, prescriptions, settings, pharmacies },
) => {
  // The hot path: answered from the list cache as ready JSON, compressed once (shape: ReceptionListSchema).
  app.get(
    "/api/reception",
    {
      schema: { querystring: ReceptionListQuerySchema },
      validatorCompiler: rememberingQueryValidator(),
    },
    (request, reply) => {
      const list = receptions.listJson(identityOf(request).pharmacyId, request.query);
      const json = reply.type("application/json; charset=utf-8");
      // a list from the cache is sent at once, as nearly every poll is: the handler then returns nothing
      return list instanceof EncodedBody
        ? sendEncoded(request, json, list)
        : list.then((read) => sendEncoded(request, json, read));
    },
  );

  app.post("/api/reception", { schema: { response: { 201: ReceptionSchema } } }, async (request, reply) => {
    if (request.body !== undefined && request.body !== null && !isEmptyObject(request.body)) {
      throw InvalidInputError.of("本文は空にしてください。");
    }
    const actor = actorOf(request);
    return reply
      .status(201)
      .send(await receptions.create(actor, { channel: "Paper", ...counterPatientLanguage(actor, request) }));
  });

  app.get(
    "/api/reception/pickups",
    { schema: { querystring: PickupsQuerySchema, response: { 200: PickupsSchema } } },
    async (request) => receptions.pickups(actorOf(request).pharmacyId, request.query.date),
  );

  app.get("/api/reception/dates", { schema: { response: { 200: ReceptionDatesSchema } } }, async (request) =>
    receptions.dates(actorOf(request).pharmacyId),
  );

  app.get(
    "/api/reception/:id",
    {
      schema: { params: ReceptionIdParamsSchema, response: { 200: ReceptionSchema } },
    },
    async (request) => receptions.view(actorOf(request), request.params.id),
  );

  app.post(
    "/api/reception/:id/confirm",
    {
      schema: { params: ReceptionIdParamsSchema, response: { 200: ReceptionSchema } },
    },
    async (request) => {
      const actor = actorOf(request);
      return receptions.confirm(actor, request.params.id, counterPatientLanguage(actor, request).patientLanguage);
    },
  );

  app.patch(
    "/api/reception/:id",
    {
      schema: { params: ReceptionIdParamsSchema, body: UpdateReceptionSchema, response: { 200: ReceptionSchema } },
    },
    async (request) => {
      const { id, ...changes } = request.body;
      if (id !== request.params.id) throw InvalidInputError.of("本文のIDとURLのIDが一致しません。", ["id"]);
      const actor = actorOf(request);
      if (
        actor.role === "counter" &&
        Object.keys(changes).some((field) => !(COUNTER_UPDATABLE_FIELDS as readonly string[]).includes(field))
      )
        throw new ForbiddenError();
      return receptions.update(actor, id, changes);
    },
  );

  app.post(
    "/api/reception/:id/open",
    {
      schema: { params: ReceptionIdParamsSchema, response: { 200: ReceptionSchema } },
    },
    async (request) => receptions.open(actorOf(request), request.params.id),
  );

  app.post(
    waitActionPath(":id", WaitAction.call),
    {
      schema: { params: ReceptionIdParamsSchema, response: { 200: ReceptionSchema } },
    },
    async (request) => wait.call(actorOf(request), request.params.id),
  );

  app.post(
    waitActionPath(":id", WaitAction.hand_over),
    {
      schema: { params: ReceptionIdParamsSchema, response: { 200: ReceptionSchema } },
    },
    async (request) => wait.handOver(actorOf(request), request.params.id),
  );

  app.post(
    "/api/reception/:id/photo_request",
    {
      schema: { params: ReceptionIdParamsSchema, body: CreatePhotoRequestSchema, response: { 200: ReceptionSchema } },
    },
    async (request) => wait.requestPhotos(actorOf(request), request.params.id, request.body),
  );

  app.delete("/api/reception/:id", { schema: { params: ReceptionIdParamsSchema } }, async (request, reply) => {
    await receptions.delete(actorOf(request), request.params.id);
    return reply.status(204).send();
  });

  app.put(
    "/api/reception/:id/prescription/:prescriptionId",
    {
      schema: { params: PrescriptionParamsSchema, body: MovePrescriptionSchema, response: { 200: ReceptionSchema } },
    },
    async (request) =>
      prescriptions.movePrescription(
        actorOf(request),
        request.params.id,
        request.params.prescriptionId,
        request.body.partitionNumber,
      ),
  );

  app.delete(
    "/api/reception/:id/prescription/:prescriptionId",
    { schema: { params: PrescriptionParamsSchema } },
    async (request, reply) => {
      await prescriptions.removePrescription(actorOf(request), request.params.id, request.params.prescriptionId);
      return reply.status(204).send();
    },
  );

  app.get(
    "/api/reception/:id/history",
    {
      schema: { params: ReceptionIdParamsSchema, response: { 200: HistoryResponseSchema } },
    },
    async (request) => ({
      history: await receptions.history(actorOf(request).pharmacyId, request.params.id),
    }),
  );

  app.get(
    "/api/reception/:id/preview",
    {
      schema: { params: ReceptionIdParamsSchema, querystring: PreviewQuerySchema },
    },
    async (request, reply) => {
      const actor = actorOf(request);
      const { pharmacyId } = actor;
      const reception = await receptions.getFor(actor, request.params.id);
      const answers =
        request.query.answers === undefined ? reception.answers : parsePreviewAnswers(request.query.answers);
      return sendTicket(reply, pharmacyId, {
        reception,
        answers,
        waitMinutes: await wait.waitMinutesOf(pharmacyId, reception.id),
      });
    },
  );

  // 「テスト印刷」 in the settings: a marked sample with the saved message, to check the printer.
  app.get("/api/reception/test_ticket", async (request, reply) =>
    sendTicket(reply, actorOf(request).pharmacyId, {
      reception: {
        receptionNumber: 1,
        partitionNumber: 0,
        receptionDate: receptions.today(),
        createdAt: new Date().toISOString(),
      },
      answers: { receiveMethod: "Pharmacy" },
      test: true,
    }),
  );

  async function sendTicket(
    reply: FastifyReply,
    pharmacyId: string,
    content: Omit<TicketContent, "today" | "pharmacyName" | "pharmacyPhone" | "message">,
  ) {
    const pharmacy = await pharmacies.get(pharmacyId);
    const html = renderTicket({
      ...content,
      today: receptions.today(),
      pharmacyName: pharmacy.name,
      pharmacyPhone: pharmacy.phone,
      message: (await settings.appSettings(pharmacyId)).ticketMessage,
      questionnaireQrSvg: await questionnaireQr(content.answers, pharmacy.webQuestionnaireUrl),
    });
    return reply.type("text/html; charset=utf-8").header("Cache-Control", "no-store").send(html);
  }
};

function isEmptyObject(value: unknown): boolean {
  return typeof value === "object" && value !== null && !Array.isArray(value) && Object.keys(value).length === 0;
}

/** `key:value` pairs (split at the first colon: time periods hold colons too), checked like a PATCH. */
function parsePreviewAnswers(raw: string | string[]): Answers {
  const pairs = (Array.isArray(raw) ? raw : [raw]).map((pair) => {
    const colon = pair.indexOf(":");
    if (colon < 1) throw InvalidInputError.of("回答は「質問:回答」の形式で指定してください。", ["answers"]);
    return [pair.slice(0, colon), pair.slice(colon + 1)] as const;
  });
  const parsed = AnswersSchema.safeParse(Object.fromEntries(pairs));
  if (!parsed.success) throw InvalidInputError.fromZod(parsed.error, ["answers"]);
  return parsed.data;
}

/**
 * The counter kiosk speaks the patient's language, and its requests say which (Accept-Language); a staff
 * member's browser says theirs, not the patient's: their paper receptions stay Japanese.
 */
function counterPatientLanguage(actor: Actor, request: FastifyRequest): { patientLanguage?: PatientLanguage } {
  return actor.role === "counter"
    ? { patientLanguage: patientLanguageOfHeader(request.headers["accept-language"]) }
    : {};
}

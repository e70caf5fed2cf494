import { businessDateOf } from "@pharmacy/contract/calendar/business-calendar";
import { LINE_CODE_PATTERN, MAX_LINE_LINKS_PER_RECEPTION } from "@pharmacy/contract/line/line";
import type { FastifyBaseLogger } from "fastify";
import type { Clock } from "../../lib/clock.js";
import { AppError, ConflictError, NotFoundError } from "../../lib/errors.js";
import type { UnitOfWork, Work } from "../../live/unit-of-work.js";
import type { PharmacyService } from "../pharmacy/index.js";
import type { ReceptionService } from "../receptions/index.js";
import type { LineApi } from "./line-api.js";
import type { PatientLanguage } from "@pharmacy/contract/shared/languages";
import { patientText } from "../../i18n/patient-text.js";
import { linkedReply } from "./messages.js";
import * as repo from "./repository.js";
import { hashLineCode, REPLAY_WINDOW_MS } from "./service.js";
import type { LineChannel, LineSettingsService } from "./settings-service.js";
import { WebhookBodySchema, type WebhookEvent } from "./webhook-events.js";

export interface LineWebhookDeps {
  clock: Clock;
  unitOfWork: UnitOfWork;
  settings: LineSettingsService;
  pharmacies: PharmacyService;
  receptions: ReceptionService;
  api: LineApi;
  log: FastifyBaseLogger;
}

/** An event stamped this far ahead of the server's clock is not LINE's. */
const CLOCK_SKEW_MS = 5 * 60_000;

const NO_BRANCH = "このLINE連携先は見つかりません。";
const BAD_SIGNATURE = "署名が正しくありません。";
const MALFORMED = "LINEからのリクエストの形式が正しくありません。";
const REPLAYED = "このイベントは受付済みです。";
/** A code refused before its reception is known is answered in these. */
const UNKNOWN_LANGUAGE: readonly PatientLanguage[] = ["ja", "en"];

async function codeRefused(language: PatientLanguage): Promise<string> {
  return (await patientText(language)).t("lineCodeRefused");
}

/**
 * `POST /api/line/webhook/{publicSlug}`: LINE's events for the branch's account. Only a body signed with
 * the branch's channel secret (X-Line-Signature, HMAC-SHA256 of the raw bytes) for the branch's own bot
 * is read; an event is handled once (its webhookEventId), and only within an hour of its timestamp. A
 * text holding a one-time code links its sender to the reception; an unfollow (the patient blocked the
 * account) unlinks them from everything at the branch.
 */
export class LineWebhook {
  constructor(private readonly deps: LineWebhookDeps) {}

  async receive(publicSlug: string, rawBody: Buffer | undefined, signature: string | undefined): Promise<void> {
    const pharmacy = await this.deps.pharmacies.findBySlug(publicSlug);
    const channel = pharmacy && (await this.deps.settings.channelOf(pharmacy.id));
    if (!channel) throw new NotFoundError(NO_BRANCH);
    // the SDK is loaded by the first webhook of a branch that set LINE up, not at every start
    const { validateSignature } = await import("@line/bot-sdk");
    if (!rawBody || !signature || !validateSignature(rawBody, channel.channelSecret, signature))
      throw new AppError(401, BAD_SIGNATURE);
    const body = WebhookBodySchema.safeParse(parseJson(rawBody));
    if (!body.success || body.data.destination !== channel.botUserId) throw new AppError(400, MALFORMED);
    const { events } = body.data;
    let handled = 0;
    for (const event of events) {
      if (!this.isFresh(event)) continue;
      const reply = await this.deps.unitOfWork.run(async (work) => {
        if (!(await repo.firstSighting(work.db, channel.pharmacyId, event.webhookEventId, this.deps.clock.now())))
          return null;
        return (await this.handle(work, channel, event)) ?? "";
      });
      if (reply === null) continue;
      handled++;
      if (reply && event.replyToken) await this.reply(channel, event.replyToken, reply);
    }
    // LINE's 検証 button sends no event; a body whose every event was seen or is stale is a replay
    if (events.length > 0 && handled === 0) throw new ConflictError(REPLAYED);
  }

  private isFresh(event: WebhookEvent): boolean {
    const now = this.deps.clock.now().getTime();
    return event.timestamp > now - REPLAY_WINDOW_MS && event.timestamp < now + CLOCK_SKEW_MS;
  }

  /** What to reply, if anything. */
  private async handle(work: Work, channel: LineChannel, event: WebhookEvent): Promise<string | undefined> {
    const userId = event.source?.type === "user" ? event.source.userId : undefined;
    if (!userId) return undefined;
    if (event.type === "unfollow") {
      await repo.unlinkUser(work.db, channel.pharmacyId, userId);
      return undefined;
    }
    if (event.type !== "message" || event.message?.type !== "text" || !event.message.text) return undefined;
    const code = LINE_CODE_PATTERN.exec(event.message.text.toUpperCase())?.[0];
    if (!code) return undefined;
    return this.link(work, channel, userId, code);
  }

  private async link(work: Work, channel: LineChannel, userId: string, code: string): Promise<string> {
    const now = this.deps.clock.now();
    const taken = await repo.takeCode(work.db, channel.pharmacyId, hashLineCode(code), now);
    const number = taken && (await this.deps.receptions.numberOf(channel.pharmacyId, taken.reception_id, work));
    // a code that names no reception names no language: the refusal is said in Japanese and English
    if (!taken || !number) return (await Promise.all(UNKNOWN_LANGUAGE.map(codeRefused))).join("\n\n");
    const text = await patientText(number.patientLanguage);
    if (
      !(await repo.hasLink(work.db, taken.reception_id, userId)) &&
      (await repo.countLinks(work.db, taken.reception_id)) >= MAX_LINE_LINKS_PER_RECEPTION
    )
      return text.t("lineTooManyLinks");
    await repo.saveLink(work.db, {
      receptionId: taken.reception_id,
      pharmacyId: channel.pharmacyId,
      lineUserId: userId,
      linkBase: taken.link_base,
      expiresAt: taken.expires_at,
      at: now,
    });
    return linkedReply(text, number, businessDateOf(now));
  }

  /** The reply is free and best effort: a failure is logged with LINE's status only. */
  private async reply(channel: LineChannel, replyToken: string, text: string): Promise<void> {
    try {
      await this.deps.api.reply(channel.accessToken, replyToken, text);
    } catch (error) {
      this.deps.log.warn(
        { pharmacyId: channel.pharmacyId, status: (error as { status?: number }).status },
        "LINE reply not sent",
      );
    }
  }
}

function parseJson(raw: Buffer): unknown {
  try {
    return JSON.parse(raw.toString("utf8"));
  } catch {
    return undefined;
  }
}

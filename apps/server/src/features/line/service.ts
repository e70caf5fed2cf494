import { createHash, randomInt, randomUUID } from "node:crypto";
import { businessDateOf } from "@pharmacy/contract/calendar/business-calendar";
import { LINE_CODE_ALPHABET, lineLinkUrl, type LineLink, type LineOffer } from "@pharmacy/contract/line/line";
import type { PatientLanguage } from "@pharmacy/contract/shared/languages";
import type { Db } from "../../db/schema.js";
import { patientText, type PatientText } from "../../i18n/patient-text.js";
import type { Clock } from "../../lib/clock.js";
import { ConflictError, NotFoundError } from "../../lib/errors.js";
import type { Work } from "../../live/unit-of-work.js";
import type { LinkOrigins } from "../pharmacy/index.js";
import type { PharmacyService } from "../pharmacy/index.js";
import type { VisitorMilestone } from "../visitor-notices/index.js";
import {
  keptUntil,
  type KeptReception,
  type LinkedNoticeChannel,
  type NoticeReception,
} from "../visitor-notices/index.js";
import type { LineDispatcher } from "./dispatcher.js";
import { followUpDueText, lineNoticeText, refillReminderText } from "./messages.js";
import * as repo from "./repository.js";
import type { LineSettingsService } from "./settings-service.js";

/** The reception a follow-up or reminder is about, and the language its patient reads. */
interface CareTarget {
  pharmacyId: string;
  receptionId: string;
  patientLanguage: PatientLanguage;
}

export interface LineNoticesDeps {
  db: Db;
  clock: Clock;
  settings: LineSettingsService;
  dispatcher: LineDispatcher;
  pharmacies: PharmacyService;
  linkOrigins: LinkOrigins;
}

/** Webhook event ids are remembered this long after the replay window, so a replay inside it is always caught. */
export const REPLAY_WINDOW_MS = 60 * 60_000;
/** Settled messages are kept this long: the month's count reads them. */
const SETTLED_KEPT_MS = 40 * 24 * 60 * 60_000;

const NOT_OFFERED = "この薬局はLINEでのお知らせに対応していません。";
const NOTICES_OVER = "この受付の通知は終了しました。";

function newCode(): string {
  const pick = () => Array.from({ length: 4 }, () => LINE_CODE_ALPHABET[randomInt(LINE_CODE_ALPHABET.length)]).join("");
  return `${pick()}-${pick()}`;
}

/** Only a code's hash is stored: a copy of the table links no one. */
export function hashLineCode(code: string): string {
  return createHash("sha256").update(code).digest("hex");
}

/**
 * A reception's LINE: the one-time code that links a LINE user to it, the messages it sends them
 * (queued in the staff change's own transaction, sent by `LineDispatcher` once it commits), and the
 * links' life, which follows the reception's notices (docs/rules.md#across-days). The follow-ups feature (docs/rules.md#continuity-of-care)
 * calls `keepForCare`, `followUpDue`, `refillReminder` and `endCare`.
 */
export class LineNotices implements LinkedNoticeChannel {
  constructor(private readonly deps: LineNoticesDeps) {}

  /** How many LINE messages of each branch could not go out since `since`, keyed by branch. */
  async failedCountsByBranch(pharmacyIds: string[], since: Date): Promise<Map<string, number>> {
    if (pharmacyIds.length === 0) return new Map();
    const rows = await repo.countFailedByBranch(this.deps.db, pharmacyIds, since);
    return new Map(rows.map((row) => [row.pharmacy_id, Number(row.failed)]));
  }

  /** Whether the status page offers LINE for this reception, and whether someone already linked it. */
  async offer(reception: KeptReception): Promise<LineOffer> {
    const channel = await this.deps.settings.channelOf(reception.pharmacyId);
    const live = !reception.handedOverAt && keptUntil(reception) > this.deps.clock.now();
    return {
      available: channel !== undefined && live,
      linked: (await repo.liveLinksOf(this.deps.db, reception.receptionId, this.deps.clock.now())).length > 0,
    };
  }

  /** A new one-time code for the reception (replacing its unused one) and the LINE address that sends it. */
  async newLink(reception: KeptReception): Promise<LineLink> {
    const channel = await this.deps.settings.channelOf(reception.pharmacyId);
    if (!channel) throw new NotFoundError(NOT_OFFERED);
    const now = this.deps.clock.now();
    const expiresAt = keptUntil(reception);
    if (reception.handedOverAt || expiresAt <= now) throw new ConflictError(NOTICES_OVER);
    const code = newCode();
    await repo.replaceCode(this.deps.db, {
      codeHash: hashLineCode(code),
      pharmacyId: reception.pharmacyId,
      receptionId: reception.receptionId,
      linkBase: await this.deps.linkOrigins.of(reception.pharmacyId),
      expiresAt,
      at: now,
    });
    return { url: lineLinkUrl(channel.basicId, code), expiresAt: expiresAt.toISOString() };
  }

  /** Queues the milestone's message to every LINE user linked to the reception, in `work`'s transaction. */
  async notify(work: Work, reception: NoticeReception, milestone: VisitorMilestone): Promise<void> {
    const now = this.deps.clock.now();
    const links = await repo.liveLinksOf(work.db, reception.receptionId, now);
    if (links.length === 0) return;
    const subject = { ...reception, pharmacyName: (await this.deps.pharmacies.get(reception.pharmacyId, work)).name };
    const today = businessDateOf(now);
    const text = await patientText(reception.patientLanguage);
    await this.queue(
      work,
      links.map((link) => ({
        lineUserId: link.line_user_id,
        text: lineNoticeText(text, milestone, subject, link.link_base, today),
      })),
      reception,
    );
  }

  /** The reception's pickup day moved: its codes and links live accordingly (not those kept for follow-ups). */
  async follow(work: Work, reception: KeptReception): Promise<void> {
    await repo.setExpiry(work.db, reception.receptionId, keptUntil(reception));
  }

  /** Handed over or deleted: its codes and links go, but those the patient consented to keep for follow-ups. */
  async forget(work: Work, receptionId: string): Promise<void> {
    await repo.deleteAllOf(work.db, receptionId);
  }

  /** With consent to follow-ups (docs/rules.md#continuity-of-care): the reception's LINE links outlive hand-over until `until` or `endCare`; how many. */
  async keepForCare(work: Work, receptionId: string, until: Date): Promise<number> {
    return repo.keepForCare(work.db, receptionId, until);
  }

  /** How many LINE users of the reception are kept for its care: with one, a follow-up or refill reminder can reach the patient on LINE alone. */
  async careLinks(db: Db, receptionId: string): Promise<number> {
    return repo.countCareLinks(db, receptionId, this.deps.clock.now());
  }

  /** The reception's last follow-up or reminder closed: the links kept for it go. */
  async endCare(work: Work, receptionId: string): Promise<void> {
    await repo.endCare(work.db, receptionId);
  }

  /** A follow-up is due: its questionnaire's address (`/web/follow-up/{token}`, absolute) to the reception's LINE users; how many. */
  async followUpDue(work: Work, target: CareTarget & { questionnaireUrl: string }): Promise<number> {
    return this.queueToLinks(work, target, (text, pharmacyName) =>
      followUpDueText(text, pharmacyName, target.questionnaireUrl),
    );
  }

  /** The next dispensing's window opens on `windowOpensOn`: the branch's web reception (absolute address); how many. */
  async refillReminder(
    work: Work,
    target: CareTarget & { windowOpensOn: string; receptionUrl: string },
  ): Promise<number> {
    return this.queueToLinks(work, target, (text, pharmacyName) =>
      refillReminderText(text, pharmacyName, target.windowOpensOn, target.receptionUrl),
    );
  }

  /** Deletes codes and links past their time, old webhook event ids and settled messages; the number deleted. */
  async sweep(): Promise<number> {
    const now = this.deps.clock.now();
    return repo.deleteExpired(
      this.deps.db,
      now,
      new Date(now.getTime() - 2 * REPLAY_WINDOW_MS),
      new Date(now.getTime() - SETTLED_KEPT_MS),
    );
  }

  private async queueToLinks(
    work: Work,
    target: CareTarget,
    write: (text: PatientText, pharmacyName: string) => string,
  ): Promise<number> {
    const links = await repo.liveLinksOf(work.db, target.receptionId, this.deps.clock.now());
    if (links.length === 0) return 0;
    const message = write(
      await patientText(target.patientLanguage),
      (await this.deps.pharmacies.get(target.pharmacyId, work)).name,
    );
    await this.queue(
      work,
      links.map((link) => ({ lineUserId: link.line_user_id, text: message })),
      target,
    );
    return links.length;
  }

  /** Queues messages about one reception (named with them: a patient's export finds them after hand-over). */
  private async queue(
    work: Work,
    messages: { lineUserId: string; text: string }[],
    { pharmacyId, receptionId }: { pharmacyId: string; receptionId: string },
  ): Promise<void> {
    const at = this.deps.clock.now();
    await repo.enqueue(
      work.db,
      messages.map((message) => ({
        id: randomUUID(),
        pharmacyId,
        receptionId,
        lineUserId: message.lineUserId,
        text: message.text,
        at,
      })),
    );
    work.afterCommit(() => this.deps.dispatcher.kick());
  }
}

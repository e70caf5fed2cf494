import { ECDH } from "node:crypto";
import { noticesKeptUntil } from "@pharmacy/contract/receptions/across-days";
import type { Answers } from "@pharmacy/contract/receptions/questions";
import type { Reception } from "@pharmacy/contract/receptions/receptions";
import { businessDateOf, endOfBusinessDate } from "@pharmacy/contract/calendar/business-calendar";
import {
  MAX_PUSH_SUBSCRIPTIONS_PER_RECEPTION,
  type PushSubscribed,
  type PushSubscriptionInput,
  type VisitorPush,
} from "@pharmacy/contract/visitor-notices/visitor-notices";
import type { PatientLanguage } from "@pharmacy/contract/shared/languages";
import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../../db/schema.js";
import type { Clock } from "../../lib/clock.js";
import { ConflictError, InvalidInputError } from "../../lib/errors.js";
import type { Work } from "../../live/unit-of-work.js";
import { patientText } from "../../i18n/patient-text.js";
import type { Mailer } from "../../mail/mailer.js";
import type { PharmacyService } from "../pharmacy/index.js";
import { visitorMail, visitorPush, type NoticeSubject, type VisitorMilestone } from "./messages.js";
import { isAllowedPushEndpoint, resolvesOnlyToPublic, type PushServiceAllowlist } from "./push-endpoint.js";
import { PushFailure, type PushOutcome, type PushSender, type PushTarget } from "./push-sender.js";
import * as repo from "./repository.js";

/** The reception a notice is about, as the receptions feature knows it. */
/**
 * A channel of the visitor's own linking (LINE): the feature sits above this one, so it
 * implements what is needed here and app.ts passes it in.
 */
export interface LinkedNoticeChannel {
  follow(work: Work, reception: KeptReception): Promise<void>;
  forget(work: Work, receptionId: string): Promise<void>;
  notify(work: Work, reception: NoticeReception, milestone: VisitorMilestone): Promise<void>;
  /** Links whose notices are over, deleted; how many. */
  sweep(): Promise<number>;
}

export interface NoticeReception {
  pharmacyId: string;
  receptionId: string;
  receptionNumber: number;
  partitionNumber: number;
  receptionDate: string;
  statusToken: string;
  /** What the notices are written in (docs/rules.md#every-patient). */
  patientLanguage: PatientLanguage;
}

/** What of a reception decides how long its notices live (docs/rules.md#across-days). */
export interface KeptReception {
  pharmacyId: string;
  receptionId: string;
  receptionDate: string;
  answers: Pick<Answers, "receiveMethod" | "returnDate">;
  handedOverAt?: string | null | undefined;
}

export interface VisitorNoticesDeps {
  db: Db;
  clock: Clock;
  pharmacies: PharmacyService;
  mailer: Mailer;
  push: PushSender;
  publicKey: string;
  /** Push services a subscription may name. */
  allowlist: PushServiceAllowlist;
  /** The LINE users linked to a reception hear the same milestones. */
  line: LinkedNoticeChannel;
  log: FastifyBaseLogger;
}

const NOTICES_OVER = "この受付の通知は終了しました。";
const TOO_MANY = `通知を受け取れる端末は${MAX_PUSH_SUBSCRIPTIONS_PER_RECEPTION}台までです。`;
const UNKNOWN_PUSH_SERVICE = "このブラウザの通知サービスには対応していません。";

/**
 * When a reception's subscriptions and address die unless it is handed over or deleted before: the end
 * of the last day `noticesKeptUntil` gives.
 */
export function keptUntil(reception: Pick<KeptReception, "receptionDate" | "answers">): Date {
  return endOfBusinessDate(noticesKeptUntil(reception));
}

function isP256Point(base64url: string): boolean {
  try {
    // decoding the point checks that it lies on the curve
    ECDH.convertKey(Buffer.from(base64url, "base64url"), "prime256v1", undefined, undefined, "compressed");
    return true;
  } catch {
    return false;
  }
}

/**
 * Tells the visitor of a web reception, by Web Push and by mail, when their medicine is ready, when
 * they are called and when staff ask for new photos. Sending starts after the staff change commits and
 * never holds or fails it: failures are logged (without endpoint, keys or address) and a subscription
 * the push service says is gone is deleted.
 */
export class VisitorNotices {
  /** The messages in flight, per reception: one reception's go out in the order they happened. */
  private readonly sending = new Map<string, Promise<void>>();

  constructor(private readonly deps: VisitorNoticesDeps) {}

  get publicKey(): string {
    return this.deps.publicKey;
  }

  /** A browser of the visitor's subscribes for the reception's messages, until it is handed over (docs/rules.md#across-days). */
  async subscribe(reception: KeptReception, input: PushSubscriptionInput): Promise<PushSubscribed> {
    const { allowlist } = this.deps;
    if (!isAllowedPushEndpoint(input.endpoint, allowlist))
      throw InvalidInputError.of(UNKNOWN_PUSH_SERVICE, ["endpoint"]);
    const url = new URL(input.endpoint);
    if (url.origin !== allowlist.testOrigin && !(await resolvesOnlyToPublic(url.hostname)))
      throw InvalidInputError.of(UNKNOWN_PUSH_SERVICE, ["endpoint"]);
    if (!isP256Point(input.keys.p256dh))
      throw InvalidInputError.of("通知の鍵（p256dh）の形式が正しくありません", ["keys", "p256dh"]);
    const now = this.deps.clock.now();
    const expiresAt = keptUntil(reception);
    if (reception.handedOverAt || expiresAt <= now) throw new ConflictError(NOTICES_OVER);
    await this.deps.db.transaction().execute(async (trx) => {
      await repo.lockSubscriptionsOf(trx, reception.receptionId);
      const renewing = await repo.hasSubscription(trx, reception.receptionId, input.endpoint);
      if (
        !renewing &&
        (await repo.countSubscriptions(trx, reception.receptionId)) >= MAX_PUSH_SUBSCRIPTIONS_PER_RECEPTION
      )
        throw new ConflictError(TOO_MANY);
      await repo.saveSubscription(trx, { ...reception, endpoint: input.endpoint, ...input.keys, expiresAt, at: now });
    });
    return { expiresAt: expiresAt.toISOString() };
  }

  /** The web form's optional address, kept with the new reception (same transaction) as long as its notices live. */
  async keepMailAddress(
    work: Work,
    reception: Pick<Reception, "id" | "receptionDate" | "answers">,
    email: string,
    linkBase: string,
    pharmacyId: string,
  ): Promise<void> {
    await repo.saveMailAddress(work.db, {
      pharmacyId,
      receptionId: reception.id,
      email,
      linkBase,
      expiresAt: keptUntil(reception),
      at: this.deps.clock.now(),
    });
  }

  /** The reception's pickup day moved (a return visit's date changed): its notices live accordingly. */
  async follow(work: Work, reception: KeptReception): Promise<void> {
    await repo.setExpiry(work.db, reception.receptionId, keptUntil(reception));
    await this.deps.line.follow(work, reception);
  }

  /** Handed over or deleted: its subscriptions and address are deleted with the change. */
  async forget(work: Work, receptionId: string): Promise<void> {
    await repo.deleteAllOf(work.db, receptionId);
    await this.deps.line.forget(work, receptionId);
  }

  /** Sends the milestone's messages once `work` commits (LINE's are queued in `work` itself: none is lost). */
  async notify(work: Work, reception: NoticeReception, milestone: VisitorMilestone): Promise<void> {
    await this.deps.line.notify(work, reception, milestone);
    work.afterCommit(() => {
      const { receptionId } = reception;
      const sending = (this.sending.get(receptionId) ?? Promise.resolve())
        .then(() => this.send(reception, milestone))
        .catch((error: unknown) => this.deps.log.error({ err: error }, "visitor notice failed"))
        .finally(() => {
          if (this.sending.get(receptionId) === sending) this.sending.delete(receptionId);
        });
      this.sending.set(receptionId, sending);
    });
  }

  /** Deletes what has outlived its reception's notices (docs/rules.md#across-days: 14 days after the pickup day); the number deleted. */
  async sweep(): Promise<number> {
    const { subscriptions, mailAddresses } = await repo.deleteExpired(this.deps.db, this.deps.clock.now());
    return subscriptions + mailAddresses + (await this.deps.line.sweep());
  }

  /** The reception's live push subscriptions, for a feature that keeps them past hand-over with the patient's consent (docs/rules.md#continuity-of-care). */
  async subscriptionsOf(receptionId: string): Promise<PushTarget[]> {
    const rows = await repo.liveSubscriptionsOf(this.deps.db, receptionId, this.deps.clock.now());
    return rows.map(({ endpoint, p256dh, auth }) => ({ endpoint, p256dh, auth }));
  }

  /** One push to a kept subscription: "gone" when the push service says so for good, "failed" (logged) otherwise. */
  async pushTo(target: PushTarget, push: VisitorPush, ttlSeconds: number): Promise<PushOutcome | "failed"> {
    try {
      return await this.deps.push.send(target, push, ttlSeconds);
    } catch (error) {
      if (!(error instanceof PushFailure)) throw error;
      this.deps.log.warn({ pushService: error.pushService, statusCode: error.statusCode }, "push not delivered");
      return "failed";
    }
  }

  /** A mail to a visitor the mail server refused (a milestone, a follow-up, a reminder): counted, never to whom. */
  async mailFailed(pharmacyId: string): Promise<void> {
    await repo.recordMailFailure(this.deps.db, pharmacyId, this.deps.clock.now());
  }

  /** How many visitors' mails each branch had refused since `since`, keyed by branch. */
  async mailFailureCountsByBranch(pharmacyIds: string[], since: Date): Promise<Map<string, number>> {
    if (pharmacyIds.length === 0) return new Map();
    const rows = await repo.countMailFailuresByBranch(this.deps.db, pharmacyIds, since);
    return new Map(rows.map((row) => [row.pharmacy_id, Number(row.failed)]));
  }

  /** Waits for the messages in flight (a stopping server lets them finish). */
  async drain(): Promise<void> {
    await Promise.all(this.sending.values());
  }

  private async send(reception: NoticeReception, milestone: VisitorMilestone): Promise<void> {
    const now = this.deps.clock.now();
    const [subscriptions, mail] = await Promise.all([
      repo.liveSubscriptionsOf(this.deps.db, reception.receptionId, now),
      repo.liveMailAddressOf(this.deps.db, reception.receptionId, now),
    ]);
    if (subscriptions.length === 0 && !mail) return;
    const [pharmacy, text] = await Promise.all([
      this.deps.pharmacies.get(reception.pharmacyId),
      patientText(reception.patientLanguage),
    ]);
    const subject: NoticeSubject = { ...reception, pharmacyName: pharmacy.name };
    const today = businessDateOf(now);
    const push = visitorPush(text, milestone, subject, today);
    await Promise.all([
      ...subscriptions.map(async (subscription) => {
        try {
          const outcome = await this.deps.push.send(
            subscription,
            push,
            (subscription.expires_at.getTime() - now.getTime()) / 1000,
          );
          if (outcome === "gone") await repo.deleteSubscription(this.deps.db, subscription.id);
        } catch (error) {
          if (!(error instanceof PushFailure)) throw error;
          this.deps.log.warn({ pushService: error.pushService, statusCode: error.statusCode }, "push not delivered");
        }
      }),
      mail &&
        this.deps.mailer
          .send(visitorMail(text, milestone, subject, mail.email, mail.link_base, today))
          .catch(async (error: unknown) => {
            // an SMTP error's text may quote the address: only its code is logged
            const { code, responseCode } = error as { code?: string; responseCode?: number };
            this.deps.log.warn({ code, responseCode }, "visitor mail not sent");
            await this.mailFailed(reception.pharmacyId);
          }),
    ]);
  }
}

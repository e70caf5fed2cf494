import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../../db/schema.js";
import type { Clock } from "../../lib/clock.js";
import type { LineApi } from "./line-api.js";
import * as repo from "./repository.js";
import { monthOf, type LineSettingsService } from "./settings-service.js";

/** How long a process holds the messages it took before another may take them (it died meanwhile). */
const LEASE_MS = 60_000;
const BATCH = 20;
/** Tries of one message before it is given up (with the waits below, about four hours of LINE failing). */
export const MAX_ATTEMPTS = 20;
const FIRST_WAIT_MS = 1000;
const LONGEST_WAIT_MS = 15 * 60_000;

/** 1 s, 2 s, 4 s … up to 15 min; LINE's Retry-After when it says more. */
export function retryWaitMs(attempt: number, retryAfterSeconds?: number): number {
  const backoff = Math.min(LONGEST_WAIT_MS, FIRST_WAIT_MS * 2 ** (attempt - 1));
  return Math.max(backoff, (retryAfterSeconds ?? 0) * 1000);
}

/**
 * Sends what waits in `line_outbox`: right after the change that queued it commits (`kick`), and every
 * `intervalMs` for the messages due another try. Each message carries its id as X-Line-Retry-Key, so a
 * try whose answer was lost and is made again is delivered once (LINE answers 409 to the repeat). One
 * LINE user's messages leave in the order they were queued: a later one waits for an earlier one. A
 * branch's monthly limit (its LINE plan) holds across processes: before its first try a message takes
 * a slot of the month's count in the database (`repo.claimSlot`, one conditional statement), and keeps
 * it through its retries; LINE's refusal gives it back.
 */
export class LineDispatcher {
  private running: Promise<void> | undefined;
  private again = false;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly api: LineApi,
    private readonly channels: LineSettingsService,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Starts a round now, or another right after the one running. */
  kick(): void {
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.rounds().finally(() => {
      this.running = undefined;
    });
  }

  /** Tries the due messages every `intervalMs`; the returned function stops it. */
  start(intervalMs: number): () => void {
    const timer = setInterval(() => this.kick(), intervalMs);
    timer.unref();
    return () => clearInterval(timer);
  }

  /** Waits for the round in progress (a stopping server lets it finish). */
  async drain(): Promise<void> {
    this.again = false;
    await this.running;
  }

  private async rounds(): Promise<void> {
    do {
      this.again = false;
      try {
        while (await this.round());
      } catch (error) {
        this.log.error({ err: error }, "LINE messages not sent; tried again on the next round");
      }
    } while (this.again);
  }

  /** One batch (one message per user at most); true when it took any, so the next of those users may be due. */
  private async round(): Promise<boolean> {
    const now = this.clock.now();
    const leased = await repo.leaseDue(this.db, now, new Date(now.getTime() + LEASE_MS), BATCH);
    for (const message of leased) await this.sendOne(message);
    return leased.length > 0;
  }

  private async sendOne(message: {
    id: string;
    pharmacy_id: string;
    line_user_id: string;
    text: string;
    attempts: number;
    counted_month: string | null;
  }): Promise<void> {
    const channel = await this.channels.channelOf(message.pharmacy_id, this.db);
    const now = this.clock.now();
    if (!channel) {
      await repo.settle(this.db, message.id, "refused", now, true);
      return;
    }
    if (
      message.counted_month === null &&
      !(await repo.claimSlot(this.db, message.id, monthOf(now), channel.monthlyLimit))
    ) {
      this.log.warn(
        { pharmacyId: channel.pharmacyId, monthlyLimit: channel.monthlyLimit },
        "LINE message not sent: the branch's monthly limit is reached",
      );
      await repo.settle(this.db, message.id, "over_quota", now);
      return;
    }
    const outcome = await this.api.push(channel.accessToken, message.line_user_id, message.text, message.id);
    const after = this.clock.now();
    switch (outcome.kind) {
      case "sent":
        await repo.settle(this.db, message.id, "sent", after);
        return;
      case "over_quota":
        this.log.warn(
          { pharmacyId: channel.pharmacyId },
          "LINE refused a message: the account's monthly limit is reached",
        );
        await repo.settle(this.db, message.id, "over_quota", after, true);
        return;
      case "refused":
        this.log.warn({ pharmacyId: channel.pharmacyId, status: outcome.status }, "LINE refused a message");
        await repo.settle(this.db, message.id, "refused", after, true);
        return;
      case "retry": {
        const attempt = message.attempts + 1;
        if (attempt >= MAX_ATTEMPTS) {
          // its slot is kept: a try left without an answer may have been delivered
          this.log.error(
            { pharmacyId: channel.pharmacyId, status: outcome.status, attempts: attempt },
            "LINE message given up after repeated failures",
          );
          await repo.settle(this.db, message.id, "refused", after);
          return;
        }
        const retryAt = new Date(after.getTime() + retryWaitMs(attempt, outcome.afterSeconds));
        this.log.warn(
          { pharmacyId: channel.pharmacyId, status: outcome.status, attempt },
          "LINE message to be tried again",
        );
        await repo.retryLater(this.db, message.id, retryAt);
        return;
      }
    }
  }
}

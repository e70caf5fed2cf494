import type { Kysely } from "kysely";
import { ErrorCode, TOO_MANY_ATTEMPTS_MESSAGE } from "@pharmacy/contract/errors";
import type { Database } from "../../db/schema.js";
import type { Clock } from "../../lib/clock.js";
import { AppError } from "../../lib/errors.js";
import { clearThrottle, findThrottles, saveThrottle } from "./repository.js";

/** Failures after which a key is locked: an account is one person; an address may be a whole pharmacy. */
const ACCOUNT_THRESHOLD = 5;
const IP_THRESHOLD = 20;
const FIRST_LOCK_MS = 1_000;
const MAX_LOCK_MS = 15 * 60_000;
/** Failures older than this are forgotten. */
const FAILURE_MEMORY_MS = 15 * 60_000;

export const accountKey = (email: string) => `account:${email}`;
export const ipKey = (ip: string) => `ip:${ip}`;

/** Lock duration after `failures` failures: none below the threshold, then 1 s doubling up to 15 min (as Cognito). */
export function lockDurationMs(failures: number, threshold: number): number {
  if (failures < threshold) return 0;
  return Math.min(MAX_LOCK_MS, FIRST_LOCK_MS * 2 ** (failures - threshold));
}

export class AuthThrottle {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly clock: Clock,
  ) {}

  async assertOpen(keys: string[]): Promise<void> {
    const now = this.clock.now();
    const rows = await findThrottles(this.db, keys);
    if (rows.some((row) => row.locked_until && row.locked_until > now)) {
      throw new AppError(429, TOO_MANY_ATTEMPTS_MESSAGE, ErrorCode.Generic);
    }
  }

  async recordFailure(keys: string[]): Promise<void> {
    const now = this.clock.now();
    const rows = new Map((await findThrottles(this.db, keys)).map((row) => [row.key, row]));
    for (const key of keys) {
      const previous = rows.get(key);
      const fresh = previous && now.getTime() - previous.updated_at.getTime() < FAILURE_MEMORY_MS;
      const failures = (fresh ? previous.failures : 0) + 1;
      const lockMs = lockDurationMs(failures, key.startsWith("ip:") ? IP_THRESHOLD : ACCOUNT_THRESHOLD);
      await saveThrottle(this.db, {
        key,
        failures,
        lockedUntil: lockMs ? new Date(now.getTime() + lockMs) : null,
        now,
      });
    }
  }

  async clear(key: string): Promise<void> {
    await clearThrottle(this.db, key);
  }
}

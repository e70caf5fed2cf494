import type { Kysely } from "kysely";
import type { Database } from "../../db/schema.js";
import type { Clock } from "../../lib/clock.js";
import { TooManyAttemptsError } from "../../lib/errors.js";
import type { ThrottleKey } from "./lockout-policy.js";
import { claimThrottleAttempt, clearThrottle, forgiveThrottleAttempt, lockedUntilOf } from "./repository.js";

/**
 * Every attempt is counted before it is checked, in one statement per key that also refuses a locked
 * key, so a burst of concurrent attempts cannot all pass before the first failure is written. A
 * successful attempt then gives its count back.
 */
export class AuthThrottle {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly clock: Clock,
  ) {}

  /** `lockedMessage` words a refusal from the lock's end (by default "HH:MM以降に…"). */
  async claim(keys: ThrottleKey[], lockedMessage?: (until: Date) => string): Promise<void> {
    const now = this.clock.now();
    for (const key of keys) {
      if (await claimThrottleAttempt(this.db, key, now)) continue;
      const until = (await lockedUntilOf(this.db, key.key)) ?? new Date(now.getTime() + key.firstLockMs);
      throw new TooManyAttemptsError(until, now, lockedMessage);
    }
  }

  /** The attempt succeeded: an account's failures are forgotten, an address's count loses this attempt. */
  async succeeded(cleared: ThrottleKey[], forgiven: ThrottleKey[]): Promise<void> {
    for (const key of cleared) await clearThrottle(this.db, key.key);
    for (const key of forgiven) await forgiveThrottleAttempt(this.db, key);
  }
}

/** Failures after which a key is locked: an account is one person; an address may be a whole pharmacy. */
const ACCOUNT_THRESHOLD = 5;
const IP_THRESHOLD = 20;
const FIRST_LOCK_MS = 1_000;
const MAX_LOCK_MS = 15 * 60_000;
/** Failures older than this are forgotten. */
const FAILURE_MEMORY_MS = 15 * 60_000;

export interface ThrottleKey {
  key: string;
  threshold: number;
  /** The first lock, doubling with each further failure up to `maxLockMs`. */
  firstLockMs: number;
  maxLockMs: number;
  /** Failures older than this are forgotten. */
  memoryMs: number;
}

const passwordLike = (key: string, threshold: number): ThrottleKey => ({
  key,
  threshold,
  firstLockMs: FIRST_LOCK_MS,
  maxLockMs: MAX_LOCK_MS,
  memoryMs: FAILURE_MEMORY_MS,
});

export const accountKey = (email: string): ThrottleKey => passwordLike(`account:${email}`, ACCOUNT_THRESHOLD);
export const ipKey = (ip: string): ThrottleKey => passwordLike(`ip:${ip}`, IP_THRESHOLD);
/** One account from an address it has signed in from before: locked on its own, so others cannot lock it. */
export const knownAddressKey = (email: string, ip: string): ThrottleKey =>
  passwordLike(`known:${email}|${ip}`, ACCOUNT_THRESHOLD);
/** A signed-in person's codes to turn two-factor sign-in on or off: guessing them is locked like a password. */
export const mfaKey = (userId: string): ThrottleKey => passwordLike(`mfa:${userId}`, ACCOUNT_THRESHOLD);

/**
 * A person's second factor at sign-in (codes and recovery codes), across every mfaToken: a new sign-in
 * gives a new token, so only this count limits guessing (NIST SP 800-63B §5.2.2). Ten wrong codes lock
 * it for a minute, doubling with each further one up to a day; only a right code forgets them (a month
 * of quiet too, longer than any lock, so waiting a lock out never starts the count again). At most
 * about 20 guesses the first day and one a day after that: three valid codes in a million each time.
 */
export const secondFactorKey = (userId: string): ThrottleKey => ({
  key: `second-factor:${userId}`,
  threshold: 10,
  firstLockMs: 60_000,
  maxLockMs: 24 * 60 * 60_000,
  memoryMs: 30 * 24 * 60 * 60_000,
});

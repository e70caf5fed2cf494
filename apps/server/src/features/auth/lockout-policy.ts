/** Failures after which a key is locked: an account is one person; an address may be a whole pharmacy. */
const ACCOUNT_THRESHOLD = 5;
const IP_THRESHOLD = 20;
export const FIRST_LOCK_MS = 1_000;
export const MAX_LOCK_MS = 15 * 60_000;
/** Failures older than this are forgotten. */
export const FAILURE_MEMORY_MS = 15 * 60_000;

export interface ThrottleKey {
  key: string;
  threshold: number;
}

export const accountKey = (email: string): ThrottleKey => ({ key: `account:${email}`, threshold: ACCOUNT_THRESHOLD });
export const ipKey = (ip: string): ThrottleKey => ({ key: `ip:${ip}`, threshold: IP_THRESHOLD });
/** One account from an address it has signed in from before: locked on its own, so others cannot lock it. */
export const knownAddressKey = (email: string, ip: string): ThrottleKey => ({
  key: `known:${email}|${ip}`,
  threshold: ACCOUNT_THRESHOLD,
});
/** A signed-in person's codes to turn two-factor sign-in on or off: guessing them is locked like a password. */
export const mfaKey = (userId: string): ThrottleKey => ({ key: `mfa:${userId}`, threshold: ACCOUNT_THRESHOLD });

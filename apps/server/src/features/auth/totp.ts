import { randomInt } from "node:crypto";
import { Secret, TOTP } from "otpauth";
import { MFA_ISSUER } from "@pharmacy/contract/auth/mfa";

const PERIOD_SECONDS = 30;
/** A code of the step before or after is still accepted: phones' clocks drift and people type slowly. */
const WINDOW_STEPS = 1;
/** Read off paper: no 0/o, 1/l/i that look alike. */
const RECOVERY_ALPHABET = "23456789abcdefghjkmnpqrstuvwxyz";

function totpOf(secret: string, email = ""): TOTP {
  return new TOTP({
    issuer: MFA_ISSUER,
    label: email,
    secret: Secret.fromBase32(secret),
    algorithm: "SHA1",
    digits: 6,
    period: PERIOD_SECONDS,
  });
}

/** 160 random bits (RFC 4226's recommended length), in base32 as authenticator apps take it. */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

export function otpauthUriOf(secret: string, email: string): string {
  return totpOf(secret, email).toString();
}

/** The time step the code belongs to, or undefined when it fits none near `now`. */
export function totpStepOf(secret: string, code: string, now: Date): number | undefined {
  const timestamp = now.getTime();
  const delta = totpOf(secret).validate({ token: code, timestamp, window: WINDOW_STEPS });
  if (delta === null) return undefined;
  return Math.floor(timestamp / 1000 / PERIOD_SECONDS) + delta;
}

/** xxxxx-xxxxx from 31 letters and digits: about 49 bits, each used once. */
export function newRecoveryCode(): string {
  const part = () => Array.from({ length: 5 }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]).join("");
  return `${part()}-${part()}`;
}

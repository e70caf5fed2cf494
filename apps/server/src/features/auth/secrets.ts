import { createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from "node:crypto";

export function newConfirmationCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, "0");
}

/** Keyed, so a leaked table does not reveal codes by trying all million of them. */
export function hashConfirmationCode(key: string, userId: string, purpose: string, code: string): string {
  return createHmac("sha256", key).update(`${userId}:${purpose}:${code}`).digest("hex");
}

export function confirmationCodeMatches(storedHash: string, candidateHash: string): boolean {
  const stored = Buffer.from(storedHash, "hex");
  const candidate = Buffer.from(candidateHash, "hex");
  return stored.length === candidate.length && timingSafeEqual(stored, candidate);
}

/** 256 random bits: only its hash is stored. */
export function newRefreshToken(): string {
  return randomBytes(32).toString("base64url");
}

export function hashRefreshToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

import { randomBytes } from "node:crypto";

const SLUG_ALPHABET = "abcdefghijkmnpqrstuvwxyz23456789";

/** A public link segment without look-alike characters (l, o, 0, 1). */
export function newPublicSlug(length = 10): string {
  return Array.from(randomBytes(length), (byte) => SLUG_ALPHABET[byte % SLUG_ALPHABET.length]).join("");
}

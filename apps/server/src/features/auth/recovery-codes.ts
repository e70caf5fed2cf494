import { hash, verify } from "@node-rs/argon2";
import { confirmationCodeMatches } from "./secrets.js";

// argon2id (the library's default); OWASP's 7 MiB × 5 passes: a code has ~49 bits, so an offline guess
// of a leaked table stays out of reach, and checking a sign-in's try against ten codes stays cheap.
const OPTIONS = { memoryCost: 7_168, timeCost: 5, parallelism: 1 };

/** Keyed by nothing but the code itself, so a new JWT secret (a restore onto a new machine) keeps them valid. */
export function hashRecoveryCode(code: string): Promise<string> {
  return hash(code, OPTIONS);
}

/**
 * Which stored hash the code is, if any. Hashes made before argon2id (HMAC keyed with the JWT secret,
 * `legacyHash`) still match while that secret is the same.
 */
export async function matchingRecoveryHash(
  storedHashes: string[],
  code: string,
  legacyHash: string,
): Promise<string | undefined> {
  const matches = await Promise.all(
    storedHashes.map((stored) =>
      stored.startsWith("$argon2")
        ? verify(stored, code)
        : Promise.resolve(confirmationCodeMatches(stored, legacyHash)),
    ),
  );
  return storedHashes[matches.indexOf(true)];
}

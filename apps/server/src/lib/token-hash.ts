import { createHash } from "node:crypto";

/**
 * How a link token is stored to be looked up: sha256, base64url. A migration computes the same in SQL
 * (`025_status_token_hash.sql`), so the two must stay equal.
 */
export function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("base64url");
}

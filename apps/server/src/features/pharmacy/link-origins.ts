import type { FastifyRequest } from "fastify";
import type { Db } from "../../db/schema.js";
import { isLoopbackAddress } from "@pharmacy/contract/pharmacy/pharmacy";
import { findLinkOrigin, replaceLinkOrigin } from "./repository.js";

/** A function of a string with its last answers kept (at most `size`): every signed-in call asks again. */
function remembered<T>(compute: (input: string) => T, size = 64): (input: string) => T {
  const answers = new Map<string, T>();
  return (input) => {
    if (answers.has(input)) return answers.get(input) as T;
    const answer = compute(input);
    if (answers.size >= size) answers.clear();
    answers.set(input, answer);
    return answer;
  };
}

const originOf = remembered((address) => {
  try {
    return new URL(address).origin;
  } catch {
    return undefined;
  }
});

const isLoopback = remembered(isLoopbackAddress);

/** The origin a request says it was made to (Host, or X-Forwarded-Host from a trusted proxy); undefined when malformed. */
export function requestOrigin(request: FastifyRequest): string | undefined {
  return originOf(`${request.protocol}://${request.host}`);
}

/**
 * Where a branch's links point (mails, invitations, the public link and its QR code): PUBLIC_BASE_URL,
 * else the origin its staff app was first opened on by a signed-in person, kept in the database once
 * per branch. A loopback one (the counter PC's own localhost) gives way once to the first other
 * address, since no phone can open it. A request's Host is never used as such: a visitor (or anyone
 * without the branch's sign-in) could name any site.
 */
export class LinkOrigins {
  /** What each branch has recorded, as this process last saw it. */
  private readonly known = new Map<string, string>();

  constructor(
    private readonly db: Db,
    private readonly configured: string | undefined,
  ) {}

  /** Records the origin of a signed-in person's request when the branch has none yet; the branch's link base. */
  async note(pharmacyId: string, origin: string | undefined): Promise<string | undefined> {
    const settled = this.settled(pharmacyId, () => origin);
    if (settled !== undefined) return settled;
    const stored = await this.stored(pharmacyId);
    if (origin === undefined || (stored !== undefined && (!isLoopback(stored) || isLoopback(origin))))
      return this.remember(pharmacyId, stored);
    // of two processes recording at once, the one whose update finds the old value wins
    const updated = await replaceLinkOrigin(this.db, pharmacyId, stored, origin);
    return this.remember(pharmacyId, updated ? origin : await this.stored(pharmacyId));
  }

  /**
   * The branch's link base when `note` would change nothing and read nothing (almost every call);
   * undefined otherwise. The request's origin is asked for only when a loopback one is on record.
   */
  settled(pharmacyId: string, origin: () => string | undefined): string | undefined {
    if (this.configured) return this.configured;
    const known = this.known.get(pharmacyId);
    if (known === undefined || !isLoopback(known)) return known;
    const current = origin();
    return current === undefined || isLoopback(current) ? known : undefined;
  }

  /** The branch's link base for a call without a signed-in person (a visitor's); undefined when none is known. */
  async of(pharmacyId: string): Promise<string | undefined> {
    if (this.configured) return this.configured;
    return this.known.get(pharmacyId) ?? this.remember(pharmacyId, await this.stored(pharmacyId));
  }

  private stored(pharmacyId: string): Promise<string | undefined> {
    return findLinkOrigin(this.db, pharmacyId);
  }

  private remember(pharmacyId: string, origin: string | undefined): string | undefined {
    if (origin !== undefined) this.known.set(pharmacyId, origin);
    return origin;
  }
}

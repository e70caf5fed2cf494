import type { z } from "zod";

/** Small seeded PRNG (mulberry32) so a failing body can be reproduced from the seed. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const WRONG_VALUES: unknown[] = [
  null, 0, -1, 1.5, 1e308, true, false, [], [1], {}, { $gt: "" }, "", " ", "x".repeat(5000),
  "not-an-email", "a@", "@b.jp", "12345", "1234567", "abcdef", "<script>alert(1)</script>", "' or 1=1 --", "\u0000", "😀".repeat(300),
];
const WHOLE_BODIES = ["null", "[]", "42", '"text"', "true", "{", '{"email":', "{'a':1}", "\u0000\u0001", "[{}]", '{"__proto__":{"x":1}}'];

/**
 * `count` request bodies (as raw JSON text) derived from a valid one by breaking it: a field dropped,
 * given a wrong type or value, an unknown field added, or the whole body replaced by non-objects and
 * broken JSON. Every candidate is checked against the schema, so each one really is invalid.
 */
export function badBodies(valid: Record<string, unknown>, schema: z.ZodType, count: number, seed = 1): string[] {
  const random = seededRandom(seed);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
  const keys = Object.keys(valid);
  const bodies: string[] = [];
  while (bodies.length < count) {
    const kind = random();
    let text: string;
    if (kind < 0.15) {
      text = pick(WHOLE_BODIES);
    } else {
      const body: Record<string, unknown> = { ...valid };
      const mutations = 1 + Math.floor(random() * 2);
      for (let i = 0; i < mutations; i++) {
        const action = random();
        const key = pick(keys);
        if (action < 0.25) delete body[key];
        else if (action < 0.85) body[key] = pick(WRONG_VALUES);
        else body[`extra${Math.floor(random() * 100)}`] = pick(WRONG_VALUES);
      }
      text = JSON.stringify(body);
    }
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      bodies.push(text);
      continue;
    }
    if (!schema.safeParse(parsed).success) bodies.push(text);
  }
  return bodies;
}

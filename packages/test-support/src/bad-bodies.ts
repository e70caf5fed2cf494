import fc from "fast-check";
import type { z } from "zod";

/** Values that break a field in the ways clients do: wrong types, limits, injections, unstorable text. */
const WRONG_VALUES: unknown[] = [
  null,
  0,
  -1,
  1.5,
  1e308,
  true,
  false,
  [],
  [1],
  {},
  { $gt: "" },
  "",
  " ",
  "x".repeat(5000),
  "not-an-email",
  "a@",
  "@b.jp",
  "12345",
  "1234567",
  "abcdef",
  "<script>alert(1)</script>",
  "' or 1=1 --",
  "\u0000",
  "a\u0000b",
  "\uD800",
  "x\uDFFF",
  "😀".repeat(300),
  "%00",
  "../../etc/passwd",
  "__proto__",
];
const WHOLE_BODIES = [
  "null",
  "[]",
  "42",
  '"text"',
  "true",
  "{",
  '{"email":',
  "{'a':1}",
  "\u0000\u0001",
  "[{}]",
  '{"__proto__":{"x":1}}',
  '{"constructor":{"prototype":{"x":1}}}',
];

/** Any string at all, lone surrogates and NUL included, mixed with the values known to break things. */
export const anyText = fc.oneof(
  fc.string({ unit: "binary", maxLength: 40 }),
  fc.constantFrom(...WRONG_VALUES.filter((value): value is string => typeof value === "string")),
);

const wrongValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...WRONG_VALUES) },
  { weight: 2, arbitrary: anyText },
  { weight: 1, arbitrary: fc.oneof(fc.integer(), fc.double(), fc.boolean(), fc.constant(null)) },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 2 }) },
);

type Mutation =
  | { kind: "drop"; key: string }
  | { kind: "set"; key: string; value: unknown }
  | { kind: "nested"; path: string[]; value: unknown };

function keyPaths(value: unknown, prefix: string[] = [], depth = 0): string[][] {
  if (depth > 3 || value === null || typeof value !== "object") return [];
  return Object.entries(value).flatMap(([key, child]) => [
    [...prefix, key],
    ...keyPaths(child, [...prefix, key], depth + 1),
  ]);
}

function withMutation(body: unknown, mutation: Mutation): unknown {
  const copy = structuredClone(body) as Record<string, unknown>;
  if (mutation.kind === "drop") delete copy[mutation.key];
  else if (mutation.kind === "set") copy[mutation.key] = mutation.value;
  else {
    let target: unknown = copy;
    for (const key of mutation.path.slice(0, -1)) target = (target as Record<string, unknown> | null)?.[key];
    // an earlier mutation may have replaced a parent: then this one has nothing to change
    if (target !== null && typeof target === "object")
      (target as Record<string, unknown>)[mutation.path.at(-1)!] = mutation.value;
  }
  return copy;
}

/**
 * Request bodies (as raw JSON text) derived from a valid one by breaking it: a field dropped, a field
 * or a nested value given a wrong type or value, an unknown field added, or the whole body replaced by
 * a non-object or broken JSON. Every candidate is checked against the contract's schema, so each one
 * really is invalid.
 */
export function badBody(valid: unknown, schema: z.ZodType): fc.Arbitrary<string> {
  const keys = Object.keys(valid as object);
  const paths = keyPaths(valid);
  const mutation: fc.Arbitrary<Mutation> = fc.oneof(
    fc.record({ kind: fc.constant("drop" as const), key: fc.constantFrom(...keys) }),
    fc.record({ kind: fc.constant("set" as const), key: fc.constantFrom(...keys), value: wrongValue }),
    fc.record({ kind: fc.constant("set" as const), key: anyText, value: wrongValue }),
    ...(paths.length > 0
      ? [fc.record({ kind: fc.constant("nested" as const), path: fc.constantFrom(...paths), value: wrongValue })]
      : []),
  );
  const mutated = fc
    .array(mutation, { minLength: 1, maxLength: 3 })
    .map((mutations) => JSON.stringify(mutations.reduce(withMutation, valid)));
  return fc
    .oneof({ weight: 1, arbitrary: fc.constantFrom(...WHOLE_BODIES) }, { weight: 6, arbitrary: mutated })
    .filter((text) => {
      try {
        return !schema.safeParse(JSON.parse(text)).success;
      } catch {
        return true;
      }
    });
}

/** A path segment as sent: mostly escaped random text, sometimes raw (bad %-escapes, dots, slashes). */
export const badPathSegment: fc.Arbitrary<string> = fc.oneof(
  anyText.map((text) => {
    try {
      return encodeURIComponent(text);
    } catch {
      return "%ED%A0%80"; // a lone surrogate, as UTF-8 bytes
    }
  }),
  fc.constantFrom("%", "%zz", "%E0%A4%A", "..", "%2e%2e", "%2F", "%00", "x".repeat(2000), "", "null", "0", "-1"),
  fc.uuid({ version: 4 }),
);

/** A query string of random keys and values, some repeated, some raw. */
export const badQuery: fc.Arbitrary<string> = fc.oneof(
  fc
    .array(
      fc.tuple(fc.oneof(anyText, fc.constantFrom("date", "status", "channel", "page", "pageSize", "answers")), anyText),
      { minLength: 1, maxLength: 4 },
    )
    .map((pairs) =>
      pairs
        .map(([key, value]) => {
          try {
            return `${encodeURIComponent(key)}=${encodeURIComponent(value)}`;
          } catch {
            return "a=%ED%A0%80";
          }
        })
        .join("&"),
    ),
  fc.constantFrom(
    "%",
    "a=%zz",
    "page=1e9",
    "pageSize=-1",
    "date=2026-02-30",
    "a[b]=1",
    "__proto__[x]=1",
    "answers=:",
    "&&&",
  ),
);

import fc from "fast-check";

/** Addresses a push must never reach: the server itself, its network, the cloud's metadata service. */
const INSIDE = [
  "127.0.0.1",
  "localhost",
  "[::1]",
  "169.254.169.254",
  "10.0.0.1",
  "192.168.1.1",
  "[fd00::1]",
  "2130706433",
  "0x7f.1",
  "127.1",
  "internal",
];

/**
 * Push subscription endpoints that try to pass an allowlist of `*.{suffix}` while being requested
 * elsewhere: parser differences (`;`, `\`, `%2f`, tabs), user info, other ports and schemes, trailing
 * dots, full-width dots, the allowed name as a prefix. Every one must be refused.
 */
export function hostilePushEndpoints(suffix: string): fc.Arbitrary<string> {
  const inside = fc.constantFrom(...INSIDE);
  const path = fc.constantFrom("/", "/3/device/abc", "/send/x?y=1", "");
  const port = fc.oneof(
    fc.constantFrom(0, 22, 80, 5432, 8443, 65535),
    fc.integer({ min: 1, max: 65535 }).filter((n) => n !== 443),
  );
  const tricks: fc.Arbitrary<string>[] = [
    fc
      .tuple(inside, fc.constantFrom(";", "\\", "%3b", "#", "?", "\t", "%2f", "\\\\", ";x"))
      .map(([host, sep]) => `https://${host}${sep}.${suffix}`),
    fc
      .tuple(inside, fc.constantFrom("@", ":443@", "%2f@", "\\@", "\t@", ":pw@"))
      .map(([host, sep]) => `https://a.${suffix}${sep}${host}`),
    port.map((n) => `https://a.${suffix}:${n}`),
    fc.constantFrom("http", "wss", "ftp", "file", "javascript", "HTTPS ").map((scheme) => `${scheme}://a.${suffix}`),
    fc
      .constantFrom(
        `a.${suffix}.`,
        `a.${suffix}..`,
        `a。${suffix}`,
        `a.${suffix}.evil.example`,
        `evil${suffix}`,
        `-a.${suffix}`,
        `a_b.${suffix}`,
        `${"a".repeat(64)}.${suffix}`,
      )
      .map((host) => `https://${host}`),
    inside.map((host) => `https://${suffix}.${host}`),
    inside.map((host) => `https://user@${host}`),
  ];
  return fc.tuple(fc.oneof(...tricks), path).map(([origin, rest]) => `${origin}${rest}`);
}

/** `count` of them, the same for the same seed. */
export function sampleHostilePushEndpoints(suffix: string, count: number, seed: number): string[] {
  return fc.sample(hostilePushEndpoints(suffix), { numRuns: count, seed });
}

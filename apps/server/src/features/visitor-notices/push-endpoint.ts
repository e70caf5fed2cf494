import { lookup, type LookupAddress, type LookupAllOptions } from "node:dns";
import { BlockList, isIP } from "node:net";
import { parse as legacyParse } from "node:url";

/** Where pushes may go: the push services' hosts ("*.example.com" for its subdomains), and in tests only one local origin. */
export interface PushServiceAllowlist {
  hosts: readonly string[];
  /** PUSH_SERVICE_TEST_ORIGIN: a local stand-in (any port, loopback) for tests; unset in production. */
  testOrigin: string | undefined;
}

const DNS_LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;

function hostAllowed(host: string, patterns: readonly string[]): boolean {
  return patterns.some((pattern) =>
    pattern.startsWith("*.") ? host.endsWith(pattern.slice(1)) && host.length > pattern.length - 1 : host === pattern,
  );
}

/**
 * Whether a subscription's endpoint is a push service of the list, read as it will be requested: the
 * WHATWG URL and the legacy parser that web-push requests with must name the same host, which must be
 * a plain DNS name (no IP literal, no `;` or `\` that the two read differently), https on port 443,
 * without user name or password.
 */
export function isAllowedPushEndpoint(endpoint: string, allowlist: PushServiceAllowlist): boolean {
  // what a browser gives is printable ASCII; tabs, spaces and backslashes are read differently by parsers
  if (!/^[\x21-\x5b\x5d-\x7e]+$/.test(endpoint)) return false;
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.protocol !== "https:" || url.username !== "" || url.password !== "") return false;
  const requested = legacyParse(url.href);
  if (requested.hostname !== url.hostname || (requested.port ?? "") !== url.port) return false;
  if (allowlist.testOrigin !== undefined && url.origin === allowlist.testOrigin) return true;
  const labels = url.hostname.split(".");
  if (
    url.port !== "" ||
    isIP(url.hostname) !== 0 ||
    !labels.every((label) => DNS_LABEL.test(label)) ||
    /^\d+$/.test(labels.at(-1)!)
  )
    return false;
  return hostAllowed(url.hostname, allowlist.hosts);
}

/** Addresses no push service lives at: loopback, private, link-local, shared, documentation, multicast, reserved. */
const NOT_PUBLIC_V4 = new BlockList();
// separate lists: a BlockList checks IPv4 addresses against IPv6 rules too (as ::ffff:a.b.c.d)
const NOT_PUBLIC_V6 = new BlockList();
for (const [network, prefix] of [
  ["0.0.0.0", 8],
  ["10.0.0.0", 8],
  ["100.64.0.0", 10],
  ["127.0.0.0", 8],
  ["169.254.0.0", 16],
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.0.2.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["198.51.100.0", 24],
  ["203.0.113.0", 24],
  ["224.0.0.0", 3],
] as const)
  NOT_PUBLIC_V4.addSubnet(network, prefix, "ipv4");
for (const [network, prefix] of [
  ["::", 127],
  ["::ffff:0:0", 96],
  ["64:ff9b::", 96],
  ["100::", 64],
  ["2001::", 23],
  ["2001:db8::", 32],
  ["fc00::", 7],
  ["fe80::", 10],
  ["ff00::", 8],
] as const)
  NOT_PUBLIC_V6.addSubnet(network, prefix, "ipv6");

export function isPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return !NOT_PUBLIC_V4.check(address, "ipv4");
  return family === 6 && !NOT_PUBLIC_V6.check(address, "ipv6");
}

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/**
 * The DNS lookup of the push requests' agent: a host that resolves to any address that is not public
 * is refused when the connection is made, so a name that changes its answer after the subscription
 * was checked (DNS rebinding) reaches nothing inside either.
 */
export function publicAddressLookup(
  hostname: string,
  options: { all?: boolean; family?: number | string },
  callback: LookupCallback,
): void {
  const all: LookupAllOptions = {
    all: true,
    ...(typeof options.family === "number" && options.family !== 0 && { family: options.family }),
  };
  lookup(hostname, all, (error, addresses) => {
    if (error) return callback(error, []);
    if (addresses.length === 0 || !addresses.every((entry) => isPublicAddress(entry.address))) {
      return callback(
        Object.assign(new Error(`push service ${hostname} resolves to an address that is not public`), {
          code: "ENOTPUBLIC",
        }),
        [],
      );
    }
    if (options.all) return callback(null, addresses);
    callback(null, addresses[0]!.address, addresses[0]!.family);
  });
}

/** The subscription-time check: a name that resolves now to an address that is not public is refused (one that does not resolve is left to the send, which checks again). */
export async function resolvesOnlyToPublic(hostname: string): Promise<boolean> {
  return new Promise((resolve) =>
    publicAddressLookup(hostname, { all: true }, (error) =>
      resolve((error as { code?: string } | null)?.code !== "ENOTPUBLIC"),
    ),
  );
}

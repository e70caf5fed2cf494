import { isIP } from "node:net";

/**
 * How much of the address space a list of trusted proxies covers, all ranges together: many narrow
 * ranges (256 /8s) trust every client as surely as 0.0.0.0/0 does. IPv4 is counted as IPv6's
 * IPv4-mapped block (::ffff:0:0/96), as proxy-addr matches it: `::/80` trusts every IPv4 client.
 */
const MOST_IPV4_ADDRESSES = 2n ** 24n; // a /8
const MOST_IPV6_ADDRESSES = 2n ** 112n; // a /16

const IPV4_MAPPED_START = 0xffffn << 32n;
const IPV4_MAPPED_END = IPV4_MAPPED_START + 2n ** 32n;

interface Span {
  start: bigint;
  /** Exclusive. */
  end: bigint;
}

function ipv4Value(address: string): bigint {
  return address.split(".").reduce((value, part) => (value << 8n) | BigInt(Number(part)), 0n);
}

function ipv6Value(address: string): bigint {
  const [head = "", tail] = (address.split("%")[0] ?? "").split("::");
  const groupsOf = (part: string) =>
    part === ""
      ? []
      : part.split(":").flatMap((group) => {
          if (!group.includes(".")) return [BigInt(`0x${group}`)];
          const v4 = ipv4Value(group);
          return [v4 >> 16n, v4 & 0xffffn];
        });
  const left = groupsOf(head);
  const right = tail === undefined ? [] : groupsOf(tail);
  const groups = [...left, ...Array<bigint>(8 - left.length - right.length).fill(0n), ...right];
  return groups.reduce((value, group) => (value << 16n) | group, 0n);
}

/** An address or CIDR range as a span of the IPv6 space, or undefined when it is not one. */
function spanOf(entry: string): Span | undefined {
  const [address = "", prefix, ...rest] = entry.split("/");
  const family = isIP(address);
  if (family === 0 || rest.length > 0 || (prefix !== undefined && !/^\d{1,3}$/.test(prefix))) return undefined;
  const bits = (prefix === undefined ? (family === 4 ? 32 : 128) : Number(prefix)) + (family === 4 ? 96 : 0);
  if (bits > 128) return undefined;
  const value = family === 4 ? IPV4_MAPPED_START | ipv4Value(address) : ipv6Value(address);
  const size = 2n ** BigInt(128 - bits);
  const start = value - (value % size);
  return { start, end: start + size };
}

/** Addresses the spans cover together, IPv4 (the mapped block) apart from the rest of IPv6. */
function coverage(spans: Span[]): { ipv4: bigint; ipv6: bigint } {
  const merged: Span[] = [];
  for (const span of [...spans].sort((a, b) => (a.start < b.start ? -1 : a.start > b.start ? 1 : 0))) {
    const last = merged.at(-1);
    if (last && span.start <= last.end) last.end = span.end > last.end ? span.end : last.end;
    else merged.push({ ...span });
  }
  let ipv4 = 0n;
  let all = 0n;
  for (const { start, end } of merged) {
    all += end - start;
    const overlapStart = start > IPV4_MAPPED_START ? start : IPV4_MAPPED_START;
    const overlapEnd = end < IPV4_MAPPED_END ? end : IPV4_MAPPED_END;
    if (overlapEnd > overlapStart) ipv4 += overlapEnd - overlapStart;
  }
  return { ipv4, ipv6: all - ipv4 };
}

/** The proxies' addresses as given, when each is an address or range and together they are no "trust everyone". */
export function acceptableProxyList(entries: string[]): boolean {
  const spans = entries.map(spanOf);
  if (spans.length === 0 || spans.some((span) => span === undefined)) return false;
  const { ipv4, ipv6 } = coverage(spans as Span[]);
  return ipv4 <= MOST_IPV4_ADDRESSES && ipv6 <= MOST_IPV6_ADDRESSES;
}

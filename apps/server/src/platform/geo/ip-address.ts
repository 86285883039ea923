import { BlockList, isIP } from 'node:net';

/** An address ready for lookups: IPv4-mapped IPv6 unwrapped, zone index dropped, IPv6 in canonical form. */
export interface NormalizedIp {
  address: string;
  family: 'ipv4' | 'ipv6';
}

const ipv4MappedPattern = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/;

/**
 * Normalises what a socket or proxy header reports. A dual-stack server sees IPv4 clients as
 * `::ffff:1.2.3.4`, which country databases do not index under the IPv6 tree, so those are unwrapped.
 * Returns null for anything that is not an IP address.
 */
export function normalizeIp(input: string): NormalizedIp | null {
  const trimmed = input.trim();
  // A zone index (`fe80::1%eth0`) names a local interface; it is not part of the address.
  const zoneAt = trimmed.indexOf('%');
  const ip = zoneAt === -1 ? trimmed : trimmed.slice(0, zoneAt);
  const version = isIP(ip);
  if (version === 4) return { address: ip, family: 'ipv4' };
  if (version !== 6) return null;
  // The WHATWG URL serializer gives the canonical RFC 5952 text: lower case, longest zero run compressed,
  // embedded dotted quads rewritten as hex, so every spelling of one address compares equal.
  const canonical = new URL(`http://[${ip}]/`).hostname.slice(1, -1);
  const mapped = ipv4MappedPattern.exec(canonical);
  if (mapped) {
    const high = Number.parseInt(mapped[1] ?? '0', 16);
    const low = Number.parseInt(mapped[2] ?? '0', 16);
    return { address: `${high >> 8}.${high & 0xff}.${low >> 8}.${low & 0xff}`, family: 'ipv4' };
  }
  return { address: canonical, family: 'ipv6' };
}

/**
 * Ranges that are not globally reachable or are reserved for documentation, after the IANA IPv4 and IPv6
 * Special-Purpose Address Registries. No country can be told from them; the bundled database even maps some
 * of them (192.168.0.0/16, 172.16.0.0/12, 203.0.113.0/24, 2001:db8::/32) to a country, so they are excluded
 * before the lookup.
 * @see https://www.iana.org/assignments/iana-ipv4-special-registry/
 * @see https://www.iana.org/assignments/iana-ipv6-special-registry/
 */
const specialPurpose = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  specialPurpose.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['64:ff9b:1::', 48],
  ['100::', 64],
  ['2001::', 23],
  ['2001:db8::', 32],
  ['3fff::', 20],
  ['5f00::', 16],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
] as const) {
  specialPurpose.addSubnet(network, prefix, 'ipv6');
}

/** True for private, loopback, link-local, shared (CGNAT), documentation, multicast and reserved addresses. */
export function isSpecialPurposeIp(ip: NormalizedIp): boolean {
  return specialPurpose.check(ip.address, ip.family);
}

const countryCodePattern = /^[A-Z]{2}$/;

/** Upper-cases a two-letter code; anything else, and `ZZ` (unknown), becomes null. */
export function toCountryCode(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const code = value.toUpperCase();
  return countryCodePattern.test(code) && code !== 'ZZ' ? code : null;
}

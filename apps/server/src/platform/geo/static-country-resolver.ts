import { BlockList } from 'node:net';
import type { CountryResolver } from './geo.types';
import { normalizeIp, toCountryCode } from './ip-address';

interface Range {
  prefixLength: number;
  list: BlockList;
  country: string;
}

/**
 * A resolver from a fixed table, for tests and demos: `{ '203.0.113.7': 'BD', '10.0.0.0/8': 'TH' }`.
 * Unlike the database resolver it does not treat private or loopback addresses specially, so a demo on
 * localhost can pretend to come from a restricted country. The most specific matching entry wins.
 */
export class StaticCountryResolver implements CountryResolver {
  readonly #addresses = new Map<string, string>();
  readonly #ranges: Range[] = [];

  /** @throws Error naming the first entry whose key is not an IP or CIDR or whose value is not a country code. */
  constructor(table: Readonly<Record<string, string>>) {
    for (const [key, value] of Object.entries(table)) {
      const country = toCountryCode(value);
      if (!country) throw new Error(`Not an ISO 3166-1 alpha-2 country code: ${value} (for ${key})`);
      const slash = key.indexOf('/');
      const ip = normalizeIp(slash === -1 ? key : key.slice(0, slash));
      if (!ip) throw new Error(`Not an IP address or CIDR range: ${key}`);
      if (slash === -1) {
        this.#addresses.set(ip.address, country);
        continue;
      }
      const prefixText = key.slice(slash + 1);
      const maxPrefix = ip.family === 'ipv4' ? 32 : 128;
      const prefixLength = Number(prefixText);
      if (!/^\d{1,3}$/.test(prefixText) || prefixLength > maxPrefix) {
        throw new Error(`Not an IP address or CIDR range: ${key}`);
      }
      const list = new BlockList();
      list.addSubnet(ip.address, prefixLength, ip.family);
      this.#ranges.push({ prefixLength, list, country });
    }
    this.#ranges.sort((a, b) => b.prefixLength - a.prefixLength);
  }

  country(ip: string): string | null {
    const normalized = normalizeIp(ip);
    if (!normalized) return null;
    const exact = this.#addresses.get(normalized.address);
    if (exact) return exact;
    for (const range of this.#ranges) {
      if (range.list.check(normalized.address, normalized.family)) return range.country;
    }
    return null;
  }
}

import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { Reader, type Response } from 'maxmind';
import type { CountryResolver } from './geo.types';
import { isSpecialPurposeIp, normalizeIp, toCountryCode } from './ip-address';

/**
 * Path of the combined IPv4 + IPv6 country database shipped in `@ip-location-db/geo-whois-asn-country-mmdb`
 * (its data: GeoFeed, then RIR whois, then ASN country; CC BY 4.0 by the NRO, attribution required).
 */
export function bundledCountryDatabasePath(): string {
  const packageJson = createRequire(import.meta.url).resolve('@ip-location-db/geo-whois-asn-country-mmdb/package.json');
  return join(dirname(packageJson), 'geo-whois-asn-country.mmdb');
}

/**
 * Reads the country out of a record. ip-location-db databases store `{ country_code: 'AU' }`; MaxMind
 * GeoIP2/GeoLite2 Country databases store `{ country: { iso_code: 'AU' } }`. Both are accepted so that
 * an operator can point the server at either.
 */
function countryOfRecord(record: unknown): string | null {
  if (record === null || typeof record !== 'object') return null;
  if ('country_code' in record) return toCountryCode(record.country_code);
  if ('country' in record && record.country !== null && typeof record.country === 'object') {
    return 'iso_code' in record.country ? toCountryCode(record.country.iso_code) : null;
  }
  return null;
}

/**
 * Country lookups in an MMDB file held in memory: the whole file is read once, so a lookup is a walk of
 * the search tree in a Buffer (a few microseconds) with no file I/O per request.
 */
export class MmdbCountryResolver implements CountryResolver {
  readonly #reader: Reader<Response>;

  /** @throws Error when the buffer is not an MMDB database. */
  constructor(database: Buffer) {
    this.#reader = new Reader<Response>(database);
  }

  /** When the data was built; worth logging at start, since country data drifts as address blocks move. */
  get builtAt(): Date {
    return this.#reader.metadata.buildEpoch;
  }

  country(ip: string): string | null {
    const normalized = normalizeIp(ip);
    if (!normalized || isSpecialPurposeIp(normalized)) return null;
    try {
      return countryOfRecord(this.#reader.get(normalized.address));
    } catch {
      // The reader throws on addresses it cannot walk (an IPv6 address in an IPv4-only database).
      return null;
    }
  }
}

/**
 * Opens a country database, by default the one bundled with the server, so region checks work offline with
 * no licence key. The file is read asynchronously once at start.
 * @throws Error when the file is missing or is not an MMDB database.
 */
export async function openMmdbCountryResolver(path?: string): Promise<MmdbCountryResolver> {
  return new MmdbCountryResolver(await readFile(path ?? bundledCountryDatabasePath()));
}

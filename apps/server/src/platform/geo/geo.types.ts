/**
 * Maps a client address to its country, for region restriction and the `location` of the permission
 * response (spec section 3). An interface so that tests and demos can pin countries without a database.
 */
export interface CountryResolver {
  /**
   * ISO 3166-1 alpha-2 code in upper case (`BD`), or null for private, loopback, documentation and other
   * special-purpose addresses, for addresses the data does not cover, and for strings that are not addresses.
   * Synchronous and free of I/O, because it runs on every request that checks the region.
   */
  country(ip: string): string | null;
}

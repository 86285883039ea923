import { beforeAll, describe, expect, it } from 'vitest';
import { normalizeIp } from './ip-address';
import { type MmdbCountryResolver, openMmdbCountryResolver } from './mmdb-country-resolver';
import { StaticCountryResolver } from './static-country-resolver';

describe('the bundled country database', () => {
  let resolver: MmdbCountryResolver;
  beforeAll(async () => {
    resolver = await openMmdbCountryResolver();
  });

  // Each expectation was read from the bundled database and matches the operator's registration.
  it.each([
    ['1.1.1.1', 'AU'], // APNIC/Cloudflare research prefix, registered in Australia
    ['8.8.8.8', 'US'], // Google Public DNS
    ['193.0.6.139', 'NL'], // www.ripe.net
    ['168.126.63.1', 'KR'], // KT DNS
    ['2001:4860:4860::8888', 'US'], // Google Public DNS over IPv6
    ['2001:67c:2e8:22::c100:68b', 'NL'], // www.ripe.net over IPv6
  ])('resolves %s to %s', (ip, country) => {
    expect(resolver.country(ip)).toBe(country);
  });

  it('resolves IPv4-mapped IPv6 addresses as their IPv4 address', () => {
    expect(resolver.country('::ffff:8.8.8.8')).toBe('US');
    expect(resolver.country('::FFFF:808:808')).toBe('US');
    expect(resolver.country('0:0:0:0:0:ffff:0101:0101')).toBe('AU');
  });

  it('accepts other spellings of an IPv6 address', () => {
    expect(resolver.country('2001:4860:4860:0:0:0:0:8888')).toBe('US');
    expect(resolver.country('2001:4860:4860::8888%eth0')).toBe('US');
  });

  it.each([
    '127.0.0.1',
    '10.1.2.3',
    '::1',
    '::ffff:127.0.0.1',
    '::ffff:10.0.0.1',
    'fe80::1',
    'fd12:3456::1',
    '0.0.0.0',
    '255.255.255.255',
    '169.254.10.10',
    '100.64.0.1',
    '224.0.0.1',
    // The data maps these to a country (AU, JP) although they are private or documentation ranges.
    '192.168.1.1',
    '172.16.0.1',
    '203.0.113.1',
    '198.51.100.1',
    '2001:db8::1',
  ])('gives null for the special-purpose address %s', (ip) => {
    expect(resolver.country(ip)).toBeNull();
  });

  it.each(['', 'not an ip', '999.1.1.1', '1.2.3', '::ffff:1.2.3.4.5'])('gives null for %j', (input) => {
    expect(resolver.country(input)).toBeNull();
  });

  it('reports when its data was built', () => {
    expect(resolver.builtAt.getUTCFullYear()).toBeGreaterThanOrEqual(2024);
  });

  it('refuses a file that is not an MMDB database', async () => {
    await expect(openMmdbCountryResolver(new URL(import.meta.url).pathname)).rejects.toThrow();
  });
});

describe('StaticCountryResolver', () => {
  const resolver = new StaticCountryResolver({
    '203.0.113.7': 'bd',
    '203.0.113.0/24': 'TH',
    '10.0.0.0/8': 'JP',
    '10.20.0.0/16': 'KR',
    '2001:db8::/32': 'VN',
    '2001:DB8:0::1': 'IN',
    '127.0.0.1': 'BD',
  });

  it('resolves an exact address, upper-casing the code', () => {
    expect(resolver.country('203.0.113.7')).toBe('BD');
  });

  it('resolves an address inside a CIDR range', () => {
    expect(resolver.country('203.0.113.8')).toBe('TH');
    expect(resolver.country('10.255.0.1')).toBe('JP');
    expect(resolver.country('2001:db8:1::5')).toBe('VN');
  });

  it('prefers the most specific entry', () => {
    expect(resolver.country('10.20.3.4')).toBe('KR');
    expect(resolver.country('2001:db8::1')).toBe('IN');
  });

  it('matches IPv4-mapped addresses and other IPv6 spellings', () => {
    expect(resolver.country('::ffff:10.20.3.4')).toBe('KR');
    expect(resolver.country('::ffff:127.0.0.1')).toBe('BD');
    expect(resolver.country('2001:0db8:0000::0001')).toBe('IN');
  });

  it('gives null outside its table', () => {
    expect(resolver.country('8.8.8.8')).toBeNull();
    expect(resolver.country('11.0.0.1')).toBeNull();
    expect(resolver.country('garbage')).toBeNull();
  });

  it('refuses a bad table entry at construction', () => {
    expect(() => new StaticCountryResolver({ '10.0.0.0/33': 'BD' })).toThrow('CIDR');
    expect(() => new StaticCountryResolver({ 'example.com': 'BD' })).toThrow('CIDR');
    expect(() => new StaticCountryResolver({ '10.0.0.1': 'Bangladesh' })).toThrow('country code');
  });
});

describe('normalizeIp', () => {
  it('unwraps IPv4-mapped addresses and canonicalises IPv6', () => {
    expect(normalizeIp('::ffff:1.2.3.4')).toEqual({ address: '1.2.3.4', family: 'ipv4' });
    expect(normalizeIp('::ffff:0:1')).toEqual({ address: '0.0.0.1', family: 'ipv4' });
    expect(normalizeIp('2001:DB8:0:0::1')).toEqual({ address: '2001:db8::1', family: 'ipv6' });
    expect(normalizeIp(' 8.8.8.8 ')).toEqual({ address: '8.8.8.8', family: 'ipv4' });
    expect(normalizeIp('nope')).toBeNull();
  });
});

import { isIPv4, isIPv6 } from 'node:net';

/**
 * The network an address belongs to, as the new-IP rule compares them: the /24 of an IPv4 address
 * (`203.0.113.0/24`) and the /64 of an IPv6 one (`2001:db8:1:2::/64`). IPv4-mapped IPv6 addresses count as
 * IPv4. Null for anything that is not an address.
 *
 * Why prefixes: mobile carriers and home routers hand a subscriber neighbouring addresses from one block, so
 * comparing whole addresses would ask for a code after nearly every reconnection; another block, provider or
 * country still shows up as new.
 */
export function ipPrefix(ip: string | null | undefined): string | null {
  if (!ip) return null;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  const address = mapped?.[1] ?? ip;
  if (isIPv4(address)) return `${address.split('.').slice(0, 3).join('.')}.0/24`;
  if (!isIPv6(address)) return null;
  const withoutZone = address.split('%')[0] ?? address;
  const [head = '', tail] = withoutZone.split('::');
  const headGroups = head === '' ? [] : head.split(':');
  const tailGroups = tail === undefined || tail === '' ? [] : tail.split(':');
  // An embedded IPv4 tail (::1.2.3.4) takes two groups; only the first four groups matter here.
  const missing = 8 - headGroups.length - tailGroups.length;
  const groups =
    tail === undefined ? headGroups : [...headGroups, ...Array(Math.max(0, missing)).fill('0'), ...tailGroups];
  const network = groups
    .slice(0, 4)
    .map((group) => Number.parseInt(group || '0', 16).toString(16))
    .join(':');
  return `${network}::/64`;
}

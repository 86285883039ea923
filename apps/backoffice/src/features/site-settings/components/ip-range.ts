/**
 * A first check of an IP address or CIDR range as typed, so mistakes show at once; the server checks again
 * with the contract's schema and is the judge.
 */
export function isIpRange(value: string): boolean {
  const [address = '', prefix, extra] = value.split('/');
  if (extra !== undefined) return false;
  const v4 = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/.test(address);
  const v6 = !v4 && isIpv6(address);
  if (!v4 && !v6) return false;
  if (prefix === undefined) return true;
  if (!/^\d{1,3}$/.test(prefix)) return false;
  return Number(prefix) <= (v4 ? 32 : 128);
}

function isIpv6(address: string): boolean {
  if (!/^[0-9a-fA-F:.]+$/.test(address) || address.split('::').length > 2) return false;
  try {
    return new URL(`http://[${address}]/`).hostname.length > 2;
  } catch {
    return false;
  }
}

/**
 * Whether an Origin header names the host the request was sent to (default ports normalised away). The back office
 * refuses writes from other origins with it, and WebSocket upgrades too: browsers send the session cookie on an
 * upgrade started by any page, and SameSite does not cover every cross-site case (a sibling subdomain is same-site).
 */
export function isSameHost(origin: string, host: string): boolean {
  try {
    const from = new URL(origin);
    return from.host === new URL(`${from.protocol}//${host}`).host;
  } catch {
    return false;
  }
}

/**
 * Schemes a configured link may use. Customer-service and resource URLs come from operator
 * configuration; refusing `javascript:` and similar keeps a mistyped or hostile entry from running code.
 */
const allowedProtocols = new Set(['http:', 'https:', 'mailto:', 'tel:', 'tg:', 'whatsapp:', 'line:', 'zalo:']);

/** Returns the URL when it is safe to put in an href, otherwise null. */
export function safeExternalUrl(url: string | null | undefined, base = globalThis.location?.origin): string | null {
  const trimmed = (url ?? '').trim();
  if (trimmed === '') return null;
  try {
    const parsed = new URL(trimmed, base);
    return allowedProtocols.has(parsed.protocol) ? trimmed : null;
  } catch {
    return null;
  }
}

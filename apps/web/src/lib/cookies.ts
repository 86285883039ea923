/**
 * Small cookie helpers for the values the spec keeps in cookies (remember me, section 4). The cookies are
 * first-party, path `/`, SameSite=Lax and, on HTTPS, Secure; they are read only by this app's scripts.
 */

export function readCookie(name: string): string | null {
  if (typeof document === 'undefined') return null;
  const prefix = `${encodeURIComponent(name)}=`;
  for (const part of document.cookie.split(';')) {
    const entry = part.trim();
    if (!entry.startsWith(prefix)) continue;
    try {
      return decodeURIComponent(entry.slice(prefix.length));
    } catch {
      return null;
    }
  }
  return null;
}

export function writeCookie(name: string, value: string, maxAgeMs: number): void {
  if (typeof document === 'undefined') return;
  const secure = typeof location !== 'undefined' && location.protocol === 'https:' ? '; Secure' : '';
  const maxAgeSeconds = Math.max(0, Math.floor(maxAgeMs / 1000));
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is not in every browser the site serves (Safari before 18.4).
  document.cookie = `${encodeURIComponent(name)}=${encodeURIComponent(value)}; Max-Age=${maxAgeSeconds}; Path=/; SameSite=Lax${secure}`;
}

export function deleteCookie(name: string): void {
  if (typeof document === 'undefined') return;
  // biome-ignore lint/suspicious/noDocumentCookie: see writeCookie.
  document.cookie = `${encodeURIComponent(name)}=; Max-Age=0; Path=/; SameSite=Lax`;
}

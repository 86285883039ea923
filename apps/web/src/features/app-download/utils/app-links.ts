import type { ResourceEntry } from '@portal/contract';
import { safeExternalUrl } from '@/lib/safe-url';

export type AppLinks = {
  ios: string | null;
  android: string | null;
  /** The lite app: a configured link, or null when the portal itself is the lite app (installed as a PWA). */
  lite: string | null;
};

/**
 * The app-download links of the site configuration (spec section 3 "Resources": keyed entries such as Android),
 * matched case-insensitively. Links with unsafe schemes are dropped; everything follows the APPDOWNLOAD3 switch.
 */
export function appLinksOf(resources: readonly ResourceEntry[], { enabled }: { enabled: boolean }): AppLinks {
  const find = (type: string) => {
    if (!enabled) return null;
    const entry = resources.find((resource) => resource.resourceType.trim().toUpperCase() === type);
    return entry ? safeExternalUrl(entry.url) : null;
  };
  return { ios: find('IOS'), android: find('ANDROID'), lite: find('LITE_APP') };
}

export function hasAppDownload(links: AppLinks): boolean {
  return links.ios !== null || links.android !== null;
}

/** A QR code must carry an absolute address: a relative configured link is resolved against this site. */
export function absoluteUrl(href: string, origin = globalThis.location?.origin ?? 'http://localhost'): string {
  try {
    return new URL(href, origin).toString();
  } catch {
    return href;
  }
}

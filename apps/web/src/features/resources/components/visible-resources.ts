import type { ResourceEntry } from '@portal/contract';
import { safeExternalUrl } from '@/lib/safe-url';

/** Resource types that are app downloads; they follow the APPDOWNLOAD3 switch (spec section 6). */
const appDownloadTypes = new Set(['ANDROID', 'IOS', 'LITE_APP']);

export type VisibleResource = ResourceEntry & { href: string };

export function visibleResources(
  resources: readonly ResourceEntry[],
  { appDownloadEnabled }: { appDownloadEnabled: boolean },
): VisibleResource[] {
  return resources.flatMap((resource) => {
    if (!appDownloadEnabled && appDownloadTypes.has(resource.resourceType.toUpperCase())) return [];
    const href = safeExternalUrl(resource.url);
    return href ? [{ ...resource, href }] : [];
  });
}

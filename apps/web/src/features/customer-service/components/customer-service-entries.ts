import type { CustomerServiceEntry } from '@portal/contract';
import { safeExternalUrl } from '@/lib/safe-url';

export type ContactEntry = CustomerServiceEntry & { href: string };

/** Entries in the operator's order with a usable link; entries whose URL is unsafe or empty are left out. */
export function usableEntries(entries: readonly CustomerServiceEntry[]): ContactEntry[] {
  return [...entries]
    .sort((a, b) => a.sort - b.sort)
    .flatMap((entry) => {
      const href = safeExternalUrl(entry.url);
      return href ? [{ ...entry, href }] : [];
    });
}

/** The channel a single "contact customer service" button opens: live chat when offered, else the first entry. */
export function primaryEntry(entries: readonly CustomerServiceEntry[]): ContactEntry | null {
  const usable = usableEntries(entries);
  return usable.find((entry) => entry.csType === 'LIVECHAT') ?? usable[0] ?? null;
}

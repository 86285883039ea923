import {
  type Announcement,
  type AnnouncementList,
  announcementListSchema,
  calls,
  type ShippedLanguage,
} from '@portal/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '@/lib/api-client';
import { useCurrentLanguage } from '@/lib/i18n';
import { useFeature } from '@/lib/permission';

/** Spec section 7: the web portal asks for every type, platform W, execution B. */
export const announcementRequest = { types: 'B,PL,PU,PR,H', platform: 'W', execution: 'B' } as const;

/** `language` only keys the cache: the client sends the current language in the Language header. */
export function getAnnouncements(_language: ShippedLanguage, signal?: AbortSignal): Promise<AnnouncementList> {
  return apiCall(calls.announcements, {
    body: announcementRequest,
    schema: announcementListSchema,
    ...(signal ? { signal } : {}),
  });
}

/**
 * Keyed by language: a language change (spec section 4) loads that language's announcements, and switching back
 * shows the cached ones at once.
 */
export function getAnnouncementsQueryOptions(language: ShippedLanguage) {
  return queryOptions({
    queryKey: ['content', 'announcements', language],
    queryFn: ({ signal }) => getAnnouncements(language, signal),
    staleTime: 5 * 60_000,
  });
}

/** The live announcements in the current language (nothing while ANNOUNCEMENT3 is off). */
export function useAnnouncements() {
  const language = useCurrentLanguage();
  const enabled = useFeature('ANNOUNCEMENT3');
  return useQuery({ ...getAnnouncementsQueryOptions(language), enabled });
}

/** The banners of one carousel group, in their order. */
export function bannersOf(list: AnnouncementList | undefined, group: string): Announcement[] {
  return (list?.banners ?? []).filter((banner) => banner.groupName === group);
}

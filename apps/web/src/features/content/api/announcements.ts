import {
  type Announcement,
  type AnnouncementList,
  announcementListSchema,
  calls,
  type ShippedLanguage,
} from '@portal/contract';
import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall, type EarlyRequest } from '@/lib/api-client';
import { useCurrentLanguage } from '@/lib/i18n';
import { useFeature } from '@/lib/permission';

/** Spec section 7: the web portal asks for every type, platform W, execution B. */
export const announcementRequest = { types: 'B,PL,PU,PR,H', platform: 'W', execution: 'B' } as const;

/**
 * The announcements call index.html's early script (`public/early-requests.js`) sent once the site configuration had
 * arrived, handed out once: the first load of the visit takes its answer when it went out with exactly the headers
 * and body this call would send (same merchant, language and request), and asks the server itself otherwise.
 */
function takeEarlyAnnouncementsRequest(): EarlyRequest | undefined {
  if (typeof window === 'undefined') return undefined;
  const early = window.__earlyAnnouncements;
  window.__earlyAnnouncements = undefined;
  return early;
}

/** `language` only keys the cache: the client sends the current language in the Language header. */
export function getAnnouncements(_language: ShippedLanguage, signal?: AbortSignal): Promise<AnnouncementList> {
  const early = takeEarlyAnnouncementsRequest();
  return apiCall(calls.announcements, {
    body: announcementRequest,
    schema: announcementListSchema,
    ...(signal ? { signal } : {}),
    ...(early ? { early } : {}),
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

/**
 * Starts loading the announcements without subscribing to them (nothing is asked while the cache holds fresh ones
 * or a load is in flight). The layout calls it as soon as the site configuration is known, so the home banners, the
 * marquee and the popups find them loaded or in flight instead of asking only once their own code has arrived and
 * rendered. With `warmBannerGroup` the first image of that banner group then starts downloading at high priority
 * (the home page's w_home banner is the phone's largest paint), while the carousel still renders, and the answer
 * settles once it has arrived.
 */
export async function prefetchAnnouncements(
  client: QueryClient,
  language: ShippedLanguage,
  { warmBannerGroup }: { warmBannerGroup?: string | null } = {},
): Promise<void> {
  const options = getAnnouncementsQueryOptions(language);
  await client.prefetchQuery(options);
  if (!warmBannerGroup) return;
  const first = bannersOf(client.getQueryData(options.queryKey), warmBannerGroup)[0];
  const url = first && !first.videoUrl ? first.announcementImages[0]?.url : undefined;
  if (url) await preloadImage(url);
}

const preloadedImages = new Map<string, Promise<void>>();

/**
 * A high-priority `<link rel=preload as=image>`: the carousel's `<img>` with the same address takes its response.
 * Settles when the image has arrived (or failed), so the caller knows the first screen is in.
 */
function preloadImage(url: string): Promise<void> {
  if (typeof document === 'undefined') return Promise.resolve();
  let loaded = preloadedImages.get(url);
  if (!loaded) {
    const link = document.createElement('link');
    link.rel = 'preload';
    link.as = 'image';
    link.href = url;
    link.fetchPriority = 'high';
    loaded = new Promise<void>((resolve) => {
      link.addEventListener('load', () => resolve(), { once: true });
      link.addEventListener('error', () => resolve(), { once: true });
    });
    preloadedImages.set(url, loaded);
    document.head.append(link);
  }
  return loaded;
}

/** The banners of one carousel group, in their order. */
export function bannersOf(list: AnnouncementList | undefined, group: string): Announcement[] {
  return (list?.banners ?? []).filter((banner) => banner.groupName === group);
}

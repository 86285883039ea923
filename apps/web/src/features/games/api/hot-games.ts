import { calls, type Game, hotGamesSchema } from '@portal/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '@/lib/api-client';
import { useCurrentLanguage } from '@/lib/i18n';
import { readSessionCache, sessionCacheKeys, writeSessionCache } from './session-cache';

export const hotGamesQueryKey = (language: string) => ['games', 'hot', language] as const;

/** `GCSGAME_hotGamesV2` with the spec's parameters (isPlatform 2, platform flash and html5-desktop, language). */
export async function fetchHotGames(language: string, refresh: boolean, signal?: AbortSignal): Promise<Game[]> {
  const games = await apiCall(calls.hotGames, {
    body: { isPlatform: 2, platform: ['flash', 'html5-desktop'], language, ...(refresh ? { refresh: true } : {}) },
    schema: hotGamesSchema,
    signal,
  });
  writeSessionCache(sessionCacheKeys.hotGames(language), games);
  return games;
}

/** Hot games, cached for the session per language like the vendors (spec section 4). */
export function getHotGamesQueryOptions(language: string) {
  return queryOptions({
    queryKey: hotGamesQueryKey(language),
    queryFn: ({ signal }) => fetchHotGames(language, false, signal),
    initialData: () => readSessionCache(sessionCacheKeys.hotGames(language), hotGamesSchema),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
  });
}

export function useHotGames() {
  const language = useCurrentLanguage();
  return useQuery(getHotGamesQueryOptions(language));
}

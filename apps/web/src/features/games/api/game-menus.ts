import { calls, type GameMenus, gameMenusSchema } from '@portal/contract';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { apiCall } from '@/lib/api-client';
import { useCurrentLanguage } from '@/lib/i18n';
import { readSessionCache, sessionCacheKeys, writeSessionCache } from './session-cache';

export const gameMenusQueryKey = (language: string) => ['games', 'menus', language] as const;

/** `/lgw/games/game_menus`: the vendor lanes, already reshaped by the server (spec section 4). */
export async function fetchGameMenus(language: string, refresh: boolean, signal?: AbortSignal): Promise<GameMenus> {
  const menus = await apiCall(calls.gameMenus, {
    query: { language, platform: 'html5-desktop', refresh: refresh ? 'true' : undefined },
    schema: gameMenusSchema,
    signal,
  });
  writeSessionCache(sessionCacheKeys.gameMenus(language), menus);
  return menus;
}

/**
 * Vendors for the session (spec section 4): served from sessionStorage when this session already loaded them in
 * this language, never refetched on their own; the key holds the language, so a language change loads again.
 */
export function getGameMenusQueryOptions(language: string) {
  return queryOptions({
    queryKey: gameMenusQueryKey(language),
    queryFn: ({ signal }) => fetchGameMenus(language, false, signal),
    initialData: () => readSessionCache(sessionCacheKeys.gameMenus(language), gameMenusSchema),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
  });
}

export function useGameMenus() {
  const language = useCurrentLanguage();
  return useQuery(getGameMenusQueryOptions(language));
}

/** The "refresh asked" of spec section 4: loads the vendors again past every cache, the server's included. */
export function useRefreshGameMenus() {
  const queryClient = useQueryClient();
  const language = useCurrentLanguage();
  return useCallback(async () => {
    const menus = await fetchGameMenus(language, true);
    queryClient.setQueryData(gameMenusQueryKey(language), menus);
  }, [queryClient, language]);
}

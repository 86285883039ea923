import { calls, gamePageSchema } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { apiCall } from '@/lib/api-client';
import { useCurrentLanguage } from '@/lib/i18n';
import { useSession } from '@/lib/session';

/** Spec section 9: the favourite list loads up to 999 games at once, the recent list 20. */
export const favoriteListPageSize = 999;
export const recentListPageSize = 20;

export type AccountGameList = 'favorite' | 'recent';

/**
 * `/favorite` and `/recent`: `MCSFE_getFavoriteGamesList` (clientType 3, pageNo 1, pageSize 999) and
 * `GCS_recentGame` (page 1, pageSize 20, language, clientType 3), for every category.
 */
export function useAccountGames(list: AccountGameList) {
  const language = useCurrentLanguage();
  const { token, status } = useSession();
  const signedIn = status === 'member' || status === 'agent' || status === 'trial';
  return useQuery({
    queryKey: ['games', list, language, token] as const,
    queryFn: ({ signal }) =>
      apiCall(list === 'favorite' ? calls.favoriteGamesList : calls.recentGames, {
        body: {
          clientType: 3,
          pageNo: 1,
          pageSize: list === 'favorite' ? favoriteListPageSize : recentListPageSize,
          language,
        },
        schema: gamePageSchema,
        signal,
      }),
    enabled: signedIn,
  });
}

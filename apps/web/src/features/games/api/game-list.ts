import { calls, type GameCategory, type GameListFilter, type GamePage, gamePageSchema } from '@portal/contract';
import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { apiCall } from '@/lib/api-client';
import { useCurrentLanguage } from '@/lib/i18n';
import { useSession } from '@/lib/session';

/** Spec section 9: game lists load 20 games a page. */
export const gameListPageSize = 20;

export type GameListParams = {
  gameType?: GameCategory;
  vassalage?: string | null;
  filter: GameListFilter;
  keyword?: string;
};

/** `GCSGAME_gameList` (clientType 3, platform, gameType, pageNo, pageSize 20, language, vassalage). */
export function fetchGameListPage(
  params: GameListParams & { language: string; pageNo: number },
  signal?: AbortSignal,
): Promise<GamePage> {
  const keyword = params.keyword?.trim();
  return apiCall(calls.gameList, {
    body: {
      clientType: 3,
      platform: 'html5-desktop',
      gameType: params.gameType,
      pageNo: params.pageNo,
      pageSize: gameListPageSize,
      language: params.language,
      vassalage: params.vassalage || undefined,
      filter: params.filter,
      keyword: keyword ? keyword : undefined,
    },
    schema: gamePageSchema,
    signal,
  });
}

export function getGameListQueryOptions(params: GameListParams, language: string, token: string | null) {
  return infiniteQueryOptions({
    // The token is part of the key: FAV and RECENT (and each game's isFavorite) belong to the account.
    queryKey: ['games', 'list', language, token, params] as const,
    queryFn: ({ pageParam, signal }) => fetchGameListPage({ ...params, language, pageNo: pageParam }, signal),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.pageNum < last.totalPages ? last.pageNum + 1 : undefined),
  });
}

export function useGameList(params: GameListParams, enabled = true) {
  const language = useCurrentLanguage();
  const { token } = useSession();
  // While the next search or filter loads, the current games stay (dimmed) instead of a blank grid.
  return useInfiniteQuery({
    ...getGameListQueryOptions(params, language, token),
    enabled,
    placeholderData: keepPreviousData,
  });
}

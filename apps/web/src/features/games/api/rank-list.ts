import { calls, rankListSchema } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { apiCall } from '@/lib/api-client';
import { useCurrentLanguage } from '@/lib/i18n';
import { winnersLimit } from '../utils/winners';

/**
 * The winners board (`GCSGAME_getRankList`: gameCategory ALL, language, limitNum 20 on the home board, more on the
 * winners page); reloads with the language.
 */
export function useRankList(limit: number = winnersLimit) {
  const language = useCurrentLanguage();
  return useQuery({
    queryKey: ['games', 'rank', language, limit] as const,
    queryFn: ({ signal }) =>
      apiCall(calls.rankList, {
        body: { gameCategory: 'ALL', language, limitNum: limit },
        schema: rankListSchema,
        signal,
      }),
    staleTime: 60_000,
  });
}

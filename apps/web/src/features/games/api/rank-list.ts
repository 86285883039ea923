import { calls, rankListSchema } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { apiCall } from '@/lib/api-client';
import { useCurrentLanguage } from '@/lib/i18n';
import { winnersLimit } from '../utils/winners';

/** The winners board (`GCSGAME_getRankList`: gameCategory ALL, language, limitNum 20); reloads with the language. */
export function useRankList() {
  const language = useCurrentLanguage();
  return useQuery({
    queryKey: ['games', 'rank', language] as const,
    queryFn: ({ signal }) =>
      apiCall(calls.rankList, {
        body: { gameCategory: 'ALL', language, limitNum: winnersLimit },
        schema: rankListSchema,
        signal,
      }),
    staleTime: 60_000,
  });
}

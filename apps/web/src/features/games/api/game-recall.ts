import { calls, gameRecallSchema } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { apiCall } from '@/lib/api-client';
import { useCurrentLanguage } from '@/lib/i18n';

/** The member's last 10 rounds (game recall), newest first. */
export function useGameRecall() {
  const language = useCurrentLanguage();
  return useQuery({
    queryKey: ['games', 'recall', language] as const,
    queryFn: ({ signal }) => apiCall(calls.gameRecall, { query: { language }, schema: gameRecallSchema, signal }),
  });
}

import { calls, type HelpCenter, helpCenterSchema, type ShippedLanguage } from '@portal/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { env } from '@/config/env';
import { apiCall } from '@/lib/api-client';

export function getHelpCenter(language: ShippedLanguage, signal?: AbortSignal): Promise<HelpCenter> {
  return apiCall(calls.systemHelpCenter, {
    query: { lang: language, device: env.device },
    schema: helpCenterSchema,
    ...(signal ? { signal } : {}),
  });
}

/** Keyed by language, so switching language loads (and caches) that language's articles. */
export function getHelpCenterQueryOptions(language: ShippedLanguage) {
  return queryOptions({
    queryKey: ['help-center', language],
    queryFn: ({ signal }) => getHelpCenter(language, signal),
    staleTime: 5 * 60_000,
  });
}

export function useHelpCenter(language: ShippedLanguage, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...getHelpCenterQueryOptions(language), enabled });
}

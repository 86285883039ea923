import { calls } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';

/**
 * The site's display name from the public permission response (a call that answers even in maintenance and
 * for blocked regions), for the console's wordmark. Falls back to nothing rather than failing the console.
 */
export function useSiteName(): string | null {
  const { data } = useQuery({
    queryKey: ['site-name'],
    queryFn: async ({ signal }) => {
      const response = await fetch(calls.systemWhitelabel.path, { signal, headers: { accept: 'application/json' } });
      const json = (await response.json()) as { value?: { info?: { siteName?: unknown } } };
      const name = json.value?.info?.siteName;
      return typeof name === 'string' ? name : null;
    },
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
  return data ?? null;
}

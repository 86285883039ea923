import { calls, type OidcProviderSummary, oidcProvidersSchema } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { apiCall } from '@/lib/api-client';

/** The one-click login providers the site offers (empty when none is configured). */
export function useOidcProviders(enabled: boolean) {
  return useQuery({
    queryKey: ['system', 'oidcProviders'] as const,
    queryFn: ({ signal }): Promise<OidcProviderSummary[]> =>
      apiCall(calls.oidcProviders, { schema: oidcProvidersSchema, signal }),
    staleTime: Number.POSITIVE_INFINITY,
    enabled,
  });
}

/** Where the browser goes to log in with a provider; it comes back to `returnTo` logged in. */
export function oidcStartUrl(providerId: string, returnTo: string): string {
  const path = calls.oidcStart.path.replace(':provider', encodeURIComponent(providerId));
  return `${path}?returnTo=${encodeURIComponent(returnTo)}`;
}

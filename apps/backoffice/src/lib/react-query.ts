import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiError, clientErrorCodes, signedOutCodes } from './api-client';
import { meQueryKey } from './session';

/** Failures worth one quiet retry: the request may not have reached the server or it was briefly down. */
const transientCodes = new Set<string>([clientErrorCodes.NETWORK, clientErrorCodes.TIMEOUT, 'SERVICE_UNAVAILABLE']);

export function shouldRetry(failureCount: number, error: unknown): boolean {
  return failureCount < 2 && error instanceof ApiError && transientCodes.has(error.code);
}

/**
 * The query cache of the console. Any call answered "not signed in" (idle timeout, absolute expiry, logout
 * elsewhere, a disabled account) clears the operator, and the console shell sends them to the sign-in page.
 */
export function createQueryClient(options: { retry?: boolean } = {}): QueryClient {
  const client: QueryClient = new QueryClient({
    queryCache: new QueryCache({ onError: (error) => onAuthError(error) }),
    mutationCache: new MutationCache({ onError: (error) => onAuthError(error) }),
    defaultOptions: {
      queries: { staleTime: 30_000, retry: options.retry === false ? false : shouldRetry, refetchOnWindowFocus: true },
      mutations: { retry: false },
    },
  });
  function onAuthError(error: unknown): void {
    if (error instanceof ApiError && (signedOutCodes.has(error.code) || error.code === 'BO_OPERATOR_DISABLED')) {
      client.setQueryData(meQueryKey, null);
    }
    // A one-time password still to be replaced: fetch the operator again, the shell shows the change form.
    if (error instanceof ApiError && error.code === 'BO_PASSWORD_CHANGE_REQUIRED') {
      void client.invalidateQueries({ queryKey: meQueryKey });
    }
  }
  return client;
}

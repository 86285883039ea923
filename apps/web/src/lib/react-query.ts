import { QueryClient } from '@tanstack/react-query';
import { ApiError, clientErrorCodes } from './api-client';

/** Failures worth one quiet retry: the request may not have reached the server or it was briefly down. */
const transientCodes = new Set<string>([clientErrorCodes.NETWORK, clientErrorCodes.TIMEOUT, 'SERVICE_UNAVAILABLE']);

export function shouldRetry(failureCount: number, error: unknown): boolean {
  return failureCount < 2 && error instanceof ApiError && transientCodes.has(error.code);
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        retry: shouldRetry,
        refetchOnWindowFocus: false,
      },
      mutations: {
        // A repeated money call must be the caller's decision (with its idempotency key), never automatic.
        retry: false,
      },
    },
  });
}

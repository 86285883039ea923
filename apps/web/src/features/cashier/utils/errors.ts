import { ApiError, clientErrorCodes } from '@/lib/api-client';

/**
 * Whether a failed money call may have reached the server without an answer coming back (network loss, timeout,
 * a server error): then the form keeps its Idempotency-Key, so that trying again replays the first outcome
 * instead of moving money twice. Any answer the server gave settles the key.
 */
export function keepsKey(error: unknown): boolean {
  if (!(error instanceof ApiError)) return true;
  if (error.code === clientErrorCodes.NETWORK || error.code === clientErrorCodes.TIMEOUT) return true;
  if (error.code === 'IDEMPOTENCY_IN_PROGRESS') return true;
  return error.httpStatus === null || error.httpStatus >= 500;
}

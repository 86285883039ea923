import { type ErrorCode, errorCatalogue, type ValidationIssue } from '@portal/contract';

/**
 * A domain error with a catalogue code. Services throw it; the one error handler turns it into
 * the failure envelope with the catalogue's HTTP status and a message in the request's language.
 * `params` carry the data needed to explain the error and fill the message's placeholders.
 */
export class AppError extends Error {
  readonly statusCode: number;
  /** Extra response headers, such as Retry-After for RATE_LIMITED. */
  headers?: Record<string, string>;

  constructor(
    readonly code: ErrorCode,
    readonly params: Record<string, unknown> = {},
    readonly issues?: ValidationIssue[],
  ) {
    super(code);
    this.name = 'AppError';
    this.statusCode = errorCatalogue[code].status;
  }
}

export function isAppError(error: unknown): error is AppError {
  return error instanceof AppError;
}

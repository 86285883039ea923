import {
  type ErrorCode,
  errorCatalogue,
  type FailureEnvelope,
  interpolate,
  lookupMessage,
  requestHeaders,
  type ValidationIssue,
} from '@portal/contract';
import type { FastifyRequest } from 'fastify';

/** The request's language as the `Language` header gives it (any code; catalogues fall back to EN). */
export function requestLanguage(request: FastifyRequest): string | undefined {
  const header = request.headers[requestHeaders.language];
  return Array.isArray(header) ? header[0] : header;
}

/** Builds the failure envelope for a code, translating its message into the request's language. */
export function failureEnvelope(
  request: FastifyRequest,
  code: ErrorCode,
  params: Record<string, unknown> = {},
  issues?: ValidationIssue[],
): FailureEnvelope {
  const template = lookupMessage(requestLanguage(request), errorCatalogue[code].key) ?? code;
  const envelope: FailureEnvelope = {
    success: false,
    code,
    message: interpolate(template, { ...params, requestId: request.id }),
    requestId: request.id,
  };
  if (Object.keys(params).length > 0) envelope.params = params;
  if (issues && issues.length > 0) envelope.issues = issues;
  return envelope;
}

/** Wraps a value in the success envelope. */
export function ok<T>(value: T): { success: true; value: T } {
  return { success: true, value };
}

/**
 * The one error catalogue: every code the API can answer with, its HTTP status and
 * the i18n key of its message (in `i18n/<lang>.ts`, namespace `errors`).
 * Codes are SCREAMING_SNAKE with a module prefix; platform-wide codes have none.
 */
export const errorCatalogue = {
  // Platform
  VALIDATION_FAILED: { status: 400, key: 'errors.VALIDATION_FAILED' },
  REQUEST_MALFORMED: { status: 400, key: 'errors.REQUEST_MALFORMED' },
  REQUEST_TOO_LARGE: { status: 413, key: 'errors.REQUEST_TOO_LARGE' },
  REQUEST_UNSUPPORTED_MEDIA_TYPE: { status: 415, key: 'errors.REQUEST_UNSUPPORTED_MEDIA_TYPE' },
  NOT_FOUND: { status: 404, key: 'errors.NOT_FOUND' },
  METHOD_NOT_ALLOWED: { status: 405, key: 'errors.METHOD_NOT_ALLOWED' },
  RATE_LIMITED: { status: 429, key: 'errors.RATE_LIMITED' },
  INTERNAL: { status: 500, key: 'errors.INTERNAL' },
  SERVICE_UNAVAILABLE: { status: 503, key: 'errors.SERVICE_UNAVAILABLE' },
  AUTH_REQUIRED: { status: 401, key: 'errors.AUTH_REQUIRED' },
  AUTH_FORBIDDEN: { status: 403, key: 'errors.AUTH_FORBIDDEN' },
  IDEMPOTENCY_KEY_REUSED: { status: 409, key: 'errors.IDEMPOTENCY_KEY_REUSED' },
  IDEMPOTENCY_IN_PROGRESS: { status: 409, key: 'errors.IDEMPOTENCY_IN_PROGRESS' },
  CRYPTO_PAYLOAD_INVALID: { status: 400, key: 'errors.CRYPTO_PAYLOAD_INVALID' },
  CRYPTO_PAYLOAD_REQUIRED: { status: 400, key: 'errors.CRYPTO_PAYLOAD_REQUIRED' },
  // System module
  SYSTEM_MERCHANT_UNKNOWN: { status: 400, key: 'errors.SYSTEM_MERCHANT_UNKNOWN' },
  SYSTEM_FUNCTION_NOT_ENABLED: { status: 403, key: 'errors.SYSTEM_FUNCTION_NOT_ENABLED' },
  SYSTEM_MAINTENANCE: { status: 503, key: 'errors.SYSTEM_MAINTENANCE' },
  SYSTEM_ACCESS_RESTRICTED: { status: 403, key: 'errors.SYSTEM_ACCESS_RESTRICTED' },
} as const satisfies Record<string, { status: number; key: `errors.${string}` }>;

export type ErrorCode = keyof typeof errorCatalogue;

export function isErrorCode(code: string): code is ErrorCode {
  return Object.hasOwn(errorCatalogue, code);
}

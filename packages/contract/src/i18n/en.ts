import { registrationMessagesEn } from '../registration-patterns';

/**
 * English catalogue shared by the server (error messages) and the web app.
 * Placeholders use i18next syntax: `{{name}}`.
 */
export const en = {
  ...registrationMessagesEn,
  errors: {
    VALIDATION_FAILED: 'Some fields are not valid. Please check and try again.',
    REQUEST_MALFORMED: 'The request could not be read. Please try again.',
    REQUEST_TOO_LARGE: 'The request is too large (limit {{limitBytes}} bytes).',
    REQUEST_UNSUPPORTED_MEDIA_TYPE: 'This content type is not supported.',
    NOT_FOUND: 'The requested item was not found.',
    METHOD_NOT_ALLOWED: 'This operation is not allowed here.',
    RATE_LIMITED: 'Too many requests. Please retry after {{retryAfterSeconds}} seconds.',
    INTERNAL: 'Something went wrong on our side. Please try again later (reference {{requestId}}).',
    SERVICE_UNAVAILABLE: 'The service is temporarily unavailable. Please try again later.',
    AUTH_REQUIRED: 'You are not logged in, please login',
    AUTH_FORBIDDEN: 'You do not have permission for this operation.',
    IDEMPOTENCY_KEY_REUSED: 'This request key was already used for a different request.',
    IDEMPOTENCY_IN_PROGRESS: 'The same request is still being processed. Please wait.',
    CRYPTO_PAYLOAD_INVALID: 'The secure payload could not be read. Please refresh the page and try again.',
    CRYPTO_PAYLOAD_REQUIRED: 'This request must be sent securely. Please refresh the page and try again.',
    SYSTEM_MERCHANT_UNKNOWN: 'Unknown site. Please check the address and try again.',
    SYSTEM_FUNCTION_NOT_ENABLED: 'Function not enabled or operation not allowed',
    SYSTEM_MAINTENANCE: 'The system is under maintenance. Please come back later.',
    SYSTEM_ACCESS_RESTRICTED: 'Access restricted',
  },
  validation: {
    required: 'Input cannot be empty',
    fieldEmpty: '{{field}} is empty',
    invalidType: 'The value has the wrong type',
    tooLong: 'At most {{max}} characters',
    tooShort: 'At least {{min}} characters',
    unknownField: 'Unknown field {{field}}',
    invalid: 'The value is not valid',
  },
} as const;

type Widen<T> = { [K in keyof T]: T[K] extends string ? string : Widen<T[K]> };
/** The shape every language catalogue must have: same keys as English. */
export type Catalogue = Widen<typeof en>;

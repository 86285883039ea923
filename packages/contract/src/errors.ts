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
  // Identity module
  IDENTITY_INVALID_CREDENTIALS: { status: 401, key: 'errors.IDENTITY_INVALID_CREDENTIALS' },
  IDENTITY_CAPTCHA_REQUIRED: { status: 400, key: 'errors.IDENTITY_CAPTCHA_REQUIRED' },
  IDENTITY_CAPTCHA_INVALID: { status: 400, key: 'errors.IDENTITY_CAPTCHA_INVALID' },
  IDENTITY_ACCOUNT_LOCKED: { status: 423, key: 'errors.IDENTITY_ACCOUNT_LOCKED' },
  IDENTITY_ACCOUNT_DISABLED: { status: 403, key: 'errors.IDENTITY_ACCOUNT_DISABLED' },
  IDENTITY_NON_MEMBER_LOGIN: { status: 403, key: 'errors.IDENTITY_NON_MEMBER_LOGIN' },
  IDENTITY_NON_AGENT_LOGIN: { status: 403, key: 'errors.IDENTITY_NON_AGENT_LOGIN' },
  /** The spec's key in_need_true_account: trial (free-play) accounts asking for a real account's call. */
  IDENTITY_REAL_ACCOUNT_REQUIRED: { status: 403, key: 'errors.IDENTITY_REAL_ACCOUNT_REQUIRED' },
  IDENTITY_PASSWORD_CHANGE_REQUIRED: { status: 403, key: 'errors.IDENTITY_PASSWORD_CHANGE_REQUIRED' },
  IDENTITY_OLD_PASSWORD_INCORRECT: { status: 400, key: 'errors.IDENTITY_OLD_PASSWORD_INCORRECT' },
  IDENTITY_PASSWORD_NOT_ALLOWED: { status: 400, key: 'errors.IDENTITY_PASSWORD_NOT_ALLOWED' },
  IDENTITY_USERNAME_TAKEN: { status: 409, key: 'errors.IDENTITY_USERNAME_TAKEN' },
  IDENTITY_MOBILE_TAKEN: { status: 409, key: 'errors.IDENTITY_MOBILE_TAKEN' },
  IDENTITY_INVALID_INVITATION_CODE: { status: 400, key: 'errors.IDENTITY_INVALID_INVITATION_CODE' },
  IDENTITY_RESET_LINK_INVALID: { status: 400, key: 'errors.IDENTITY_RESET_LINK_INVALID' },
  // Phone verification (spec section 8)
  IDENTITY_PHONE_INVALID: { status: 400, key: 'errors.IDENTITY_PHONE_INVALID' },
  IDENTITY_PHONE_MISSING: { status: 400, key: 'errors.IDENTITY_PHONE_MISSING' },
  IDENTITY_SMS_TOO_MANY_REQUESTS: { status: 429, key: 'errors.IDENTITY_SMS_TOO_MANY_REQUESTS' },
  IDENTITY_SMS_SEND_FAILED: { status: 502, key: 'errors.IDENTITY_SMS_SEND_FAILED' },
  IDENTITY_SMS_CODE_INVALID: { status: 400, key: 'errors.IDENTITY_SMS_CODE_INVALID' },
  IDENTITY_SMS_QUOTA_EXCEEDED: { status: 503, key: 'errors.IDENTITY_SMS_QUOTA_EXCEEDED' },
  IDENTITY_SMS_NOT_ENABLED: { status: 403, key: 'errors.IDENTITY_SMS_NOT_ENABLED' },
  IDENTITY_SMS_CODE_EXPIRED: { status: 400, key: 'errors.IDENTITY_SMS_CODE_EXPIRED' },
  // Wallet module
  WALLET_INSUFFICIENT_FUNDS: { status: 409, key: 'errors.WALLET_INSUFFICIENT_FUNDS' },
  WALLET_ACCOUNT_NOT_FOUND: { status: 404, key: 'errors.WALLET_ACCOUNT_NOT_FOUND' },
  WALLET_CURRENCY_MISMATCH: { status: 400, key: 'errors.WALLET_CURRENCY_MISMATCH' },
  WALLET_AMOUNT_INVALID: { status: 400, key: 'errors.WALLET_AMOUNT_INVALID' },
  WALLET_SAME_ACCOUNT: { status: 400, key: 'errors.WALLET_SAME_ACCOUNT' },
  WALLET_IDEMPOTENCY_CONFLICT: { status: 409, key: 'errors.WALLET_IDEMPOTENCY_CONFLICT' },
  WALLET_TRANSFER_NOT_FOUND: { status: 404, key: 'errors.WALLET_TRANSFER_NOT_FOUND' },
  WALLET_TRANSFER_NOT_PENDING: { status: 409, key: 'errors.WALLET_TRANSFER_NOT_PENDING' },
  WALLET_PENDING_ALREADY_RESOLVED: { status: 409, key: 'errors.WALLET_PENDING_ALREADY_RESOLVED' },
  WALLET_TRANSFER_NOT_REVERSIBLE: { status: 409, key: 'errors.WALLET_TRANSFER_NOT_REVERSIBLE' },
  WALLET_ALREADY_REVERSED: { status: 409, key: 'errors.WALLET_ALREADY_REVERSED' },
  // Back office module
  BO_AUTH_REQUIRED: { status: 401, key: 'errors.BO_AUTH_REQUIRED' },
  BO_SESSION_EXPIRED: { status: 401, key: 'errors.BO_SESSION_EXPIRED' },
  BO_FORBIDDEN: { status: 403, key: 'errors.BO_FORBIDDEN' },
  BO_INVALID_CREDENTIALS: { status: 401, key: 'errors.BO_INVALID_CREDENTIALS' },
  BO_TOTP_INVALID: { status: 401, key: 'errors.BO_TOTP_INVALID' },
  BO_CHALLENGE_EXPIRED: { status: 401, key: 'errors.BO_CHALLENGE_EXPIRED' },
  BO_LOGIN_THROTTLED: { status: 429, key: 'errors.BO_LOGIN_THROTTLED' },
  BO_OPERATOR_DISABLED: { status: 403, key: 'errors.BO_OPERATOR_DISABLED' },
  BO_OPERATOR_NOT_FOUND: { status: 404, key: 'errors.BO_OPERATOR_NOT_FOUND' },
  BO_USERNAME_TAKEN: { status: 409, key: 'errors.BO_USERNAME_TAKEN' },
  BO_LAST_OWNER: { status: 409, key: 'errors.BO_LAST_OWNER' },
  BO_SELF_CHANGE: { status: 409, key: 'errors.BO_SELF_CHANGE' },
  BO_PASSWORD_INCORRECT: { status: 400, key: 'errors.BO_PASSWORD_INCORRECT' },
  BO_PASSWORD_REUSED: { status: 400, key: 'errors.BO_PASSWORD_REUSED' },
  BO_PASSWORD_CHANGE_REQUIRED: { status: 403, key: 'errors.BO_PASSWORD_CHANGE_REQUIRED' },
} as const satisfies Record<string, { status: number; key: `errors.${string}` }>;

export type ErrorCode = keyof typeof errorCatalogue;

export function isErrorCode(code: string): code is ErrorCode {
  return Object.hasOwn(errorCatalogue, code);
}

/**
 * PostgreSQL error codes a service retries: the transaction lost a race, not the argument.
 * @see https://www.postgresql.org/docs/current/errcodes-appendix.html
 */
const retryableCodes = new Set(['40001', '40P01']);

/** Whether the error, or one it wraps (drizzle hands the driver's on as `cause`), carries one of `codes`. */
function hasCode(error: unknown, codes: ReadonlySet<string>): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current; depth += 1) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && codes.has(code)) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/** True for serialization failures and deadlocks, which are safe to retry from the start. */
export function isRetryableDbError(error: unknown): boolean {
  return hasCode(error, retryableCodes);
}

const lockTimeoutCodes = new Set(['55P03']);

/** True when a statement gave up waiting for a lock (code 55P03, `lock_timeout`). */
export function isLockTimeout(error: unknown): boolean {
  return hasCode(error, lockTimeoutCodes);
}

const uniqueViolationCodes = new Set(['23505']);

/** True when a unique constraint refused the row (code 23505), for idempotent inserts. */
export function isUniqueViolation(error: unknown): boolean {
  return hasCode(error, uniqueViolationCodes);
}

/**
 * True for an error PostgreSQL answered on a connection that stays usable: it carries a SQLSTATE code and a severity
 * (a socket's EPIPE has a code too, but no severity), and is not a connection exception (class 08) or the server
 * ending the session (57P01-57P03, administrator or crash shutdown).
 */
export function isDatabaseError(error: unknown): boolean {
  // Drizzle wraps the driver's error (its `cause`).
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current; depth += 1) {
    const { code, severity } = current as { code?: unknown; severity?: unknown };
    if (typeof code === 'string' && typeof severity === 'string' && /^[0-9A-Z]{5}$/.test(code)) {
      return !code.startsWith('08') && !/^57P0[123]$/.test(code);
    }
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

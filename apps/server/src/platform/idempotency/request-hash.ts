import { createHash } from 'node:crypto';

/**
 * JSON with object keys sorted at every level, so that two requests that differ only in key order hash the
 * same. Bigints are written as `"<digits>n"`, which no JSON number or string from a client collides with
 * in practice; undefined object members are left out as JSON.stringify does.
 */
export function canonicalJson(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  if (typeof value === 'bigint') return JSON.stringify(`${value.toString()}n`);
  if (typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (value instanceof Date) return JSON.stringify(value.toISOString());
  if (Array.isArray(value)) return `[${value.map((item) => canonicalJson(item)).join(',')}]`;
  const members = Object.entries(value as Record<string, unknown>)
    .filter(([, member]) => member !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([key, member]) => `${JSON.stringify(key)}:${canonicalJson(member)}`);
  return `{${members.join(',')}}`;
}

/** sha-256 (hex) of the canonical JSON of a request: what an idempotency key remembers of its first use. */
export function requestHash(value: unknown): string {
  return createHash('sha256').update(canonicalJson(value)).digest('hex');
}

/** Body members that carry a secret (passwords, PINs, one-time codes): never part of a stored request hash. */
const secretMember = /password|passwd|^pin$|otp|totp|secret/i;

/**
 * The value with every secret member's value replaced by a marker, at every level. A request hash is stored for
 * a day beside the key; a 6-digit payment PIN inside it would fall to an offline search of a million hashes, so the
 * hash remembers that a secret was sent, not which. Two requests that differ only in a secret are the same request
 * for the key: the second gets the first one's answer.
 */
export function withoutSecrets(value: unknown): unknown {
  if (value === null || typeof value !== 'object' || value instanceof Date) return value;
  if (Array.isArray(value)) return value.map((item) => withoutSecrets(item));
  return Object.fromEntries(
    Object.entries(value as Record<string, unknown>).map(([key, member]) => [
      key,
      secretMember.test(key) && member !== undefined && member !== null ? '[secret]' : withoutSecrets(member),
    ]),
  );
}

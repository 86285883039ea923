import { createHash } from 'node:crypto';

/** The `prev_hash` of the first row: there is nothing before it. */
export const genesisHash = '0'.repeat(64);

/** The fields of an audit row that its hash covers: everything but the hashes themselves. */
export type AuditContent = {
  id: number;
  at: Date;
  operatorId: number | null;
  operatorUsername: string | null;
  action: string;
  target: string | null;
  ip: string | null;
  before: unknown;
  after: unknown;
};

/**
 * JSON with object keys sorted at every level and no whitespace, so that the same content always gives
 * the same bytes, whatever order jsonb hands the keys back in. `undefined` becomes null.
 */
export function canonicalJson(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  if (value instanceof Date) return JSON.stringify(value.toISOString());
  if (Array.isArray(value)) return `[${value.map((item) => canonicalJson(item)).join(',')}]`;
  if (typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, item]) => item !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonicalJson(item)}`).join(',')}}`;
  }
  if (typeof value === 'number' && !Number.isFinite(value)) return 'null';
  return JSON.stringify(value);
}

/** sha256(previous hash + canonical JSON of the row), hex. */
export function chainHash(prevHash: string, content: AuditContent): string {
  const body = canonicalJson({
    id: content.id,
    at: content.at.toISOString(),
    operatorId: content.operatorId,
    operatorUsername: content.operatorUsername,
    action: content.action,
    target: content.target,
    ip: content.ip,
    before: content.before ?? null,
    after: content.after ?? null,
  });
  return createHash('sha256').update(prevHash).update(body).digest('hex');
}

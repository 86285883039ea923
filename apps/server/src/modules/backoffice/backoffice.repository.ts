import type { AuditSort, ListSort, OperatorSort } from '@portal/contract';
import { and, asc, count, desc, eq, gt, gte, ilike, inArray, isNull, like, lte, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db';
import {
  backofficeAuditLog,
  backofficeLoginAttempts,
  backofficeLoginChallenges,
  backofficeOperators,
  backofficeSessions,
} from './backoffice.tables';

export type OperatorRow = typeof backofficeOperators.$inferSelect;
export type NewOperatorRow = typeof backofficeOperators.$inferInsert;
export type SessionRow = typeof backofficeSessions.$inferSelect;
export type ChallengeRow = typeof backofficeLoginChallenges.$inferSelect;
export type AuditRow = typeof backofficeAuditLog.$inferSelect;

function first<T>(rows: T[]): T | null {
  return rows[0] ?? null;
}

// ---------------------------------------------------------------- operators

export async function countOperators(db: DbOrTx): Promise<number> {
  const [row] = await db.select({ value: count() }).from(backofficeOperators);
  return row?.value ?? 0;
}

export async function countActiveOwners(db: DbOrTx): Promise<number> {
  const [row] = await db
    .select({ value: count() })
    .from(backofficeOperators)
    .where(and(eq(backofficeOperators.role, 'owner'), eq(backofficeOperators.status, 'active')));
  return row?.value ?? 0;
}

/** Every operator in the chosen order (id breaks ties; never signed in comes last by last sign-in). */
export async function listOperators(
  db: DbOrTx,
  { sort, order }: ListSort<OperatorSort> = { sort: 'id', order: 'asc' },
): Promise<OperatorRow[]> {
  const direction = order === 'desc' ? desc : asc;
  const o = backofficeOperators;
  const primary = {
    id: [],
    username: [direction(sql`lower(${o.username})`)],
    role: [direction(o.role)],
    status: [direction(o.status)],
    lastLoginAt: [sql`${o.lastLoginAt} is null`, direction(o.lastLoginAt)],
  }[sort];
  return db
    .select()
    .from(o)
    .orderBy(...primary, direction(o.id));
}

export async function findOperatorById(db: DbOrTx, id: number): Promise<OperatorRow | null> {
  return first(await db.select().from(backofficeOperators).where(eq(backofficeOperators.id, id)));
}

/** Usernames are unique without regard to case (the unique index is on lower(username)). */
export async function findOperatorByUsername(db: DbOrTx, username: string): Promise<OperatorRow | null> {
  return first(
    await db
      .select()
      .from(backofficeOperators)
      .where(sql`lower(${backofficeOperators.username}) = ${username.toLowerCase()}`),
  );
}

/** Inserts unless the username is taken; null then (the unique index decides, so races are safe). */
export async function insertOperator(db: DbOrTx, values: NewOperatorRow): Promise<OperatorRow | null> {
  return first(await db.insert(backofficeOperators).values(values).onConflictDoNothing().returning());
}

export async function updateOperator(
  db: DbOrTx,
  id: number,
  changes: Partial<Omit<OperatorRow, 'id' | 'createdAt'>>,
): Promise<OperatorRow | null> {
  return first(await db.update(backofficeOperators).set(changes).where(eq(backofficeOperators.id, id)).returning());
}

/** Locks the operator row for a read-check-write within a transaction. */
export async function lockOperator(db: DbOrTx, id: number): Promise<OperatorRow | null> {
  return first(await db.select().from(backofficeOperators).where(eq(backofficeOperators.id, id)).for('update'));
}

/** Locks every owner row in id order, so that two owners cannot remove the last two owners at the same time. */
export async function lockOwners(db: DbOrTx): Promise<void> {
  await db
    .select({ id: backofficeOperators.id })
    .from(backofficeOperators)
    .where(eq(backofficeOperators.role, 'owner'))
    .orderBy(asc(backofficeOperators.id))
    .for('update');
}

// ---------------------------------------------------------------- login attempts and challenges

export async function insertLoginAttempt(
  db: DbOrTx,
  attempt: { username: string; ip: string | null; success: boolean; reason: string; at: Date },
): Promise<void> {
  await db.insert(backofficeLoginAttempts).values(attempt);
}

/** Failures that count towards the throttle since `since`, and the oldest of them (when the window frees up). */
export async function countFailures(
  db: DbOrTx,
  by: { username: string } | { ip: string },
  since: Date,
): Promise<{ failures: number; oldest: Date | null }> {
  const who =
    'username' in by ? eq(backofficeLoginAttempts.username, by.username) : eq(backofficeLoginAttempts.ip, by.ip);
  const [row] = await db
    .select({ failures: count(), oldest: sql<Date | string | null>`min(${backofficeLoginAttempts.at})` })
    .from(backofficeLoginAttempts)
    .where(
      and(
        who,
        eq(backofficeLoginAttempts.success, false),
        inArray(backofficeLoginAttempts.reason, ['password', 'totp']),
        gte(backofficeLoginAttempts.at, since),
      ),
    );
  const oldest = row?.oldest ? new Date(row.oldest) : null;
  return { failures: row?.failures ?? 0, oldest };
}

export async function insertChallenge(db: DbOrTx, values: typeof backofficeLoginChallenges.$inferInsert) {
  await db.insert(backofficeLoginChallenges).values(values);
}

/** The challenge, locked for the attempt being made with it. */
export async function lockChallengeByTokenHash(db: DbOrTx, tokenHash: string): Promise<ChallengeRow | null> {
  return first(
    await db
      .select()
      .from(backofficeLoginChallenges)
      .where(eq(backofficeLoginChallenges.tokenHash, tokenHash))
      .for('update'),
  );
}

export async function updateChallenge(
  db: DbOrTx,
  id: string,
  changes: Partial<Pick<ChallengeRow, 'attempts' | 'usedAt' | 'pendingTotpSecret'>>,
): Promise<void> {
  await db.update(backofficeLoginChallenges).set(changes).where(eq(backofficeLoginChallenges.id, id));
}

/** Challenges never used and long expired are of no further use; cleared when a new one is made. */
export async function deleteExpiredChallenges(db: DbOrTx, before: Date): Promise<void> {
  await db.delete(backofficeLoginChallenges).where(lte(backofficeLoginChallenges.expiresAt, before));
}

/** TOTP secrets still stored plain (not `gcm1:` sealed), of operators and of pending enrolments. */
export async function listPlainTotpSecrets(db: DbOrTx) {
  const operators = await db
    .select({ id: backofficeOperators.id, secret: backofficeOperators.totpSecret })
    .from(backofficeOperators)
    .where(sql`${backofficeOperators.totpSecret} is not null and ${backofficeOperators.totpSecret} not like 'gcm1:%'`);
  const challenges = await db
    .select({ id: backofficeLoginChallenges.id, secret: backofficeLoginChallenges.pendingTotpSecret })
    .from(backofficeLoginChallenges)
    .where(
      sql`${backofficeLoginChallenges.pendingTotpSecret} is not null and ${backofficeLoginChallenges.pendingTotpSecret} not like 'gcm1:%'`,
    );
  return { operators, challenges };
}

/** Replaces a plain secret with its sealed form, only if it is still the plain one read before. */
export async function replaceOperatorTotpSecret(db: DbOrTx, id: number, plain: string, sealed: string) {
  await db
    .update(backofficeOperators)
    .set({ totpSecret: sealed })
    .where(and(eq(backofficeOperators.id, id), eq(backofficeOperators.totpSecret, plain)));
}

export async function replaceChallengeTotpSecret(db: DbOrTx, id: string, plain: string, sealed: string) {
  await db
    .update(backofficeLoginChallenges)
    .set({ pendingTotpSecret: sealed })
    .where(and(eq(backofficeLoginChallenges.id, id), eq(backofficeLoginChallenges.pendingTotpSecret, plain)));
}

// ---------------------------------------------------------------- sessions

export async function insertSession(db: DbOrTx, values: typeof backofficeSessions.$inferInsert): Promise<void> {
  await db.insert(backofficeSessions).values(values);
}

export async function findSessionByTokenHash(
  db: DbOrTx,
  tokenHash: string,
): Promise<{ session: SessionRow; operator: OperatorRow } | null> {
  const row = first(
    await db
      .select({ session: backofficeSessions, operator: backofficeOperators })
      .from(backofficeSessions)
      .innerJoin(backofficeOperators, eq(backofficeOperators.id, backofficeSessions.operatorId))
      .where(eq(backofficeSessions.tokenHash, tokenHash)),
  );
  return row;
}

/** Moves `last_seen_at` forward (never back, when two requests race). */
export async function touchSession(db: DbOrTx, id: string, at: Date): Promise<void> {
  await db
    .update(backofficeSessions)
    .set({ lastSeenAt: at })
    .where(and(eq(backofficeSessions.id, id), sql`${backofficeSessions.lastSeenAt} < ${at}`));
}

export async function revokeSession(db: DbOrTx, id: string, at: Date): Promise<void> {
  await db
    .update(backofficeSessions)
    .set({ revokedAt: at })
    .where(and(eq(backofficeSessions.id, id), isNull(backofficeSessions.revokedAt)));
}

/** Ends every live session of an operator, except `keep` when given (the one changing its password). */
export async function revokeOperatorSessions(db: DbOrTx, operatorId: number, at: Date, keep?: string): Promise<void> {
  const conditions = [
    eq(backofficeSessions.operatorId, operatorId),
    isNull(backofficeSessions.revokedAt),
    gt(backofficeSessions.expiresAt, at),
  ];
  if (keep) conditions.push(sql`${backofficeSessions.id} <> ${keep}`);
  await db
    .update(backofficeSessions)
    .set({ revokedAt: at })
    .where(and(...conditions));
}

// ---------------------------------------------------------------- audit log

/**
 * Serialises writers of the chain: EXCLUSIVE mode conflicts with the ROW EXCLUSIVE lock every INSERT takes,
 * but not with readers, so the audit viewer keeps working while an entry is appended.
 */
export async function lockAuditChain(db: DbOrTx): Promise<void> {
  await db.execute(sql`lock table ${backofficeAuditLog} in exclusive mode`);
}

export async function lastAuditRow(db: DbOrTx): Promise<AuditRow | null> {
  return first(await db.select().from(backofficeAuditLog).orderBy(desc(backofficeAuditLog.id)).limit(1));
}

export async function insertAuditRow(db: DbOrTx, row: AuditRow): Promise<void> {
  await db.insert(backofficeAuditLog).values(row);
}

/** Rows in chain order after `afterId`, for verification in batches. */
export async function auditRowsAfter(db: DbOrTx, afterId: number, limit: number): Promise<AuditRow[]> {
  return db
    .select()
    .from(backofficeAuditLog)
    .where(gt(backofficeAuditLog.id, afterId))
    .orderBy(asc(backofficeAuditLog.id))
    .limit(limit);
}

export type AuditFilter = {
  operator?: string | undefined;
  actionPrefix?: string | undefined;
  target?: string | undefined;
  from?: Date | undefined;
  to?: Date | undefined;
};

function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (char) => `\\${char}`);
}

function auditOrder({ sort, order }: ListSort<AuditSort>): SQL[] {
  const direction = order === 'desc' ? desc : asc;
  const primary = {
    at: backofficeAuditLog.at,
    operator: sql`lower(${backofficeAuditLog.operatorUsername})`,
    action: backofficeAuditLog.action,
    target: backofficeAuditLog.target,
  }[sort];
  return [direction(primary), direction(backofficeAuditLog.id)];
}

/** One page of the audit log in the chosen order (id breaks ties), with the total count for the filter. */
export async function listAudit(
  db: DbOrTx,
  filter: AuditFilter,
  page: { offset: number; limit: number },
  order: ListSort<AuditSort> = { sort: 'at', order: 'desc' },
): Promise<{ rows: AuditRow[]; total: number }> {
  const conditions: SQL[] = [];
  if (filter.operator)
    conditions.push(sql`lower(${backofficeAuditLog.operatorUsername}) = ${filter.operator.toLowerCase()}`);
  if (filter.actionPrefix) conditions.push(like(backofficeAuditLog.action, `${escapeLike(filter.actionPrefix)}%`));
  if (filter.target) conditions.push(ilike(backofficeAuditLog.target, `%${escapeLike(filter.target)}%`));
  if (filter.from) conditions.push(gte(backofficeAuditLog.at, filter.from));
  if (filter.to) conditions.push(lte(backofficeAuditLog.at, filter.to));
  const where = conditions.length > 0 ? and(...conditions) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(backofficeAuditLog)
      .where(where)
      .orderBy(...auditOrder(order))
      .offset(page.offset)
      .limit(page.limit),
    db.select({ value: count() }).from(backofficeAuditLog).where(where),
  ]);
  return { rows, total: total?.value ?? 0 };
}

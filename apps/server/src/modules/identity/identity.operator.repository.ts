import type { ListSort, PlayerSort } from '@portal/contract';
import { and, asc, count, desc, eq, gte, inArray, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db';
import { identityAccounts, identityLoginAttempts, identitySessions, identityTwoFactor } from './identity.tables';

export type OperatorAccountRow = typeof identityAccounts.$inferSelect;
export type OperatorSessionRow = typeof identitySessions.$inferSelect;
export type OperatorLoginAttemptRow = typeof identityLoginAttempts.$inferSelect;

export type AccountSearch = {
  merchantCode: string;
  /** Username, mobile or e-mail containing the text (any case), or the id when the text is a number. */
  text?: string;
  types?: number[];
  status?: string;
};

/** `%`, `_` and `\` typed by an operator are literal characters, not LIKE wildcards. */
function likeContains(text: string): string {
  return `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

function searchWhere(search: AccountSearch) {
  const text = search.text?.trim();
  let textCondition: ReturnType<typeof or> | undefined;
  if (text) {
    const pattern = likeContains(text.toLowerCase());
    const id = /^\d{1,9}$/.test(text) ? Number(text) : null;
    textCondition = or(
      sql`lower(${identityAccounts.username}) like ${pattern}`,
      sql`${identityAccounts.mobile} like ${likeContains(text)}`,
      sql`lower(${identityAccounts.email}) like ${pattern}`,
      id !== null ? eq(identityAccounts.id, id) : undefined,
    );
  }
  return and(
    eq(identityAccounts.merchantCode, search.merchantCode),
    search.types ? inArray(identityAccounts.type, search.types) : undefined,
    search.status ? eq(identityAccounts.status, search.status) : undefined,
    textCondition,
  );
}

function accountOrder({ sort, order }: ListSort<PlayerSort>) {
  const direction = order === 'desc' ? desc : asc;
  // Never-logged-in accounts come last either way: an operator sorting by last login looks for recent activity.
  const primary = {
    createdAt: [direction(identityAccounts.createdAt)],
    username: [direction(sql`lower(${identityAccounts.username})`)],
    lastLoginAt: [sql`${identityAccounts.lastLoginAt} is null`, direction(identityAccounts.lastLoginAt)],
    id: [],
  }[sort];
  return [...primary, direction(identityAccounts.id)];
}

/** Accounts matching a search in the chosen order (newest first by default; id breaks ties). */
export async function searchAccounts(
  db: DbOrTx,
  search: AccountSearch,
  page: { offset: number; limit: number },
  order: ListSort<PlayerSort> = { sort: 'createdAt', order: 'desc' },
): Promise<{ rows: OperatorAccountRow[]; total: number }> {
  const where = searchWhere(search);
  const rows = await db
    .select()
    .from(identityAccounts)
    .where(where)
    .orderBy(...accountOrder(order))
    .offset(page.offset)
    .limit(page.limit);
  const [totals] = await db.select({ total: count() }).from(identityAccounts).where(where);
  return { rows, total: totals?.total ?? 0 };
}

export async function findAccount(db: DbOrTx, merchantCode: string, id: number): Promise<OperatorAccountRow | null> {
  const rows = await db
    .select()
    .from(identityAccounts)
    .where(and(eq(identityAccounts.merchantCode, merchantCode), eq(identityAccounts.id, id)));
  return rows[0] ?? null;
}

export async function findAccounts(db: DbOrTx, ids: number[]): Promise<OperatorAccountRow[]> {
  if (ids.length === 0) return [];
  return db.select().from(identityAccounts).where(inArray(identityAccounts.id, ids));
}

export async function listDownline(
  db: DbOrTx,
  uplineId: number,
  limit: number,
): Promise<{ rows: OperatorAccountRow[]; total: number }> {
  const where = eq(identityAccounts.uplineId, uplineId);
  const rows = await db.select().from(identityAccounts).where(where).orderBy(identityAccounts.id).limit(limit);
  const [totals] = await db.select({ total: count() }).from(identityAccounts).where(where);
  return { rows, total: totals?.total ?? 0 };
}

/**
 * One level of the downline tree: the accounts of this merchant whose upline is `uplineId`, oldest first, each with
 * the number of accounts below it (its own direct downline), so a client opens a level only when asked.
 */
export async function listDownlinePage(
  db: DbOrTx,
  merchantCode: string,
  uplineId: number,
  page: { offset: number; limit: number },
): Promise<{ rows: { account: OperatorAccountRow; downlineTotal: number }[]; total: number }> {
  const where = and(eq(identityAccounts.merchantCode, merchantCode), eq(identityAccounts.uplineId, uplineId));
  const below = db
    .select({ uplineId: identityAccounts.uplineId, total: count().as('total') })
    .from(identityAccounts)
    .where(isNotNull(identityAccounts.uplineId))
    .groupBy(identityAccounts.uplineId)
    .as('below');
  const rows = await db
    .select({ account: identityAccounts, downlineTotal: sql<number>`coalesce(${below.total}, 0)`.mapWith(Number) })
    .from(identityAccounts)
    .leftJoin(below, eq(below.uplineId, identityAccounts.id))
    .where(where)
    .orderBy(asc(identityAccounts.id))
    .offset(page.offset)
    .limit(page.limit);
  const [totals] = await db.select({ total: count() }).from(identityAccounts).where(where);
  return { rows, total: totals?.total ?? 0 };
}

/** Whether the account has two-step verification switched on (enrolled and confirmed). */
export async function hasTwoFactor(db: DbOrTx, accountId: number): Promise<boolean> {
  const rows = await db
    .select({ accountId: identityTwoFactor.accountId })
    .from(identityTwoFactor)
    .where(and(eq(identityTwoFactor.accountId, accountId), isNotNull(identityTwoFactor.enabledAt)));
  return rows.length > 0;
}

/** Removes the account's authenticator (confirmed or half set up); false when it had none. */
export async function deleteTwoFactor(db: DbOrTx, accountId: number): Promise<boolean> {
  const rows = await db
    .delete(identityTwoFactor)
    .where(eq(identityTwoFactor.accountId, accountId))
    .returning({ accountId: identityTwoFactor.accountId });
  return rows.length > 0;
}

/** Lifts a lockout after wrong passwords: the failure count starts again. */
export async function clearLockout(db: DbOrTx, accountId: number, now: Date): Promise<void> {
  await db
    .update(identityAccounts)
    .set({ failedLoginCount: 0, lockedUntil: null, updatedAt: now })
    .where(eq(identityAccounts.id, accountId));
}

export async function listSessions(db: DbOrTx, accountId: number, limit: number): Promise<OperatorSessionRow[]> {
  return db
    .select()
    .from(identitySessions)
    .where(eq(identitySessions.accountId, accountId))
    .orderBy(desc(identitySessions.createdAt))
    .limit(limit);
}

/** Login attempts of the account: by its id, or by its username for attempts recorded before it was known. */
export async function listLoginAttempts(
  db: DbOrTx,
  merchantCode: string,
  account: { id: number; username: string },
  limit: number,
): Promise<OperatorLoginAttemptRow[]> {
  return db
    .select()
    .from(identityLoginAttempts)
    .where(
      and(
        eq(identityLoginAttempts.merchantCode, merchantCode),
        or(
          eq(identityLoginAttempts.accountId, account.id),
          and(
            isNull(identityLoginAttempts.accountId),
            eq(identityLoginAttempts.username, account.username.toLowerCase()),
          ),
        ),
      ),
    )
    .orderBy(desc(identityLoginAttempts.at), desc(identityLoginAttempts.id))
    .limit(limit);
}

export async function markMustChangePassword(db: DbOrTx, accountId: number, now: Date): Promise<void> {
  await db
    .update(identityAccounts)
    .set({ mustChangePassword: true, updatedAt: now })
    .where(eq(identityAccounts.id, accountId));
}

export async function revokeSessions(db: DbOrTx, accountId: number, now: Date): Promise<number> {
  const rows = await db
    .update(identitySessions)
    .set({ revokedAt: now })
    .where(and(eq(identitySessions.accountId, accountId), isNull(identitySessions.revokedAt)))
    .returning({ id: identitySessions.id });
  return rows.length;
}

/** Accounts created in [from, to). */
export async function countRegistrations(db: DbOrTx, merchantCode: string, from: Date, to: Date): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(identityAccounts)
    .where(
      and(
        eq(identityAccounts.merchantCode, merchantCode),
        gte(identityAccounts.createdAt, from),
        lt(identityAccounts.createdAt, to),
      ),
    );
  return row?.total ?? 0;
}

/** Accounts with a session that was in use during [from, to): started before its end and seen after its start. */
export async function countActiveAccounts(db: DbOrTx, merchantCode: string, from: Date, to: Date): Promise<number> {
  const [row] = await db
    .select({ total: sql<number>`count(distinct ${identitySessions.accountId})`.mapWith(Number) })
    .from(identitySessions)
    .innerJoin(identityAccounts, eq(identityAccounts.id, identitySessions.accountId))
    .where(
      and(
        eq(identityAccounts.merchantCode, merchantCode),
        lt(identitySessions.createdAt, to),
        gte(identitySessions.lastSeenAt, from),
      ),
    );
  return row?.total ?? 0;
}

/** Conditions of a message segment, on the identity side (see `segmentAccountIds`). */
export type AccountSegmentFilter = {
  merchantCode: string;
  types: number[];
  registeredFrom: Date | null;
  registeredTo: Date | null;
  /** Only accounts below this agent: its direct downline, or (with `wholeDownline`) every level below it. */
  uplineId: number | null;
  wholeDownline: boolean;
};

/** Ids of the active accounts matching a segment, in id order. */
export async function segmentAccountIds(db: DbOrTx, filter: AccountSegmentFilter): Promise<number[]> {
  let below: ReturnType<typeof sql> | undefined;
  if (filter.uplineId !== null && filter.wholeDownline) {
    // Every level below the agent; `union` (not `union all`) stops a loop in bad data from running forever.
    below = sql`${identityAccounts.id} in (
      with recursive tree(id) as (
        select id from identity_accounts where upline_id = ${filter.uplineId}
        union
        select child.id from identity_accounts child join tree on child.upline_id = tree.id
      )
      select id from tree
    )`;
  } else if (filter.uplineId !== null) {
    below = sql`${identityAccounts.uplineId} = ${filter.uplineId}`;
  }
  const rows = await db
    .select({ id: identityAccounts.id })
    .from(identityAccounts)
    .where(
      and(
        eq(identityAccounts.merchantCode, filter.merchantCode),
        eq(identityAccounts.status, 'active'),
        inArray(identityAccounts.type, filter.types),
        filter.registeredFrom ? gte(identityAccounts.createdAt, filter.registeredFrom) : undefined,
        filter.registeredTo ? lt(identityAccounts.createdAt, filter.registeredTo) : undefined,
        below,
      ),
    )
    .orderBy(asc(identityAccounts.id));
  return rows.map((row) => row.id);
}

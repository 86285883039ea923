import { and, count, desc, eq, gt, gte, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db';
import {
  identityAccounts,
  identityCaptchas,
  identityLoginAttempts,
  identityPasswordResets,
  identitySessions,
  identitySmsCodes,
} from './identity.tables';

export type AccountRow = typeof identityAccounts.$inferSelect;
export type NewAccountRow = typeof identityAccounts.$inferInsert;
export type SessionRow = typeof identitySessions.$inferSelect;
export type NewSessionRow = typeof identitySessions.$inferInsert;
export type SmsCodeRow = typeof identitySmsCodes.$inferSelect;

function first<T>(rows: T[]): T | null {
  return rows[0] ?? null;
}

// ---------------------------------------------------------------- accounts

export async function findAccountById(db: DbOrTx, id: number): Promise<AccountRow | null> {
  return first(await db.select().from(identityAccounts).where(eq(identityAccounts.id, id)));
}

/** Usernames are unique without regard to case (the unique index is on lower(username)). */
export async function findAccountByUsername(
  db: DbOrTx,
  merchantCode: string,
  username: string,
): Promise<AccountRow | null> {
  return first(
    await db
      .select()
      .from(identityAccounts)
      .where(
        and(
          eq(identityAccounts.merchantCode, merchantCode),
          sql`lower(${identityAccounts.username}) = ${username.toLowerCase()}`,
        ),
      ),
  );
}

export async function findAccountByMobile(
  db: DbOrTx,
  merchantCode: string,
  mobile: string,
): Promise<AccountRow | null> {
  return first(
    await db
      .select()
      .from(identityAccounts)
      .where(and(eq(identityAccounts.merchantCode, merchantCode), eq(identityAccounts.mobile, mobile))),
  );
}

export async function findAccountByInviteCode(
  db: DbOrTx,
  merchantCode: string,
  inviteCode: string,
): Promise<AccountRow | null> {
  return first(
    await db
      .select()
      .from(identityAccounts)
      .where(and(eq(identityAccounts.merchantCode, merchantCode), eq(identityAccounts.inviteCode, inviteCode))),
  );
}

export async function insertAccount(db: DbOrTx, values: NewAccountRow): Promise<AccountRow> {
  const row = first(await db.insert(identityAccounts).values(values).returning());
  if (!row) throw new Error('account insert returned no row');
  return row;
}

export async function updateAccount(
  db: DbOrTx,
  id: number,
  changes: Partial<Omit<NewAccountRow, 'id' | 'merchantCode' | 'createdAt'>> & { updatedAt: Date },
): Promise<AccountRow | null> {
  return first(await db.update(identityAccounts).set(changes).where(eq(identityAccounts.id, id)).returning());
}

/** Sets the payee (real) name only while the account has none; returns the row either way (null if no account). */
export async function setRealNameIfEmpty(
  db: DbOrTx,
  id: number,
  realName: string,
  updatedAt: Date,
): Promise<AccountRow | null> {
  await db
    .update(identityAccounts)
    .set({ realName, updatedAt })
    .where(and(eq(identityAccounts.id, id), isNull(identityAccounts.realName)));
  return first(await db.select().from(identityAccounts).where(eq(identityAccounts.id, id)));
}

/** Accounts whose upline is the given agent, oldest first. */
export async function listDownline(db: DbOrTx, uplineId: number): Promise<AccountRow[]> {
  return db.select().from(identityAccounts).where(eq(identityAccounts.uplineId, uplineId)).orderBy(identityAccounts.id);
}

/**
 * Counts one wrong password in a single statement, so concurrent attempts cannot lose an increment (each
 * UPDATE waits for the row lock of the one before and re-reads the row). A lock that has run out starts a
 * fresh count; reaching `maxFailures` sets `locked_until`.
 */
export async function recordPasswordFailure(
  db: DbOrTx,
  id: number,
  input: { now: Date; maxFailures: number; lockUntil: Date },
): Promise<{ failedLoginCount: number; lockedUntil: Date | null }> {
  const expired = sql`(${identityAccounts.lockedUntil} is not null and ${identityAccounts.lockedUntil} <= ${input.now})`;
  const nextCount = sql`(case when ${expired} then 1 else ${identityAccounts.failedLoginCount} + 1 end)`;
  const row = first(
    await db
      .update(identityAccounts)
      .set({
        failedLoginCount: sql`${nextCount}`,
        lockedUntil: sql`case when ${nextCount} >= ${input.maxFailures} then ${input.lockUntil}::timestamptz when ${expired} then null else ${identityAccounts.lockedUntil} end`,
      })
      .where(eq(identityAccounts.id, id))
      .returning({ failedLoginCount: identityAccounts.failedLoginCount, lockedUntil: identityAccounts.lockedUntil }),
  );
  if (!row) throw new Error(`account ${id} vanished while counting a failed login`);
  return row;
}

/** A successful login: the failure count starts again and the login is remembered. */
export async function recordLoginSuccess(
  db: DbOrTx,
  id: number,
  input: { now: Date; ip: string | null; resetFailures: boolean },
): Promise<void> {
  await db
    .update(identityAccounts)
    .set({
      lastLoginAt: input.now,
      lastLoginIp: input.ip,
      ...(input.resetFailures ? { failedLoginCount: 0, lockedUntil: null } : {}),
    })
    .where(eq(identityAccounts.id, id));
}

// ---------------------------------------------------------------- sessions

export async function insertSession(db: DbOrTx, values: NewSessionRow): Promise<void> {
  await db.insert(identitySessions).values(values);
}

export type SessionWithAccount = { session: SessionRow; account: AccountRow };

export async function findSessionByTokenHash(db: DbOrTx, tokenHash: string): Promise<SessionWithAccount | null> {
  return first(
    await db
      .select({ session: identitySessions, account: identityAccounts })
      .from(identitySessions)
      .innerJoin(identityAccounts, eq(identityAccounts.id, identitySessions.accountId))
      .where(eq(identitySessions.tokenHash, tokenHash)),
  );
}

export async function findSessionById(db: DbOrTx, id: string): Promise<SessionRow | null> {
  return first(await db.select().from(identitySessions).where(eq(identitySessions.id, id)));
}

/** Moves the idle deadline on, at most once per `notBefore` so that reads do not all become writes. */
export async function touchSession(db: DbOrTx, id: string, now: Date, notBefore: Date): Promise<void> {
  await db
    .update(identitySessions)
    .set({ lastSeenAt: now })
    .where(and(eq(identitySessions.id, id), sql`${identitySessions.lastSeenAt} < ${notBefore}`));
}

export async function revokeSession(db: DbOrTx, id: string, now: Date): Promise<void> {
  await db
    .update(identitySessions)
    .set({ revokedAt: now })
    .where(and(eq(identitySessions.id, id), isNull(identitySessions.revokedAt)));
}

/** Ends every live session of an account, except one when given (the session that changed the password). */
export async function revokeAccountSessions(
  db: DbOrTx,
  accountId: number,
  now: Date,
  exceptSessionId?: string,
): Promise<number> {
  const conditions = [eq(identitySessions.accountId, accountId), isNull(identitySessions.revokedAt)];
  if (exceptSessionId) conditions.push(ne(identitySessions.id, exceptSessionId));
  const rows = await db
    .update(identitySessions)
    .set({ revokedAt: now })
    .where(and(...conditions))
    .returning({ id: identitySessions.id });
  return rows.length;
}

export async function clearPasswordChangeRequired(db: DbOrTx, sessionId: string): Promise<void> {
  await db.update(identitySessions).set({ passwordChangeRequired: false }).where(eq(identitySessions.id, sessionId));
}

// ---------------------------------------------------------------- captchas

export async function insertCaptcha(
  db: DbOrTx,
  values: { id: string; answer: string; createdAt: Date; expiresAt: Date },
): Promise<void> {
  await db.insert(identityCaptchas).values(values);
}

/** Deletes the captcha and returns it: whoever deletes it first is the only one who may use it. */
export async function takeCaptcha(db: DbOrTx, id: string): Promise<{ answer: string; expiresAt: Date } | null> {
  return first(
    await db
      .delete(identityCaptchas)
      .where(eq(identityCaptchas.id, id))
      .returning({ answer: identityCaptchas.answer, expiresAt: identityCaptchas.expiresAt }),
  );
}

export async function findCaptcha(db: DbOrTx, id: string): Promise<{ answer: string; expiresAt: Date } | null> {
  return first(
    await db
      .select({ answer: identityCaptchas.answer, expiresAt: identityCaptchas.expiresAt })
      .from(identityCaptchas)
      .where(eq(identityCaptchas.id, id)),
  );
}

export async function deleteExpiredCaptchas(db: DbOrTx, before: Date): Promise<void> {
  await db.delete(identityCaptchas).where(sql`${identityCaptchas.expiresAt} < ${before}`);
}

// ---------------------------------------------------------------- login attempts

export async function insertLoginAttempt(db: DbOrTx, values: typeof identityLoginAttempts.$inferInsert): Promise<void> {
  await db.insert(identityLoginAttempts).values(values);
}

/**
 * Failed logins since `since`: of a username after its last success, and from an IP. What the captcha
 * rule counts (spec section 4: the failure response carries a captcha flag).
 */
export async function countLoginFailures(
  db: DbOrTx,
  input: { merchantCode: string; username: string; ip: string | null; since: Date },
): Promise<{ byUsername: number; byIp: number }> {
  const lastSuccess = sql`coalesce((select max(s.at) from identity_login_attempts s where s.merchant_code = ${input.merchantCode} and s.username = ${input.username} and s.success), '-infinity'::timestamptz)`;
  const [byUsername] = await db
    .select({ value: count() })
    .from(identityLoginAttempts)
    .where(
      and(
        eq(identityLoginAttempts.merchantCode, input.merchantCode),
        eq(identityLoginAttempts.username, input.username),
        eq(identityLoginAttempts.success, false),
        gte(identityLoginAttempts.at, input.since),
        sql`${identityLoginAttempts.at} > ${lastSuccess}`,
      ),
    );
  let byIp = 0;
  if (input.ip) {
    const [row] = await db
      .select({ value: count() })
      .from(identityLoginAttempts)
      .where(
        and(
          eq(identityLoginAttempts.merchantCode, input.merchantCode),
          eq(identityLoginAttempts.ip, input.ip),
          eq(identityLoginAttempts.success, false),
          gte(identityLoginAttempts.at, input.since),
        ),
      );
    byIp = row?.value ?? 0;
  }
  return { byUsername: byUsername?.value ?? 0, byIp };
}

// ---------------------------------------------------------------- SMS codes

/**
 * Serialises the sends to one number until the transaction ends, so that two concurrent requests cannot
 * both pass the per-number throttle. Keyed by a hash of the merchant and the number.
 */
export async function lockMobileForSend(tx: DbOrTx, merchantCode: string, mobile: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`identity-sms:${merchantCode}:${mobile}`}))`);
}

export type SmsSendStats = {
  lastSentToMobileAt: Date | null;
  /** Sends to this number since the window start. */
  byMobile: number;
  /** Sends requested from this IP since the window start. */
  byIp: number;
  /** Messages handed to the provider (pending or sent) since the day start: what the quota counts. */
  sentToday: number;
  /** Oldest send still inside the window, for the number or the IP, whichever is over the limit. */
  oldestInWindowAt: Date | null;
};

export async function smsSendStats(
  db: DbOrTx,
  input: { merchantCode: string; mobile: string; ip: string | null; windowStart: Date; dayStart: Date },
): Promise<SmsSendStats> {
  const m = identitySmsCodes;
  const [mobile] = await db
    .select({
      last: sql<Date | null>`max(${m.createdAt})`.mapWith((value) => (value ? new Date(value) : null)),
      inWindow: sql<number>`count(*) filter (where ${m.createdAt} >= ${input.windowStart})`.mapWith(Number),
      oldest: sql<Date | null>`min(${m.createdAt}) filter (where ${m.createdAt} >= ${input.windowStart})`.mapWith(
        (value) => (value ? new Date(value) : null),
      ),
    })
    .from(m)
    .where(and(eq(m.merchantCode, input.merchantCode), eq(m.mobile, input.mobile)));
  let byIp = 0;
  let oldestIp: Date | null = null;
  if (input.ip) {
    const [ip] = await db
      .select({
        inWindow: count(),
        oldest: sql<Date | null>`min(${m.createdAt})`.mapWith((value) => (value ? new Date(value) : null)),
      })
      .from(m)
      .where(and(eq(m.merchantCode, input.merchantCode), eq(m.ip, input.ip), gte(m.createdAt, input.windowStart)));
    byIp = ip?.inWindow ?? 0;
    oldestIp = ip?.oldest ?? null;
  }
  const [today] = await db
    .select({ value: count() })
    .from(m)
    .where(
      and(
        eq(m.merchantCode, input.merchantCode),
        inArray(m.status, ['PENDING', 'SENT']),
        gte(m.createdAt, input.dayStart),
      ),
    );
  const byMobile = mobile?.inWindow ?? 0;
  return {
    lastSentToMobileAt: mobile?.last ?? null,
    byMobile,
    byIp,
    sentToday: today?.value ?? 0,
    oldestInWindowAt: byMobile >= byIp ? (mobile?.oldest ?? null) : oldestIp,
  };
}

export async function insertSmsCode(db: DbOrTx, values: typeof identitySmsCodes.$inferInsert): Promise<SmsCodeRow> {
  const row = first(await db.insert(identitySmsCodes).values(values).returning());
  if (!row) throw new Error('SMS code insert returned no row');
  return row;
}

export async function setSmsCodeStatus(db: DbOrTx, id: number, status: 'SENT' | 'FAILED'): Promise<void> {
  await db.update(identitySmsCodes).set({ status }).where(eq(identitySmsCodes.id, id));
}

/** The newest code sent to a number for a purpose: sending a new code voids the older ones. */
export async function findLatestSmsCode(
  db: DbOrTx,
  input: { merchantCode: string; mobile: string; purpose: string },
): Promise<SmsCodeRow | null> {
  const m = identitySmsCodes;
  return first(
    await db
      .select()
      .from(m)
      .where(
        and(
          eq(m.merchantCode, input.merchantCode),
          eq(m.mobile, input.mobile),
          eq(m.purpose, input.purpose),
          eq(m.status, 'SENT'),
        ),
      )
      .orderBy(desc(m.createdAt), desc(m.id))
      .limit(1),
  );
}

/** Counts a wrong code atomically; null when the code was already used up or consumed meanwhile. */
export async function countSmsCodeMiss(db: DbOrTx, id: number, maxAttempts: number): Promise<number | null> {
  const m = identitySmsCodes;
  const row = first(
    await db
      .update(m)
      .set({ attempts: sql`${m.attempts} + 1` })
      .where(and(eq(m.id, id), isNull(m.consumedAt), sql`${m.attempts} < ${maxAttempts}`))
      .returning({ attempts: m.attempts }),
  );
  return row?.attempts ?? null;
}

/** Marks the code used; false when another request used it first. */
export async function consumeSmsCode(db: DbOrTx, id: number, now: Date): Promise<boolean> {
  const m = identitySmsCodes;
  const rows = await db
    .update(m)
    .set({ consumedAt: now })
    .where(and(eq(m.id, id), isNull(m.consumedAt)))
    .returning({ id: m.id });
  return rows.length > 0;
}

// ---------------------------------------------------------------- password resets

export async function insertPasswordReset(
  db: DbOrTx,
  values: typeof identityPasswordResets.$inferInsert,
): Promise<void> {
  await db.insert(identityPasswordResets).values(values);
}

export async function latestPasswordResetAt(db: DbOrTx, accountId: number): Promise<Date | null> {
  const [row] = await db
    .select({ createdAt: identityPasswordResets.createdAt })
    .from(identityPasswordResets)
    .where(eq(identityPasswordResets.accountId, accountId))
    .orderBy(desc(identityPasswordResets.createdAt))
    .limit(1);
  return row?.createdAt ?? null;
}

/** Uses a reset token once: the account id when it was unused and unexpired, else null. */
export async function usePasswordReset(db: DbOrTx, tokenHash: string, now: Date): Promise<number | null> {
  const r = identityPasswordResets;
  const row = first(
    await db
      .update(r)
      .set({ usedAt: now })
      .where(and(eq(r.tokenHash, tokenHash), isNull(r.usedAt), gt(r.expiresAt, now)))
      .returning({ accountId: r.accountId }),
  );
  return row?.accountId ?? null;
}

/** Whether another account of the merchant has this e-mail address verified (compared without case). */
export async function verifiedEmailUsedByOther(
  db: DbOrTx,
  merchantCode: string,
  email: string,
  accountId: number,
): Promise<boolean> {
  const rows = await db
    .select({ id: identityAccounts.id })
    .from(identityAccounts)
    .where(
      and(
        eq(identityAccounts.merchantCode, merchantCode),
        sql`lower(${identityAccounts.email}) = ${email.toLowerCase()}`,
        eq(identityAccounts.emailVerified, true),
        ne(identityAccounts.id, accountId),
      ),
    )
    .limit(1);
  return rows.length > 0;
}

/** The account whose verified e-mail address this is (compared without case), if any. */
export async function findAccountByVerifiedEmail(
  db: DbOrTx,
  merchantCode: string,
  email: string,
): Promise<AccountRow | null> {
  return first(
    await db
      .select()
      .from(identityAccounts)
      .where(
        and(
          eq(identityAccounts.merchantCode, merchantCode),
          sql`lower(${identityAccounts.email}) = ${email.toLowerCase()}`,
          eq(identityAccounts.emailVerified, true),
        ),
      )
      .limit(1),
  );
}

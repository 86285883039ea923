import { and, desc, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db';
import {
  identityEmailCodes,
  identityKnownIps,
  identityLoginChallenges,
  identityOidcLinks,
  identityOidcStates,
  identitySessions,
  identityTwoFactor,
} from './identity.tables';

export type ChallengeRow = typeof identityLoginChallenges.$inferSelect;
export type EmailCodeRow = typeof identityEmailCodes.$inferSelect;
export type TwoFactorRow = typeof identityTwoFactor.$inferSelect;

function first<T>(rows: T[]): T | null {
  return rows[0] ?? null;
}

// ---------------------------------------------------------------- known IPs

export async function countKnownIps(db: DbOrTx, accountId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(identityKnownIps)
    .where(eq(identityKnownIps.accountId, accountId));
  return row?.n ?? 0;
}

export async function isKnownIp(db: DbOrTx, accountId: number, ipPrefix: string): Promise<boolean> {
  const rows = await db
    .select({ accountId: identityKnownIps.accountId })
    .from(identityKnownIps)
    .where(and(eq(identityKnownIps.accountId, accountId), eq(identityKnownIps.ipPrefix, ipPrefix)));
  return rows.length > 0;
}

/** Adds the prefix, or moves its last-seen time on; concurrent logins from one prefix do not clash. */
export async function rememberIp(db: DbOrTx, accountId: number, ipPrefix: string, now: Date): Promise<void> {
  await db
    .insert(identityKnownIps)
    .values({ accountId, ipPrefix, firstSeenAt: now, lastSeenAt: now })
    .onConflictDoUpdate({
      target: [identityKnownIps.accountId, identityKnownIps.ipPrefix],
      set: { lastSeenAt: now },
    });
}

// ---------------------------------------------------------------- login challenges

export async function insertChallenge(db: DbOrTx, values: typeof identityLoginChallenges.$inferInsert): Promise<void> {
  await db.insert(identityLoginChallenges).values(values);
}

export async function findChallenge(db: DbOrTx, id: string): Promise<ChallengeRow | null> {
  return first(await db.select().from(identityLoginChallenges).where(eq(identityLoginChallenges.id, id)));
}

/**
 * Counts one wrong answer in one statement, so concurrent wrong answers all count; answers the new count,
 * or null when the challenge is gone.
 */
export async function countChallengeFailure(db: DbOrTx, id: string): Promise<number | null> {
  const rows = await db
    .update(identityLoginChallenges)
    .set({ failedAttempts: sql`${identityLoginChallenges.failedAttempts} + 1` })
    .where(eq(identityLoginChallenges.id, id))
    .returning({ failedAttempts: identityLoginChallenges.failedAttempts });
  return rows[0]?.failedAttempts ?? null;
}

/** Marks the challenge used when it is still open; false when it was completed, ran out or got locked meanwhile. */
export async function completeChallenge(db: DbOrTx, id: string, now: Date, maxFailures: number): Promise<boolean> {
  const rows = await db
    .update(identityLoginChallenges)
    .set({ completedAt: now })
    .where(
      and(
        eq(identityLoginChallenges.id, id),
        isNull(identityLoginChallenges.completedAt),
        gt(identityLoginChallenges.expiresAt, now),
        lt(identityLoginChallenges.failedAttempts, maxFailures),
      ),
    )
    .returning({ id: identityLoginChallenges.id });
  return rows.length > 0;
}

// ---------------------------------------------------------------- e-mailed codes

export async function insertEmailCode(db: DbOrTx, values: typeof identityEmailCodes.$inferInsert): Promise<void> {
  await db.insert(identityEmailCodes).values(values);
}

export async function findLatestEmailCode(
  db: DbOrTx,
  accountId: number,
  purpose: string,
): Promise<EmailCodeRow | null> {
  return first(
    await db
      .select()
      .from(identityEmailCodes)
      .where(and(eq(identityEmailCodes.accountId, accountId), eq(identityEmailCodes.purpose, purpose)))
      .orderBy(desc(identityEmailCodes.createdAt), desc(identityEmailCodes.id))
      .limit(1),
  );
}

export async function countEmailCodeMiss(db: DbOrTx, id: number): Promise<void> {
  await db
    .update(identityEmailCodes)
    .set({ attempts: sql`${identityEmailCodes.attempts} + 1` })
    .where(eq(identityEmailCodes.id, id));
}

/** Uses the code up; false when someone used it first. */
export async function consumeEmailCode(db: DbOrTx, id: number, now: Date): Promise<boolean> {
  const rows = await db
    .update(identityEmailCodes)
    .set({ consumedAt: now })
    .where(and(eq(identityEmailCodes.id, id), isNull(identityEmailCodes.consumedAt)))
    .returning({ id: identityEmailCodes.id });
  return rows.length > 0;
}

// ---------------------------------------------------------------- two-factor

export async function findTwoFactor(db: DbOrTx, accountId: number): Promise<TwoFactorRow | null> {
  return first(await db.select().from(identityTwoFactor).where(eq(identityTwoFactor.accountId, accountId)));
}

/** Starts (or restarts) enrolment with a new secret; refused by the caller while 2FA is on. */
export async function upsertPendingTwoFactor(db: DbOrTx, accountId: number, secret: string, now: Date): Promise<void> {
  await db
    .insert(identityTwoFactor)
    .values({ accountId, secret, createdAt: now, updatedAt: now })
    .onConflictDoUpdate({
      target: identityTwoFactor.accountId,
      set: { secret, enabledAt: null, lastStep: null, recoveryCodeHashes: [], updatedAt: now },
      where: isNull(identityTwoFactor.enabledAt),
    });
}

/**
 * Records a used time step when it is newer than the last one; false when the step (or a later one) was
 * already used, so one code cannot log in twice.
 */
export async function useTotpStep(db: DbOrTx, accountId: number, step: number, now: Date): Promise<boolean> {
  const rows = await db
    .update(identityTwoFactor)
    .set({ lastStep: step, updatedAt: now })
    .where(
      and(
        eq(identityTwoFactor.accountId, accountId),
        or(isNull(identityTwoFactor.lastStep), lt(identityTwoFactor.lastStep, step)),
      ),
    )
    .returning({ accountId: identityTwoFactor.accountId });
  return rows.length > 0;
}

export async function enableTwoFactor(
  db: DbOrTx,
  accountId: number,
  recoveryCodeHashes: string[],
  now: Date,
): Promise<boolean> {
  const rows = await db
    .update(identityTwoFactor)
    .set({ enabledAt: now, recoveryCodeHashes, updatedAt: now })
    .where(and(eq(identityTwoFactor.accountId, accountId), isNull(identityTwoFactor.enabledAt)))
    .returning({ accountId: identityTwoFactor.accountId });
  return rows.length > 0;
}

export async function deleteTwoFactor(db: DbOrTx, accountId: number): Promise<void> {
  await db.delete(identityTwoFactor).where(eq(identityTwoFactor.accountId, accountId));
}

/** Removes one recovery code when it is still unused (jsonb array minus the element); false otherwise. */
export async function useRecoveryCode(db: DbOrTx, accountId: number, codeHash: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(identityTwoFactor)
    .set({
      recoveryCodeHashes: sql`${identityTwoFactor.recoveryCodeHashes} - ${codeHash}::text`,
      updatedAt: now,
    })
    .where(
      and(eq(identityTwoFactor.accountId, accountId), sql`${identityTwoFactor.recoveryCodeHashes} ? ${codeHash}::text`),
    )
    .returning({ accountId: identityTwoFactor.accountId });
  return rows.length > 0;
}

// ---------------------------------------------------------------- recent logins

export async function recentSessions(db: DbOrTx, accountId: number, limit: number) {
  return db
    .select({
      createdAt: identitySessions.createdAt,
      ip: identitySessions.ip,
      device: identitySessions.device,
      userAgent: identitySessions.userAgent,
      loginMethod: identitySessions.loginMethod,
    })
    .from(identitySessions)
    .where(eq(identitySessions.accountId, accountId))
    .orderBy(desc(identitySessions.createdAt))
    .limit(limit);
}

// ---------------------------------------------------------------- OpenID Connect

export async function insertOidcState(db: DbOrTx, values: typeof identityOidcStates.$inferInsert): Promise<void> {
  await db.insert(identityOidcStates).values(values);
}

/** Uses up the state of a callback: the row when it was open (unused, unexpired, this provider), otherwise null. */
export async function takeOidcState(
  db: DbOrTx,
  stateHash: string,
  provider: string,
  now: Date,
): Promise<typeof identityOidcStates.$inferSelect | null> {
  const rows = await db
    .update(identityOidcStates)
    .set({ usedAt: now })
    .where(
      and(
        eq(identityOidcStates.stateHash, stateHash),
        eq(identityOidcStates.provider, provider),
        isNull(identityOidcStates.usedAt),
        gt(identityOidcStates.expiresAt, now),
      ),
    )
    .returning();
  return rows[0] ?? null;
}

export async function deleteExpiredOidcStates(db: DbOrTx, before: Date): Promise<void> {
  await db.delete(identityOidcStates).where(lt(identityOidcStates.expiresAt, before));
}

export async function findOidcLink(db: DbOrTx, provider: string, subject: string) {
  return first(
    await db
      .select()
      .from(identityOidcLinks)
      .where(and(eq(identityOidcLinks.provider, provider), eq(identityOidcLinks.subject, subject))),
  );
}

/** Links a provider account; a concurrent first login of the same one keeps the link made first. */
export async function insertOidcLink(db: DbOrTx, values: typeof identityOidcLinks.$inferInsert): Promise<void> {
  await db.insert(identityOidcLinks).values(values).onConflictDoNothing();
}

export async function touchOidcLink(db: DbOrTx, provider: string, subject: string, now: Date): Promise<void> {
  await db
    .update(identityOidcLinks)
    .set({ lastLoginAt: now })
    .where(and(eq(identityOidcLinks.provider, provider), eq(identityOidcLinks.subject, subject)));
}

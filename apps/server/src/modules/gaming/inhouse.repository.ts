import { and, asc, desc, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db';
import { gamingInhouseRounds, gamingInhouseSeeds } from './gaming.tables';

export type SeedRow = typeof gamingInhouseSeeds.$inferSelect;
export type InhouseRoundRow = typeof gamingInhouseRounds.$inferSelect;

const s = gamingInhouseSeeds;
const r = gamingInhouseRounds;

export async function activeSeed(db: DbOrTx, merchantCode: string, accountId: number): Promise<SeedRow | null> {
  const rows = await db
    .select()
    .from(s)
    .where(and(eq(s.merchantCode, merchantCode), eq(s.accountId, accountId), isNull(s.revealedAt)))
    .limit(1);
  return rows[0] ?? null;
}

/** Inserts a new active seed pair; null when another one became active first (the partial unique index). */
export async function insertSeed(
  db: DbOrTx,
  row: { merchantCode: string; accountId: number; serverSeed: string; serverSeedHash: string; clientSeed: string },
): Promise<SeedRow | null> {
  const rows = await db.insert(s).values(row).onConflictDoNothing().returning();
  return rows[0] ?? null;
}

/** Locks the member's active seed pair and takes its next nonce (one bet at a time per member). */
export async function takeNonce(db: DbOrTx, seedId: number): Promise<SeedRow | null> {
  const rows = await db
    .update(s)
    .set({ nextNonce: sql`${s.nextNonce} + 1` })
    .where(and(eq(s.id, seedId), isNull(s.revealedAt)))
    .returning();
  return rows[0] ?? null;
}

/** Reveals a seed pair (no more bets under it); false when it was already revealed. */
export async function revealSeed(db: DbOrTx, seedId: number, at: Date): Promise<SeedRow | null> {
  const rows = await db
    .update(s)
    .set({ revealedAt: at })
    .where(and(eq(s.id, seedId), isNull(s.revealedAt)))
    .returning();
  return rows[0] ?? null;
}

export async function findSeed(db: DbOrTx, seedId: number): Promise<SeedRow | null> {
  const rows = await db.select().from(s).where(eq(s.id, seedId)).limit(1);
  return rows[0] ?? null;
}

export async function findRoundByRequest(
  db: DbOrTx,
  merchantCode: string,
  accountId: number,
  requestKey: string,
): Promise<InhouseRoundRow | null> {
  const rows = await db
    .select()
    .from(r)
    .where(and(eq(r.merchantCode, merchantCode), eq(r.accountId, accountId), eq(r.requestKey, requestKey)))
    .limit(1);
  return rows[0] ?? null;
}

export async function insertRound(db: DbOrTx, row: typeof r.$inferInsert): Promise<InhouseRoundRow | null> {
  const rows = await db.insert(r).values(row).onConflictDoNothing().returning();
  return rows[0] ?? null;
}

/** Records the stake's transfer on an open round; false when the round is no longer open (refused meanwhile). */
/**
 * Fixes the draw of a round whose stake has moved: seed, nonce, result, payout and the stake's transfer; the round
 * becomes `open`. Null when it is no longer pending (refused or drawn meanwhile by the recovery job).
 */
export async function drawRound(
  db: DbOrTx,
  id: number,
  draw: {
    seedId: number;
    nonce: number;
    result: Record<string, unknown>;
    payoutMinor: bigint;
    stakeTransferId: number;
  },
): Promise<InhouseRoundRow | null> {
  const rows = await db
    .update(r)
    .set({ ...draw, status: 'open' })
    .where(and(eq(r.id, id), eq(r.status, 'pending')))
    .returning();
  return rows[0] ?? null;
}

export async function findRound(db: DbOrTx, id: number): Promise<InhouseRoundRow | null> {
  const rows = await db.select().from(r).where(eq(r.id, id)).limit(1);
  return rows[0] ?? null;
}

/** Marks a settled round paid; false when it was settled already. */
export async function settleRound(db: DbOrTx, id: number, payoutTransferId: number | null, at: Date): Promise<boolean> {
  const rows = await db
    .update(r)
    .set({ status: 'settled', payoutTransferId, settledAt: at })
    .where(and(eq(r.id, id), eq(r.status, 'open')))
    .returning({ id: r.id });
  return rows.length > 0;
}

/** Marks a pending round (its stake did not move) as refused; false when it moved on meanwhile. */
export async function refuseRound(db: DbOrTx, id: number, at: Date): Promise<boolean> {
  const rows = await db
    .update(r)
    .set({ status: 'refused', settledAt: at })
    .where(and(eq(r.id, id), eq(r.status, 'pending')))
    .returning({ id: r.id });
  return rows.length > 0;
}

/** Rounds a crash left pending or open, older than a moment, oldest first. */
export async function unfinishedRounds(db: DbOrTx, merchantCode: string, olderThan: Date, limit: number) {
  return db
    .select()
    .from(r)
    .where(and(eq(r.merchantCode, merchantCode), inArray(r.status, ['pending', 'open']), lt(r.createdAt, olderThan)))
    .orderBy(asc(r.createdAt))
    .limit(limit);
}

export async function recentRounds(db: DbOrTx, merchantCode: string, accountId: number, limit: number) {
  return db
    .select({ round: r, seed: s })
    .from(r)
    .leftJoin(s, eq(s.id, r.seedId))
    .where(and(eq(r.merchantCode, merchantCode), eq(r.accountId, accountId)))
    .orderBy(desc(r.id))
    .limit(limit);
}

import { and, count, desc, eq, isNull, lt, ne, or } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../platform/db';
import { backofficeAdjustments, backofficeOperators } from './backoffice.tables';

export type AdjustmentRow = typeof backofficeAdjustments.$inferSelect;
export type NewAdjustmentRow = typeof backofficeAdjustments.$inferInsert;
/** An adjustment with the usernames of who proposed and who decided it. */
export type AdjustmentView = AdjustmentRow & { proposedByUsername: string; decidedByUsername: string | null };

const proposer = alias(backofficeOperators, 'proposer');
const decider = alias(backofficeOperators, 'decider');

function selectViews(db: DbOrTx) {
  return db
    .select({ adjustment: backofficeAdjustments, proposer: proposer.username, decider: decider.username })
    .from(backofficeAdjustments)
    .innerJoin(proposer, eq(proposer.id, backofficeAdjustments.proposedBy))
    .leftJoin(decider, eq(decider.id, backofficeAdjustments.decidedBy));
}

function toView(row: { adjustment: AdjustmentRow; proposer: string; decider: string | null }): AdjustmentView {
  return { ...row.adjustment, proposedByUsername: row.proposer, decidedByUsername: row.decider };
}

export async function insertAdjustment(db: DbOrTx, values: NewAdjustmentRow): Promise<AdjustmentRow> {
  const [row] = await db.insert(backofficeAdjustments).values(values).returning();
  if (!row) throw new Error('adjustment not inserted');
  return row;
}

export async function findAdjustment(db: DbOrTx, id: number): Promise<AdjustmentView | null> {
  const [row] = await selectViews(db).where(eq(backofficeAdjustments.id, id));
  return row ? toView(row) : null;
}

export async function listAdjustments(
  db: DbOrTx,
  filter: { status?: string; playerId?: number },
  page: { offset: number; limit: number },
): Promise<{ rows: AdjustmentView[]; total: number }> {
  const where = and(
    filter.status ? eq(backofficeAdjustments.status, filter.status) : undefined,
    filter.playerId ? eq(backofficeAdjustments.playerId, filter.playerId) : undefined,
  );
  const rows = await selectViews(db)
    .where(where)
    .orderBy(desc(backofficeAdjustments.id))
    .offset(page.offset)
    .limit(page.limit);
  const [totals] = await db.select({ total: count() }).from(backofficeAdjustments).where(where);
  return { rows: rows.map(toView), total: totals?.total ?? 0 };
}

export async function countAdjustments(db: DbOrTx, status: string): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(backofficeAdjustments)
    .where(eq(backofficeAdjustments.status, status));
  return row?.total ?? 0;
}

/**
 * Takes an adjustment for approval in one statement: the row lock makes concurrent approvers take turns, and
 * only the first finds it pending. An `approving` claim older than `staleBefore` (its approver's request died
 * between the claim and the end) may be taken again: the ledger key makes the transfer happen once anyway.
 * Never for the proposer. Null when nothing was claimed.
 */
export async function claimForApproval(
  db: DbOrTx,
  input: { id: number; operatorId: number; now: Date; staleBefore: Date },
): Promise<AdjustmentRow | null> {
  const [row] = await db
    .update(backofficeAdjustments)
    .set({ status: 'approving', decidedBy: input.operatorId, claimedAt: input.now })
    .where(
      and(
        eq(backofficeAdjustments.id, input.id),
        ne(backofficeAdjustments.proposedBy, input.operatorId),
        or(
          eq(backofficeAdjustments.status, 'pending'),
          and(eq(backofficeAdjustments.status, 'approving'), lt(backofficeAdjustments.claimedAt, input.staleBefore)),
        ),
      ),
    )
    .returning();
  return row ?? null;
}

export async function finishApproval(
  db: DbOrTx,
  input: { id: number; operatorId: number; transferId: number; now: Date },
): Promise<AdjustmentRow | null> {
  const [row] = await db
    .update(backofficeAdjustments)
    .set({ status: 'approved', ledgerTransferId: input.transferId, decidedAt: input.now })
    .where(
      and(
        eq(backofficeAdjustments.id, input.id),
        eq(backofficeAdjustments.status, 'approving'),
        eq(backofficeAdjustments.decidedBy, input.operatorId),
      ),
    )
    .returning();
  return row ?? null;
}

/** Gives a claim back (the transfer was refused, nothing moved): the adjustment is pending again. */
export async function releaseClaim(db: DbOrTx, input: { id: number; operatorId: number }): Promise<void> {
  await db
    .update(backofficeAdjustments)
    .set({ status: 'pending', decidedBy: null, claimedAt: null })
    .where(
      and(
        eq(backofficeAdjustments.id, input.id),
        eq(backofficeAdjustments.status, 'approving'),
        eq(backofficeAdjustments.decidedBy, input.operatorId),
      ),
    );
}

export async function rejectAdjustment(
  db: DbOrTx,
  input: { id: number; operatorId: number; reason: string; now: Date },
): Promise<AdjustmentRow | null> {
  const [row] = await db
    .update(backofficeAdjustments)
    .set({ status: 'rejected', decidedBy: input.operatorId, decidedAt: input.now, rejectReason: input.reason })
    .where(
      and(
        eq(backofficeAdjustments.id, input.id),
        eq(backofficeAdjustments.status, 'pending'),
        ne(backofficeAdjustments.proposedBy, input.operatorId),
      ),
    )
    .returning();
  return row ?? null;
}

/** Ends an adjustment applied at once by its proposer (nobody else decides it): approved with its transfer. */
export async function finishDirect(
  db: DbOrTx,
  input: { id: number; transferId: number; now: Date },
): Promise<AdjustmentRow | null> {
  const [row] = await db
    .update(backofficeAdjustments)
    .set({ status: 'approved', ledgerTransferId: input.transferId, decidedAt: input.now })
    .where(
      and(
        eq(backofficeAdjustments.id, input.id),
        eq(backofficeAdjustments.status, 'approving'),
        isNull(backofficeAdjustments.decidedBy),
      ),
    )
    .returning();
  return row ?? null;
}

/** Closes an adjustment applied at once whose transfer the ledger refused (nothing moved): rejected, with why. */
export async function refuseDirect(
  db: DbOrTx,
  input: { id: number; reason: string; now: Date },
): Promise<AdjustmentRow | null> {
  const [row] = await db
    .update(backofficeAdjustments)
    .set({ status: 'rejected', decidedAt: input.now, rejectReason: input.reason, claimedAt: null })
    .where(
      and(
        eq(backofficeAdjustments.id, input.id),
        eq(backofficeAdjustments.status, 'approving'),
        isNull(backofficeAdjustments.decidedBy),
      ),
    )
    .returning();
  return row ?? null;
}

import type { AdjustmentSort, ListSort } from '@portal/contract';
import { and, asc, count, desc, eq, gt, inArray, isNull, lt, ne, or, sql } from 'drizzle-orm';
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

/**
 * Inserts an adjustment. Null when the proposer already has one under the same idempotency key (a concurrent
 * retry got there first): the unique index decides, after waiting for the other insert to commit or roll back.
 */
export async function insertAdjustment(db: DbOrTx, values: NewAdjustmentRow): Promise<AdjustmentRow | null> {
  const [row] = await db
    .insert(backofficeAdjustments)
    .values(values)
    .onConflictDoNothing({ target: [backofficeAdjustments.proposedBy, backofficeAdjustments.idempotencyKey] })
    .returning();
  return row ?? null;
}

/** The adjustment an operator created with this idempotency key, if any. */
export async function findByIdempotencyKey(
  db: DbOrTx,
  input: { operatorId: number; key: string },
): Promise<AdjustmentRow | null> {
  const [row] = await db
    .select()
    .from(backofficeAdjustments)
    .where(
      and(eq(backofficeAdjustments.proposedBy, input.operatorId), eq(backofficeAdjustments.idempotencyKey, input.key)),
    );
  return row ?? null;
}

/**
 * Makes proposals for one player take turns until the transaction ends, so two of them cannot both count the
 * window total without the other (a split sent all at once is still added up).
 */
export async function lockPlayerProposals(tx: DbOrTx, playerId: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('backoffice_adjustments_player'), ${playerId}::int)`);
}

/**
 * The sum of a player's direct adjustments (applied, or being applied, without a second operator) proposed
 * after `since`, in minor units. Amounts are stored without sign, so credits and debits both add up.
 */
export async function sumDirectSince(
  db: DbOrTx,
  input: { playerId: number; currency: string; since: Date },
): Promise<bigint> {
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${backofficeAdjustments.amountMinor}), 0)::text` })
    .from(backofficeAdjustments)
    .where(
      and(
        eq(backofficeAdjustments.playerId, input.playerId),
        eq(backofficeAdjustments.currency, input.currency),
        // Direct ones, also those another operator finished after their request died (they have a decider then).
        isNull(backofficeAdjustments.approvalReason),
        inArray(backofficeAdjustments.status, ['approving', 'approved']),
        gt(backofficeAdjustments.proposedAt, input.since),
      ),
    );
  return BigInt(row?.total ?? '0');
}

export async function findAdjustment(db: DbOrTx, id: number): Promise<AdjustmentView | null> {
  const [row] = await selectViews(db).where(eq(backofficeAdjustments.id, id));
  return row ? toView(row) : null;
}

function adjustmentOrder({ sort, order }: ListSort<AdjustmentSort>) {
  const direction = order === 'desc' ? desc : asc;
  const primary = {
    proposedAt: backofficeAdjustments.proposedAt,
    amount: backofficeAdjustments.amountMinor,
    status: backofficeAdjustments.status,
  }[sort];
  return [direction(primary), direction(backofficeAdjustments.id)];
}

/** One page of adjustments in the chosen order (id breaks ties), with the total for the filter. */
export async function listAdjustments(
  db: DbOrTx,
  filter: { status?: string; playerId?: number },
  page: { offset: number; limit: number },
  order: ListSort<AdjustmentSort> = { sort: 'proposedAt', order: 'desc' },
): Promise<{ rows: AdjustmentView[]; total: number }> {
  const where = and(
    filter.status ? eq(backofficeAdjustments.status, filter.status) : undefined,
    filter.playerId ? eq(backofficeAdjustments.playerId, filter.playerId) : undefined,
  );
  const rows = await selectViews(db)
    .where(where)
    .orderBy(...adjustmentOrder(order))
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

/**
 * An adjustment applied at once that was closed as refused while a retry of the same request moved its money (the
 * refusal and the retry's transfer raced): the ledger is the truth, so it becomes applied with that transfer.
 */
export async function correctRefusedDirect(
  db: DbOrTx,
  input: { id: number; transferId: number; now: Date },
): Promise<AdjustmentRow | null> {
  const [row] = await db
    .update(backofficeAdjustments)
    .set({ status: 'approved', ledgerTransferId: input.transferId, decidedAt: input.now, rejectReason: null })
    .where(
      and(
        eq(backofficeAdjustments.id, input.id),
        eq(backofficeAdjustments.status, 'rejected'),
        isNull(backofficeAdjustments.decidedBy),
        isNull(backofficeAdjustments.ledgerTransferId),
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

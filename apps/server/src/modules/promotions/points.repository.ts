import { and, asc, count, desc, eq, inArray, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db';
import {
  promotionsPointConversions,
  promotionsPointGoods,
  promotionsPointRedemptions,
  promotionsPointSettings,
} from './points.tables';

export type SettingsRow = typeof promotionsPointSettings.$inferSelect;
export type GoodsRow = typeof promotionsPointGoods.$inferSelect;
export type NewGoodsRow = typeof promotionsPointGoods.$inferInsert;
export type RedemptionRow = typeof promotionsPointRedemptions.$inferSelect;
export type NewRedemptionRow = typeof promotionsPointRedemptions.$inferInsert;
export type ConversionRow = typeof promotionsPointConversions.$inferSelect;

const g = promotionsPointGoods;
const rd = promotionsPointRedemptions;
const cv = promotionsPointConversions;
const st = promotionsPointSettings;

// ------------------------------------------------------------------------------------------------ settings

export async function findSettings(db: DbOrTx, merchantCode: string): Promise<SettingsRow | null> {
  const [row] = await db.select().from(st).where(eq(st.merchantCode, merchantCode));
  return row ?? null;
}

export async function upsertSettings(
  db: DbOrTx,
  values: Omit<typeof st.$inferInsert, 'earnAfterRoundId'>,
): Promise<SettingsRow> {
  const { merchantCode: _merchantCode, ...changes } = values;
  const [row] = await db
    .insert(st)
    .values(values)
    .onConflictDoUpdate({ target: st.merchantCode, set: changes })
    .returning();
  if (!row) throw new Error('point settings upsert returned nothing');
  return row;
}

/** The earning job's watermark (0 when the merchant has no settings row yet). */
export async function earnWatermark(db: DbOrTx, merchantCode: string): Promise<number> {
  const [row] = await db.select({ after: st.earnAfterRoundId }).from(st).where(eq(st.merchantCode, merchantCode));
  return row?.after ?? 0;
}

/** Moves the watermark forward only (a slower run never moves it back), creating the row from `defaults` if absent. */
export async function advanceEarnWatermark(
  db: DbOrTx,
  defaults: Omit<typeof st.$inferInsert, 'earnAfterRoundId'>,
  after: number,
): Promise<void> {
  await db
    .insert(st)
    .values({ ...defaults, earnAfterRoundId: after })
    .onConflictDoUpdate({
      target: st.merchantCode,
      set: { earnAfterRoundId: sql`greatest(${st.earnAfterRoundId}, ${after})` },
    });
}

// --------------------------------------------------------------------------------------------------- goods

export async function listGoods(
  db: DbOrTx,
  merchantCode: string,
  options: { enabledOnly: boolean },
): Promise<GoodsRow[]> {
  return db
    .select()
    .from(g)
    .where(
      and(
        eq(g.merchantCode, merchantCode),
        eq(g.deleted, false),
        options.enabledOnly ? eq(g.enabled, true) : undefined,
      ),
    )
    .orderBy(asc(g.sortOrder), asc(g.id));
}

export async function findGoods(db: DbOrTx, merchantCode: string, id: number): Promise<GoodsRow | null> {
  const [row] = await db
    .select()
    .from(g)
    .where(and(eq(g.merchantCode, merchantCode), eq(g.id, id)));
  return row ?? null;
}

export async function findGoodsByIds(db: DbOrTx, ids: number[]): Promise<GoodsRow[]> {
  if (ids.length === 0) return [];
  return db.select().from(g).where(inArray(g.id, ids));
}

export async function insertGoods(db: DbOrTx, values: NewGoodsRow): Promise<GoodsRow> {
  const [row] = await db.insert(g).values(values).returning();
  if (!row) throw new Error('goods insert returned nothing');
  return row;
}

export async function updateGoods(
  db: DbOrTx,
  merchantCode: string,
  id: number,
  values: Partial<NewGoodsRow>,
): Promise<GoodsRow | null> {
  const [row] = await db
    .update(g)
    .set(values)
    .where(and(eq(g.merchantCode, merchantCode), eq(g.id, id), eq(g.deleted, false)))
    .returning();
  return row ?? null;
}

/**
 * Takes one from the stock of enabled goods at `points`, in the caller's transaction: the conditional update
 * is the whole guard (the row lock serialises racing redemptions; `stock > 0` and the CHECK keep it at 0 or
 * above). Null when the goods are gone, disabled, repriced or out of stock.
 */
export async function takeOneFromStock(
  db: DbOrTx,
  merchantCode: string,
  id: number,
  points: bigint,
): Promise<GoodsRow | null> {
  const [row] = await db
    .update(g)
    .set({ stock: sql`${g.stock} - 1` })
    .where(
      and(
        eq(g.merchantCode, merchantCode),
        eq(g.id, id),
        eq(g.enabled, true),
        eq(g.deleted, false),
        eq(g.points, points),
        sql`${g.stock} > 0`,
      ),
    )
    .returning();
  return row ?? null;
}

export async function returnOneToStock(db: DbOrTx, id: number): Promise<void> {
  await db
    .update(g)
    .set({ stock: sql`${g.stock} + 1` })
    .where(eq(g.id, id));
}

/** Redemptions still In Process per goods (their stock is taken already). */
export async function inProcessByGoods(db: DbOrTx, merchantCode: string): Promise<Map<number, number>> {
  const rows = await db
    .select({ goodsId: rd.goodsId, n: count() })
    .from(rd)
    .where(and(eq(rd.merchantCode, merchantCode), eq(rd.status, 'IN_PROCESS')))
    .groupBy(rd.goodsId);
  return new Map(rows.map((row) => [row.goodsId, Number(row.n)]));
}

// --------------------------------------------------------------------------------------------- redemptions

export async function insertRedemption(db: DbOrTx, values: NewRedemptionRow): Promise<RedemptionRow> {
  const [row] = await db.insert(rd).values(values).returning();
  if (!row) throw new Error('redemption insert returned nothing');
  return row;
}

export async function findRedemption(db: DbOrTx, merchantCode: string, id: number): Promise<RedemptionRow | null> {
  const [row] = await db
    .select()
    .from(rd)
    .where(and(eq(rd.merchantCode, merchantCode), eq(rd.id, id)));
  return row ?? null;
}

export async function findRedemptionByHold(db: DbOrTx, holdTransferId: number): Promise<RedemptionRow | null> {
  const [row] = await db.select().from(rd).where(eq(rd.holdTransferId, holdTransferId));
  return row ?? null;
}

/** Decides an In Process redemption; null when it is not (any longer) In Process. */
export async function decideRedemption(
  db: DbOrTx,
  id: number,
  decision: { status: 'APPROVED' | 'REJECTED'; operator: string; remark: string; decidedAt: Date },
): Promise<RedemptionRow | null> {
  const [row] = await db
    .update(rd)
    .set(decision)
    .where(and(eq(rd.id, id), eq(rd.status, 'IN_PROCESS')))
    .returning();
  return row ?? null;
}

export async function listRedemptions(
  db: DbOrTx,
  filter: { merchantCode: string; accountId?: number; status?: string },
  page: { offset: number; limit: number },
): Promise<{ rows: RedemptionRow[]; total: number }> {
  const where = and(
    eq(rd.merchantCode, filter.merchantCode),
    filter.accountId === undefined ? undefined : eq(rd.accountId, filter.accountId),
    filter.status === undefined ? undefined : eq(rd.status, filter.status),
  );
  const [rows, [totals]] = await Promise.all([
    db.select().from(rd).where(where).orderBy(desc(rd.id)).offset(page.offset).limit(page.limit),
    db.select({ n: count() }).from(rd).where(where),
  ]);
  return { rows, total: Number(totals?.n ?? 0) };
}

// --------------------------------------------------------------------------------------------- conversions

export async function insertConversion(db: DbOrTx, values: typeof cv.$inferInsert): Promise<void> {
  await db.insert(cv).values(values).onConflictDoNothing({ target: cv.holdTransferId });
}

export async function completeConversion(
  db: DbOrTx,
  holdTransferId: number,
  status: 'APPROVED' | 'VOIDED',
  at: Date,
): Promise<void> {
  await db
    .update(cv)
    .set({ status, completedAt: at })
    .where(and(eq(cv.holdTransferId, holdTransferId), eq(cv.status, 'IN_PROCESS')));
}

/** Conversions whose hold is still unposted and older than `before`, oldest first. */
export async function staleConversions(
  db: DbOrTx,
  merchantCode: string,
  before: Date,
  limit: number,
): Promise<ConversionRow[]> {
  return db
    .select()
    .from(cv)
    .where(and(eq(cv.status, 'IN_PROCESS'), lt(cv.createdAt, before), eq(cv.merchantCode, merchantCode)))
    .orderBy(asc(cv.createdAt))
    .limit(limit);
}

import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';

/**
 * The points mall's tables. Points themselves live in the wallet ledger (PTS); these hold what the ledger does not:
 * the operator's settings, the goods catalogue with its stock, the members' goods redemptions and the conversions
 * in flight. `account_id` is the identity account id and `*_transfer_id` a wallet transfer id (no foreign keys
 * across modules).
 */

const at = (name: string) => timestamp(name, { withTimezone: true });

/** One earning rule: `points` for every `turnoverMinor` of settled stake in one round of a category (or ALL). */
export type PointEarnRuleRow = { category: string; turnoverMinor: string; points: string };

/**
 * The operator's settings, one row per merchant (absent: the code defaults). `earn_after_round_id` is the earning
 * job's watermark: rounds at or below it were all looked at once closed (or given up as never closing).
 */
export const promotionsPointSettings = pgTable('promotions_point_settings', {
  merchantCode: varchar('merchant_code', { length: 20 }).primaryKey(),
  ratioPoints: bigint('ratio_points', { mode: 'bigint' }).notNull(),
  ratioAmountMinor: bigint('ratio_amount_minor', { mode: 'bigint' }).notNull(),
  minPoints: bigint('min_points', { mode: 'bigint' }).notNull(),
  packages: jsonb('packages').$type<string[]>().notNull(),
  earnRules: jsonb('earn_rules').$type<PointEarnRuleRow[]>().notNull(),
  earnAfterRoundId: bigint('earn_after_round_id', { mode: 'number' }).notNull().default(0),
  updatedAt: at('updated_at').notNull(),
  updatedBy: varchar('updated_by', { length: 64 }),
});

/** Goods members redeem points for. `stock` never goes below 0 (CHECK): a redemption takes one in its hold's transaction. */
export const promotionsPointGoods = pgTable(
  'promotions_point_goods',
  {
    id: serial('id').primaryKey(),
    merchantCode: varchar('merchant_code', { length: 20 }).notNull(),
    names: jsonb('names').$type<{ en: string; bn?: string }>().notNull(),
    imageUrl: varchar('image_url', { length: 500 }),
    points: bigint('points', { mode: 'bigint' }).notNull(),
    stock: integer('stock').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    sortOrder: integer('sort_order').notNull().default(0),
    /** Deleted goods stay for the redemptions that name them; they are no longer listed. */
    deleted: boolean('deleted').notNull().default(false),
    createdAt: at('created_at').notNull(),
    updatedAt: at('updated_at').notNull(),
    updatedBy: varchar('updated_by', { length: 64 }),
  },
  (table) => [
    index('promotions_point_goods_list_idx').on(table.merchantCode, table.sortOrder),
    check('promotions_point_goods_stock_ck', sql`${table.stock} >= 0`),
    check('promotions_point_goods_points_ck', sql`${table.points} > 0`),
  ],
);

/**
 * A member's goods redemption: IN_PROCESS while its points are held, APPROVED once an operator posted the hold,
 * REJECTED once one voided it (stock given back). Written in the hold's (or the resolution's) transaction.
 */
export const promotionsPointRedemptions = pgTable(
  'promotions_point_redemptions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    merchantCode: varchar('merchant_code', { length: 20 }).notNull(),
    accountId: integer('account_id').notNull(),
    goodsId: integer('goods_id')
      .notNull()
      .references(() => promotionsPointGoods.id),
    points: bigint('points', { mode: 'bigint' }).notNull(),
    address: varchar('address', { length: 200 }).notNull(),
    mobile: varchar('mobile', { length: 20 }).notNull(),
    status: varchar('status', { length: 12 }).notNull(),
    operator: varchar('operator', { length: 64 }),
    remark: varchar('remark', { length: 140 }).notNull().default(''),
    holdTransferId: bigint('hold_transfer_id', { mode: 'number' }).notNull(),
    createdAt: at('created_at').notNull(),
    decidedAt: at('decided_at'),
  },
  (table) => [
    uniqueIndex('promotions_point_redemptions_hold_uq').on(table.holdTransferId),
    index('promotions_point_redemptions_account_idx').on(table.accountId, table.id),
    index('promotions_point_redemptions_status_idx').on(table.merchantCode, table.status, table.id),
    check('promotions_point_redemptions_status_ck', sql`${table.status} in ('IN_PROCESS', 'REJECTED', 'APPROVED')`),
  ],
);

/**
 * Conversions of points into cash whose hold is not yet posted: written with the hold, completed with the posting.
 * The recovery job finishes those a crash left IN_PROCESS (their ledger keys derive from `client_key`).
 */
export const promotionsPointConversions = pgTable(
  'promotions_point_conversions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    merchantCode: varchar('merchant_code', { length: 20 }).notNull(),
    accountId: integer('account_id').notNull(),
    /** The member's Idempotency-Key as the ledger keys use it (a long one hashed). */
    clientKey: varchar('client_key', { length: 64 }).notNull(),
    points: bigint('points', { mode: 'bigint' }).notNull(),
    amountMinor: bigint('amount_minor', { mode: 'bigint' }).notNull(),
    holdTransferId: bigint('hold_transfer_id', { mode: 'number' }).notNull(),
    status: varchar('status', { length: 12 }).notNull(),
    createdAt: at('created_at').notNull(),
    completedAt: at('completed_at'),
  },
  (table) => [
    uniqueIndex('promotions_point_conversions_hold_uq').on(table.holdTransferId),
    index('promotions_point_conversions_open_idx').on(table.status, table.createdAt),
    check('promotions_point_conversions_status_ck', sql`${table.status} in ('IN_PROCESS', 'APPROVED', 'VOIDED')`),
  ],
);

import { and, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db';
import { walletDeposits, walletWithdrawals } from './cashier.tables';
import { walletAccounts, walletTransfers } from './wallet.tables';

/** Count and sum of posted transfers per kind created in [from, to), of one merchant and currency. */
export async function postedTotalsByKind(
  db: DbOrTx,
  filter: { merchantCode: string; currency: string; kinds: string[]; from: Date; to: Date },
): Promise<{ kind: string; count: number; sum: bigint }[]> {
  const rows = await db
    .select({
      kind: walletTransfers.kind,
      count: sql<number>`count(*)`.mapWith(Number),
      sum: sql<string>`coalesce(sum(${walletTransfers.amount}), 0)::text`,
    })
    .from(walletTransfers)
    .innerJoin(walletAccounts, eq(walletAccounts.id, walletTransfers.debitAccountId))
    .where(
      and(
        eq(walletAccounts.merchantCode, filter.merchantCode),
        eq(walletTransfers.currency, filter.currency),
        eq(walletTransfers.state, 'posted'),
        inArray(walletTransfers.kind, filter.kinds),
        gte(walletTransfers.createdAt, filter.from),
        lt(walletTransfers.createdAt, filter.to),
      ),
    )
    .groupBy(walletTransfers.kind);
  return rows.map((row) => ({ kind: row.kind, count: row.count, sum: BigInt(row.sum) }));
}

export type CashierTotalsRow = { date: string; channel: string; count: number; sum: bigint };

type CashierRange = { merchantCode: string; currency: string; from: Date; to: Date; dayOffsetMinutes: number };

const dayOf = (column: typeof walletDeposits.completedAt | typeof walletWithdrawals.reviewedAt, offset: number) =>
  sql<string>`to_char((${column} at time zone 'UTC') + make_interval(mins => ${offset}::int), 'YYYY-MM-DD')`;

/**
 * Approved deposits credited in [from, to), by cashier day and deposit channel. Grouped by position: the day holds a
 * bound parameter, and PostgreSQL matches GROUP BY expressions by their text.
 */
export async function depositTotalsByDayAndChannel(db: DbOrTx, range: CashierRange): Promise<CashierTotalsRow[]> {
  const date = dayOf(walletDeposits.completedAt, range.dayOffsetMinutes);
  const rows = await db
    .select({
      date,
      channel: walletDeposits.channelCode,
      count: sql<number>`count(*)`.mapWith(Number),
      sum: sql<string>`coalesce(sum(${walletDeposits.amount}), 0)::text`,
    })
    .from(walletDeposits)
    .where(
      and(
        eq(walletDeposits.merchantCode, range.merchantCode),
        eq(walletDeposits.currency, range.currency),
        eq(walletDeposits.status, 'approved'),
        gte(walletDeposits.completedAt, range.from),
        lt(walletDeposits.completedAt, range.to),
      ),
    )
    .groupBy(sql`1`, sql`2`);
  return rows.map((row) => ({ date: row.date, channel: row.channel, count: row.count, sum: BigInt(row.sum) }));
}

/** Approved (paid) withdrawals decided in [from, to), by cashier day and the bank or e-wallet paid to. */
export async function withdrawalTotalsByDayAndChannel(db: DbOrTx, range: CashierRange): Promise<CashierTotalsRow[]> {
  const date = dayOf(walletWithdrawals.reviewedAt, range.dayOffsetMinutes);
  const channel = sql<string>`coalesce(${walletWithdrawals.payTo} ->> 'bankCode', '')`;
  const rows = await db
    .select({
      date,
      channel,
      count: sql<number>`count(*)`.mapWith(Number),
      sum: sql<string>`coalesce(sum(${walletWithdrawals.amount}), 0)::text`,
    })
    .from(walletWithdrawals)
    .where(
      and(
        eq(walletWithdrawals.merchantCode, range.merchantCode),
        eq(walletWithdrawals.currency, range.currency),
        eq(walletWithdrawals.status, 'approved'),
        gte(walletWithdrawals.reviewedAt, range.from),
        lt(walletWithdrawals.reviewedAt, range.to),
      ),
    )
    .groupBy(sql`1`, sql`2`);
  return rows.map((row) => ({ date: row.date, channel: row.channel, count: row.count, sum: BigInt(row.sum) }));
}

/** Distinct ids of the accounts with an approved deposit created at or after `since` (any time when null). */
export async function depositorAccountIds(db: DbOrTx, merchantCode: string, since: Date | null): Promise<number[]> {
  const rows = await db
    .selectDistinct({ accountId: walletDeposits.accountId })
    .from(walletDeposits)
    .where(
      and(
        eq(walletDeposits.merchantCode, merchantCode),
        eq(walletDeposits.status, 'approved'),
        since ? gte(walletDeposits.createdAt, since) : undefined,
      ),
    );
  return rows.map((row) => row.accountId);
}

import { and, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db';
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

import type { WalletTransferKind } from '@portal/contract';
import type { Db } from '../../platform/db';
import * as repo from './wallet.reports.repository';

export type WalletReportsDeps = { db: Db; merchantCode: string };

/**
 * Figures from the ledger for operators: what was posted, by transfer kind. A deposit counts when it was
 * credited (its DEPOSIT transfer), a withdrawal when it was paid (the posting of its hold).
 */
export function createWalletReports(deps: WalletReportsDeps) {
  return {
    /**
     * Ids of the accounts with an approved deposit created at or after `since` (any time when null), for inbox
     * messages to members who deposited lately or never.
     */
    depositorAccountIds(since: Date | null): Promise<number[]> {
      return repo.depositorAccountIds(deps.db, deps.merchantCode, since);
    },

    /** Count and sum (minor units) per kind of the posted transfers created in each period [from, to). */
    async postedTotals(
      currency: string,
      kinds: WalletTransferKind[],
      periods: { from: Date; to: Date }[],
    ): Promise<Record<string, { count: number; sumMinor: bigint }>[]> {
      return Promise.all(
        periods.map(async ({ from, to }) => {
          const rows = await repo.postedTotalsByKind(deps.db, {
            merchantCode: deps.merchantCode,
            currency,
            kinds,
            from,
            to,
          });
          const totals: Record<string, { count: number; sumMinor: bigint }> = {};
          for (const kind of kinds) totals[kind] = { count: 0, sumMinor: 0n };
          for (const row of rows) totals[row.kind] = { count: row.count, sumMinor: row.sum };
          return totals;
        }),
      );
    },

    /**
     * The cashier report's rows: approved deposits (by the day they were credited and their deposit channel) and
     * approved withdrawals (by the day they were paid and the bank or e-wallet paid to), counts and sums in minor
     * units, for [from, to) in cashier days shifted by `dayOffsetMinutes` from UTC.
     */
    async cashierTotals(
      currency: string,
      range: { from: Date; to: Date },
      dayOffsetMinutes: number,
    ): Promise<{ deposits: repo.CashierTotalsRow[]; withdrawals: repo.CashierTotalsRow[] }> {
      const filter = { merchantCode: deps.merchantCode, currency, ...range, dayOffsetMinutes };
      const [deposits, withdrawals] = await Promise.all([
        repo.depositTotalsByDayAndChannel(deps.db, filter),
        repo.withdrawalTotalsByDayAndChannel(deps.db, filter),
      ]);
      return { deposits, withdrawals };
    },
  };
}

export type WalletReports = ReturnType<typeof createWalletReports>;

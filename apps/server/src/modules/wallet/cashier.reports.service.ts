import {
  type BonusRecord,
  type BonusRecordsPage,
  type BonusRecordsQuery,
  bonusRecordKinds,
  type PersonalProfit,
  type PersonalProfitQuery,
  type ProfitLine,
  reportMaxRangeDays,
} from '@portal/contract';
import { AppError } from '../../platform/http/app-error';
import type { AuthContext } from '../../platform/http/auth-context';
import type { CashierContext } from './cashier.context';
import { cashierDay } from './cashier.money';
import * as repo from './cashier.reports.repository';

const dayMs = 86_400_000;

/** The ledger kinds personal profit and loss reads besides the games. */
const moneyKinds = ['DEPOSIT', 'WITHDRAWAL', 'BONUS', 'COMMISSION', 'ADJUSTMENT'] as const;

type Range = { startDate: string; endDate: string; from: Date; to: Date };

/**
 * The member's money reports: personal profit and loss (the games module's rounds plus the ledger's deposits,
 * withdrawals, bonuses and adjustments) and bonus details (bonus, commission and adjustment entries of the
 * member's wallets). Periods are cashier days (CASHIER_DAY_UTC_OFFSET_MINUTES), like the account record.
 */
export function createCashierReports(ctx: CashierContext) {
  const { deps } = ctx;
  const offsetMinutes = deps.settings.cashierDayUtcOffsetMinutes;

  /** yyyy-MM-dd of the cashier day that starts at `dayStart`. */
  const dayOf = (dayStart: Date) => new Date(dayStart.getTime() + offsetMinutes * 60_000).toISOString().slice(0, 10);

  function rangeOf(startDate: string, endDate: string): Range {
    const from = cashierDay(startDate, offsetMinutes);
    const last = cashierDay(endDate, offsetMinutes);
    const days = Math.round((last.getTime() - from.getTime()) / dayMs) + 1;
    if (Number.isNaN(days) || days < 1 || days > reportMaxRangeDays) {
      throw new AppError('CASHIER_DATE_RANGE_INVALID', { maxDays: reportMaxRangeDays });
    }
    return { startDate, endDate, from, to: new Date(last.getTime() + dayMs) };
  }

  /**
   * The days of a period; `custom` needs both dates.
   * @throws CASHIER_DATE_RANGE_INVALID
   */
  function periodRange(query: PersonalProfitQuery): Range {
    const today = ctx.dayStart();
    const day = (daysBack: number) => dayOf(new Date(today.getTime() - daysBack * dayMs));
    switch (query.period) {
      case 'today':
        return rangeOf(day(0), day(0));
      case 'yesterday':
        return rangeOf(day(1), day(1));
      case 'last7days':
        return rangeOf(day(6), day(0));
      case 'thisMonth':
        return rangeOf(`${day(0).slice(0, 8)}01`, day(0));
      case 'custom':
        if (!query.startDate || !query.endDate) {
          throw new AppError('CASHIER_DATE_RANGE_INVALID', { maxDays: reportMaxRangeDays });
        }
        return rangeOf(query.startDate, query.endDate);
    }
  }

  return {
    /**
     * The member's profit and loss over a period: bets, wins and their difference per game category and vendor,
     * and the deposits, withdrawals, bonuses and adjustments of the main and bonus wallets.
     * @throws CASHIER_DATE_RANGE_INVALID
     */
    async personalProfit(auth: AuthContext, query: PersonalProfitQuery): Promise<PersonalProfit> {
      const range = periodRange(query);
      const { code, scale } = await ctx.currency();
      const money = (minor: bigint) => ctx.money(minor, scale);
      const [vendorRows, kindRows] = await Promise.all([
        deps.gameRoundTotals?.(auth.accountId, { from: range.from, to: range.to }) ?? Promise.resolve([]),
        repo.ledgerTotalsByKind(deps.db, {
          accountId: auth.accountId,
          currency: code,
          from: range.from,
          to: range.to,
          kinds: moneyKinds,
        }),
      ]);
      const line = (rounds: number, bet: bigint, win: bigint): ProfitLine => ({
        rounds,
        bet: money(bet),
        win: money(win),
        profit: money(win - bet),
      });
      const categories = new Map<string, { rounds: number; bet: bigint; win: bigint }>();
      let rounds = 0;
      let bet = 0n;
      let win = 0n;
      for (const row of vendorRows) {
        rounds += row.rounds;
        bet += row.betMinor;
        win += row.winMinor;
        const sum = categories.get(row.category) ?? { rounds: 0, bet: 0n, win: 0n };
        categories.set(row.category, {
          rounds: sum.rounds + row.rounds,
          bet: sum.bet + row.betMinor,
          win: sum.win + row.winMinor,
        });
      }
      const kind = (...names: string[]) => {
        const rows = kindRows.filter((row) => names.includes(row.kind));
        return {
          count: rows.reduce((total, row) => total + Number(row.transfers), 0),
          minor: rows.reduce((total, row) => total + BigInt(row.total), 0n),
        };
      };
      const deposit = kind('DEPOSIT');
      const withdrawal = kind('WITHDRAWAL');
      const bonus = kind('BONUS', 'COMMISSION');
      const adjustment = kind('ADJUSTMENT');
      return {
        currency: code,
        scale,
        period: query.period,
        startDate: range.startDate,
        endDate: range.endDate,
        from: range.from.toISOString(),
        to: range.to.toISOString(),
        games: line(rounds, bet, win),
        byCategory: [...categories.entries()]
          .sort(([a], [b]) => a.localeCompare(b))
          .map(([category, sum]) => ({ category, ...line(sum.rounds, sum.bet, sum.win) })),
        byVendor: vendorRows.map((row) => ({
          category: row.category,
          vendor: row.vendor,
          ...line(row.rounds, row.betMinor, row.winMinor),
        })),
        deposit: money(deposit.minor),
        depositCount: deposit.count,
        // Withdrawals leave the wallet (negative entries); shown as the positive amount paid out.
        withdrawal: money(-withdrawal.minor),
        withdrawalCount: withdrawal.count,
        bonus: money(bonus.minor),
        bonusCount: bonus.count,
        adjustment: money(adjustment.minor),
        adjustmentCount: adjustment.count,
        netProfit: money(win - bet + bonus.minor + adjustment.minor),
      };
    },

    /**
     * Bonus details: the bonus, commission and adjustment entries of the member's main and bonus wallets, newest
     * first, filtered by cashier days and kind, one page at a time, with what the filter credited and debited.
     * @throws CASHIER_DATE_RANGE_INVALID when the start is after the end.
     */
    async bonusDetails(auth: AuthContext, query: BonusRecordsQuery): Promise<BonusRecordsPage> {
      const { code, scale } = await ctx.currency();
      const money = (minor: bigint) => ctx.money(minor, scale);
      const from = query.startDate ? cashierDay(query.startDate, offsetMinutes) : null;
      const to = query.endDate ? new Date(cashierDay(query.endDate, offsetMinutes).getTime() + dayMs) : null;
      if (from && to && from >= to) throw new AppError('CASHIER_DATE_RANGE_INVALID', { maxDays: reportMaxRangeDays });
      const filter = {
        accountId: auth.accountId,
        currency: code,
        kinds: query.kind ? [query.kind] : bonusRecordKinds,
        from,
        to,
      };
      const { pageNo, pageSize } = query;
      const rows = await repo.listBonusEntries(deps.db, {
        ...filter,
        offset: (pageNo - 1) * pageSize,
        limit: pageSize,
      });
      // The totals ride on the page's rows; past the last page there are none, so ask for them alone.
      const counted =
        rows[0] ??
        (pageNo > 1 ? (await repo.listBonusEntries(deps.db, { ...filter, offset: 0, limit: 1 }))[0] : undefined);
      const total = Number(counted?.total ?? 0);
      return {
        items: rows.map(
          (row): BonusRecord => ({
            id: row.id,
            kind: row.kind as BonusRecord['kind'],
            wallet: row.account_kind === 'PLAYER_BONUS' ? 'bonus' : 'main',
            amount: money(BigInt(row.amount)),
            balanceAfter: money(BigInt(row.balance_after)),
            createdAt: new Date(row.created_at).toISOString(),
          }),
        ),
        pageNo,
        pageSize,
        total,
        totalPages: Math.ceil(total / pageSize),
        credited: money(BigInt(counted?.credited ?? '0')),
        debited: money(BigInt(counted?.debited ?? '0')),
      };
    },
  };
}

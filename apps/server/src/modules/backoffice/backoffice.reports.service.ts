import {
  type CashierReport,
  type CashierReportSort,
  type DailyPlayReport,
  type DailyReportSort,
  type ListSort,
  type Money,
  minorToDecimal,
  type PlayFigures,
  type ReportQuery,
  type VendorPlayReport,
  type VendorReportSort,
} from '@portal/contract';
import { AppError } from '../../platform/http/app-error';
import type { CatalogueService } from '../catalogue';
import type { GamingService, RoundTotalsRow } from '../gaming';
import type { SystemService } from '../system';
import type { WalletReports } from '../wallet';

/** What the reports read: rounds (gaming), vendor names (catalogue), the cashier's figures (wallet). */
export type BackofficeReportsDeps = {
  gaming: Pick<GamingService, 'roundTotals'>;
  catalogue: Pick<CatalogueService, 'listVendors'>;
  wallet: Pick<WalletReports, 'cashierTotals'>;
  system: Pick<SystemService, 'currency'>;
  /** CASHIER_DAY_UTC_OFFSET_MINUTES: report days are cashier days, as on the dashboard. */
  cashierDayUtcOffsetMinutes: number;
  now?: () => Date;
};

const dayMs = 86_400_000;
/** The longest range a report covers (a year, leap day included). */
export const maxReportDays = 366;

/** A cashier day (YYYY-MM-DD) as the number of days since 1970-01-01. */
const dayNumber = (date: string) => Date.parse(`${date}T00:00:00Z`) / dayMs;
const dayText = (day: number) => new Date(day * dayMs).toISOString().slice(0, 10);

/**
 * One CSV field (RFC 4180): quoted when it holds a comma, quote, CR or LF or starts or ends with a space, with quotes
 * doubled. Text from outside (vendor names, channel codes) that a spreadsheet would take for a formula (=, +, -, @,
 * tab, CR) gets a leading apostrophe (OWASP "CSV injection"); numbers are ours and written as they are.
 * @see https://www.rfc-editor.org/rfc/rfc4180
 * @see https://owasp.org/www-community/attacks/CSV_Injection
 */
export function csvField(value: string | number, kind: 'text' | 'number' = 'text'): string {
  let text = String(value);
  if (kind === 'text' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]|^\s|\s$/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** Rows of fields to CSV text: CRLF line ends (RFC 4180) and a byte-order mark so spreadsheets read UTF-8. */
export function toCsv(header: string[], rows: Array<Array<string | number>>, numeric: ReadonlySet<number>): string {
  const line = (fields: Array<string | number>) =>
    fields.map((field, index) => csvField(field, numeric.has(index) ? 'number' : 'text')).join(',');
  return `\uFEFF${[line(header), ...rows.map(line)].join('\r\n')}\r\n`;
}

/**
 * The operator's reports: play by day and by vendor (bets, wins, GGR = bets − wins, rounds, players) from the rounds
 * of the gaming module, and the cashier report (completed deposits and withdrawals by day and channel) from the
 * wallet module; each also as CSV. Amounts are summed as bigint minor units and only turned into decimal strings at
 * the end.
 */
export function createBackofficeReports(deps: BackofficeReportsDeps) {
  const now = deps.now ?? (() => new Date());
  const offsetMinutes = deps.cashierDayUtcOffsetMinutes;
  const offsetMs = offsetMinutes * 60_000;

  /**
   * The query's days as instants [from, to): `to` defaults to today (cashier day), `from` to six days before `to`.
   * @throws VALIDATION_FAILED when `from` is after `to` or the range is longer than a year.
   */
  function range(query: ReportQuery) {
    const today = Math.floor((now().getTime() + offsetMs) / dayMs);
    const last = query.to ? dayNumber(query.to) : today;
    const first = query.from ? dayNumber(query.from) : last - 6;
    if (first > last) {
      throw new AppError('VALIDATION_FAILED', {}, [
        { path: 'querystring.from', code: 'too_big', message: 'The first day must not be after the last day' },
      ]);
    }
    if (last - first + 1 > maxReportDays) {
      throw new AppError('VALIDATION_FAILED', {}, [
        { path: 'querystring.from', code: 'too_small', message: `A report covers at most ${maxReportDays} days` },
      ]);
    }
    return {
      first,
      last,
      from: dayText(first),
      to: dayText(last),
      instants: { from: new Date(first * dayMs - offsetMs), to: new Date((last + 1) * dayMs - offsetMs) },
    };
  }

  async function currency() {
    return deps.system.currency();
  }

  function figures(row: RoundTotalsRow | undefined, scale: number): PlayFigures {
    const bets = row?.bets ?? 0n;
    const wins = row?.wins ?? 0n;
    const money = (minor: bigint): Money => ({ amount: minorToDecimal(minor, scale), minor: minor.toString() });
    return {
      bets: money(bets),
      wins: money(wins),
      ggr: money(bets - wins),
      rounds: row?.rounds ?? 0,
      players: row?.players ?? 0,
    };
  }

  /**
   * Sorts a report's rows by one of its columns (values read by `keys`, never a column name from the request),
   * then by the row's unique key, both in the chosen direction.
   */
  function sortRows<T, Column extends string>(
    rows: T[],
    keys: Record<Column, (row: T) => bigint | number | string>,
    rowKey: (row: T) => string,
    { sort, order }: ListSort<Column>,
  ): T[] {
    const sign = order === 'desc' ? -1 : 1;
    const compare = (a: bigint | number | string, b: bigint | number | string) =>
      typeof a === 'string' && typeof b === 'string' ? a.localeCompare(b) : a < b ? -1 : a > b ? 1 : 0;
    return [...rows].sort((a, b) => sign * (compare(keys[sort](a), keys[sort](b)) || compare(rowKey(a), rowKey(b))));
  }
  const minorOf = (money: Money) => BigInt(money.minor);
  const playKeys = {
    bets: (row: PlayFigures) => minorOf(row.bets),
    wins: (row: PlayFigures) => minorOf(row.wins),
    ggr: (row: PlayFigures) => minorOf(row.ggr),
    rounds: (row: PlayFigures) => row.rounds,
    players: (row: PlayFigures) => row.players,
  };

  const playHeader = ['bets', 'wins', 'ggr', 'rounds', 'players'];
  const playFields = (row: PlayFigures) => [row.bets.amount, row.wins.amount, row.ggr.amount, row.rounds, row.players];

  const reports = {
    range,

    /** Play per cashier day of the range (every day, oldest first unless sorted otherwise) and the range's total. */
    async daily(query: ReportQuery & Partial<ListSort<DailyReportSort>>): Promise<DailyPlayReport> {
      const { first, last, from, to, instants } = range(query);
      const { code, scale } = await currency();
      const [byDay, total] = await Promise.all([
        deps.gaming.roundTotals(instants, 'day', offsetMinutes),
        deps.gaming.roundTotals(instants, 'none', offsetMinutes),
      ]);
      const rows = new Map(byDay.map((row) => [row.key, row]));
      const days: DailyPlayReport['days'] = [];
      for (let day = first; day <= last; day += 1) {
        const date = dayText(day);
        days.push({ date, ...figures(rows.get(date), scale) });
      }
      const sorted = sortRows<DailyPlayReport['days'][number], DailyReportSort>(
        days,
        { date: (row) => row.date, ...playKeys },
        (row) => row.date,
        { sort: query.sort ?? 'date', order: query.order ?? 'asc' },
      );
      return { from, to, currency: code, days: sorted, total: figures(total[0], scale) };
    },

    /**
     * Play per vendor over the range (vendors with play only, highest bets first unless sorted otherwise) and the
     * range's total.
     */
    async vendors(query: ReportQuery & Partial<ListSort<VendorReportSort>>): Promise<VendorPlayReport> {
      const { from, to, instants } = range(query);
      const { code, scale } = await currency();
      const [byVendor, total, vendors] = await Promise.all([
        deps.gaming.roundTotals(instants, 'vendor', offsetMinutes),
        deps.gaming.roundTotals(instants, 'none', offsetMinutes),
        deps.catalogue.listVendors(),
      ]);
      const names = new Map(vendors.map((vendor) => [vendor.code, vendor.name]));
      const rows = byVendor.map((row) => ({
        vendorCode: row.key,
        vendorName: names.get(row.key) ?? row.key,
        ...figures(row, scale),
      }));
      return {
        from,
        to,
        currency: code,
        vendors: sortRows<VendorPlayReport['vendors'][number], VendorReportSort>(
          rows,
          { vendor: (row) => row.vendorName.toLowerCase(), ...playKeys },
          (row) => row.vendorCode,
          { sort: query.sort ?? 'bets', order: query.order ?? 'desc' },
        ),
        total: figures(total[0], scale),
      };
    },

    /**
     * Completed deposits and withdrawals per cashier day and channel (by day, then direction and channel, unless
     * sorted otherwise), with the range's totals.
     */
    async cashier(query: ReportQuery & Partial<ListSort<CashierReportSort>>): Promise<CashierReport> {
      const { from, to, instants } = range(query);
      const { code, scale } = await currency();
      const money = (minor: bigint): Money => ({ amount: minorToDecimal(minor, scale), minor: minor.toString() });
      const { deposits, withdrawals } = await deps.wallet.cashierTotals(code, instants, offsetMinutes);
      const rows = [
        ...deposits.map((row) => ({ ...row, direction: 'deposit' as const })),
        ...withdrawals.map((row) => ({ ...row, direction: 'withdrawal' as const })),
      ];
      const sorted = sortRows<(typeof rows)[number], CashierReportSort>(
        rows,
        {
          date: (row) => row.date,
          direction: (row) => row.direction,
          channel: (row) => row.channel.toLowerCase(),
          count: (row) => row.count,
          sum: (row) => row.sum,
        },
        (row) => `${row.date}|${row.direction}|${row.channel}`,
        { sort: query.sort ?? 'date', order: query.order ?? 'asc' },
      );
      const total = (list: typeof deposits) =>
        list.reduce((sum, row) => ({ count: sum.count + row.count, minor: sum.minor + row.sum }), {
          count: 0,
          minor: 0n,
        });
      const depositTotal = total(deposits);
      const withdrawalTotal = total(withdrawals);
      return {
        from,
        to,
        currency: code,
        rows: sorted.map((row) => ({
          date: row.date,
          direction: row.direction,
          channel: row.channel,
          count: row.count,
          sum: money(row.sum),
        })),
        totals: {
          deposits: { count: depositTotal.count, sum: money(depositTotal.minor) },
          withdrawals: { count: withdrawalTotal.count, sum: money(withdrawalTotal.minor) },
          net: money(depositTotal.minor - withdrawalTotal.minor),
        },
      };
    },

    /** The daily report as CSV: one line per day, then the total. */
    async dailyCsv(query: ReportQuery): Promise<{ filename: string; csv: string }> {
      const report = await reports.daily(query);
      const rows = [
        ...report.days.map((day) => [day.date, report.currency, ...playFields(day)]),
        ['total', report.currency, ...playFields(report.total)],
      ];
      return {
        filename: `play-by-day_${report.from}_${report.to}.csv`,
        csv: toCsv(['date', 'currency', ...playHeader], rows, new Set([2, 3, 4, 5, 6])),
      };
    },

    /** The vendor report as CSV: one line per vendor, then the total. */
    async vendorsCsv(query: ReportQuery): Promise<{ filename: string; csv: string }> {
      const report = await reports.vendors(query);
      const rows = [
        ...report.vendors.map((row) => [row.vendorCode, row.vendorName, report.currency, ...playFields(row)]),
        ['total', '', report.currency, ...playFields(report.total)],
      ];
      return {
        filename: `play-by-vendor_${report.from}_${report.to}.csv`,
        csv: toCsv(['vendor', 'vendor_name', 'currency', ...playHeader], rows, new Set([3, 4, 5, 6, 7])),
      };
    },

    /** The cashier report as CSV: one line per day, direction and channel. */
    async cashierCsv(query: ReportQuery): Promise<{ filename: string; csv: string }> {
      const report = await reports.cashier(query);
      const rows = report.rows.map((row) => [
        row.date,
        row.direction,
        row.channel,
        report.currency,
        row.count,
        row.sum.amount,
      ]);
      return {
        filename: `cashier_${report.from}_${report.to}.csv`,
        csv: toCsv(['date', 'direction', 'channel', 'currency', 'count', 'sum'], rows, new Set([4, 5])),
      };
    },
  };
  return reports;
}

export type BackofficeReports = ReturnType<typeof createBackofficeReports>;

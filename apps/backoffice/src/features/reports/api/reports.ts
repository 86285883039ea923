import {
  backofficeApiPrefix,
  backofficeReportsPaths,
  type CashierReportSort,
  cashierReportSchema,
  type DailyReportSort,
  dailyPlayReportSchema,
  type ListSort,
  type VendorReportSort,
  vendorPlayReportSchema,
} from '@portal/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { boCall } from '@/lib/api-client';

/** Cashier days (YYYY-MM-DD), both included; empty means the server's default (the last seven days). */
export type ReportRange = { from: string; to: string };
export type ReportKind = 'daily' | 'vendors' | 'cashier';

const reportsQueryKey = ['bo', 'reports'] as const;
const query = (range: ReportRange) => ({ from: range.from || undefined, to: range.to || undefined });

/** The first sort of each report table: the latest day first, the largest bets first, the latest day first. */
export const dailyFirstSort: ListSort<DailyReportSort> = { sort: 'date', order: 'desc' };
export const vendorFirstSort: ListSort<VendorReportSort> = { sort: 'bets', order: 'desc' };
export const cashierFirstSort: ListSort<CashierReportSort> = { sort: 'date', order: 'desc' };

export function useDailyReport(range: ReportRange, sorting: ListSort<DailyReportSort> = dailyFirstSort) {
  return useQuery({
    queryKey: [...reportsQueryKey, 'daily', range, sorting],
    queryFn: ({ signal }) =>
      boCall('GET', backofficeReportsPaths.daily, {
        schema: dailyPlayReportSchema,
        query: { ...query(range), ...sorting },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

export function useVendorReport(range: ReportRange, sorting: ListSort<VendorReportSort> = vendorFirstSort) {
  return useQuery({
    queryKey: [...reportsQueryKey, 'vendors', range, sorting],
    queryFn: ({ signal }) =>
      boCall('GET', backofficeReportsPaths.vendors, {
        schema: vendorPlayReportSchema,
        query: { ...query(range), ...sorting },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

export function useCashierReport(range: ReportRange, sorting: ListSort<CashierReportSort> = cashierFirstSort) {
  return useQuery({
    queryKey: [...reportsQueryKey, 'cashier', range, sorting],
    queryFn: ({ signal }) =>
      boCall('GET', backofficeReportsPaths.cashier, {
        schema: cashierReportSchema,
        query: { ...query(range), ...sorting },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

const csvPaths: Record<ReportKind, string> = {
  daily: backofficeReportsPaths.dailyCsv,
  vendors: backofficeReportsPaths.vendorsCsv,
  cashier: backofficeReportsPaths.cashierCsv,
};

/**
 * Where the browser downloads a report as CSV: a plain link, so the file streams straight to disk; the HttpOnly
 * session cookie goes along (same origin, path /bo/api).
 */
export function reportCsvUrl(kind: ReportKind, range: ReportRange): string {
  const search = new URLSearchParams();
  if (range.from) search.set('from', range.from);
  if (range.to) search.set('to', range.to);
  const encoded = search.toString();
  return `${backofficeApiPrefix}${csvPaths[kind]}${encoded ? `?${encoded}` : ''}`;
}

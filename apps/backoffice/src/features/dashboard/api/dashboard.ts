import { backofficePaths, dashboardSchema, ledgerVerifyReportSchema } from '@portal/contract';
import { useMutation, useQuery } from '@tanstack/react-query';
import { boCall } from '@/lib/api-client';

/** The dashboard refreshes itself every minute while open. */
export const dashboardPollMs = 60_000;

export function useDashboard() {
  return useQuery({
    queryKey: ['bo', 'dashboard'],
    queryFn: ({ signal }) => boCall('GET', backofficePaths.dashboard, { schema: dashboardSchema, signal }),
    refetchInterval: dashboardPollMs,
  });
}

/** Runs the ledger reconciliation (the same checks as `npm run ledger:verify`) on demand. */
export function useVerifyLedger() {
  return useMutation({
    mutationFn: () => boCall('GET', '/ledger/verify', { schema: ledgerVerifyReportSchema, timeoutMs: 120_000 }),
  });
}

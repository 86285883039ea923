import { backofficePaths, type Dashboard, dashboardSchema, ledgerVerifyReportSchema } from '@portal/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { boCall } from '@/lib/api-client';
import { useCashierQueueEvents } from '@/lib/cashier-queue-events';

/**
 * The dashboard refreshes itself every minute while open: its day figures also move without any queue event
 * (gateway deposits, play). Its pending-approval counters are live (see `useDashboard`).
 */
export const dashboardPollMs = 60_000;

export const dashboardQueryKey = ['bo', 'dashboard'] as const;

/**
 * The dashboard, with its cashier counters kept current by the live queues' socket: every frame carries the queue
 * sizes, written into the cached dashboard at once; an approval also refetches it, since it moves the day's money.
 */
export function useDashboard() {
  const client = useQueryClient();
  useCashierQueueEvents((message) => {
    client.setQueryData<Dashboard>(dashboardQueryKey, (current) =>
      current
        ? {
            ...current,
            pending: { ...current.pending, deposits: message.counts.deposits, withdrawals: message.counts.withdrawals },
          }
        : current,
    );
    if (message.type !== 'ready' && message.action === 'approved') {
      void client.invalidateQueries({ queryKey: dashboardQueryKey });
    }
  });
  return useQuery({
    queryKey: dashboardQueryKey,
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

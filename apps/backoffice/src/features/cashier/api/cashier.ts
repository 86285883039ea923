import {
  backofficeApiPrefix,
  backofficePaths,
  type CashierSort,
  type DepositStatus,
  type ListSort,
  operatorDepositPageSchema,
  operatorDepositSchema,
  operatorWithdrawalPageSchema,
  operatorWithdrawalSchema,
} from '@portal/contract';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { boCall } from '@/lib/api-client';
import { type CashierQueueSocketStatus, useCashierQueueStatus } from '@/lib/cashier-queue-events';

/**
 * How often an open review queue refreshes itself while the live queues' socket is down. While it is live the
 * queues do not poll: every queue event refetches them (see `useLiveCashierQueues`).
 */
export const cashierPollMs = 15_000;

/** The polling of a queue for the live socket's status: none while live, `cashierPollMs` otherwise. */
export function cashierRefetchInterval(status: CashierQueueSocketStatus): number | false {
  return status === 'live' ? false : cashierPollMs;
}
const pageSize = 20;

/** A queue is served in order: oldest first unless the operator sorts by a column. */
export const oldestFirst: ListSort<CashierSort> = { sort: 'createdAt', order: 'asc' };

export type DepositView = 'pending' | 'all';
export type WithdrawalView = 'pending' | 'disputed' | 'all';

export const depositsQueryKey = ['bo', 'cashier', 'deposits'] as const;
export const withdrawalsQueryKey = ['bo', 'cashier', 'withdrawals'] as const;

export function getDepositsQueryOptions(
  view: DepositView,
  status: DepositStatus | '',
  pageNo: number,
  refetchInterval: number | false = cashierPollMs,
  sorting: ListSort<CashierSort> = oldestFirst,
) {
  return queryOptions({
    queryKey: [...depositsQueryKey, view, status, pageNo, sorting],
    queryFn: ({ signal }) =>
      boCall('GET', backofficePaths.cashierDeposits, {
        schema: operatorDepositPageSchema,
        query: { view, status: view === 'all' ? status : '', pageNo, pageSize, ...sorting },
        signal,
      }),
    placeholderData: keepPreviousData,
    refetchInterval,
    staleTime: 0,
  });
}

export function useDeposits(
  view: DepositView,
  status: DepositStatus | '',
  pageNo: number,
  sorting: ListSort<CashierSort> = oldestFirst,
) {
  const live = useCashierQueueStatus();
  return useQuery(getDepositsQueryOptions(view, status, pageNo, cashierRefetchInterval(live.status), sorting));
}

export function getWithdrawalsQueryOptions(
  view: WithdrawalView,
  pageNo: number,
  refetchInterval: number | false = cashierPollMs,
  sorting: ListSort<CashierSort> = oldestFirst,
) {
  return queryOptions({
    queryKey: [...withdrawalsQueryKey, view, pageNo, sorting],
    queryFn: ({ signal }) =>
      boCall('GET', backofficePaths.cashierWithdrawals, {
        schema: operatorWithdrawalPageSchema,
        query: { view, pageNo, pageSize, ...sorting },
        signal,
      }),
    placeholderData: keepPreviousData,
    refetchInterval,
    staleTime: 0,
  });
}

export function useWithdrawals(view: WithdrawalView, pageNo: number, sorting: ListSort<CashierSort> = oldestFirst) {
  const live = useCashierQueueStatus();
  return useQuery(getWithdrawalsQueryOptions(view, pageNo, cashierRefetchInterval(live.status), sorting));
}

/** A review decision: approve (empty body) or reject with the reason shown to the member. */
export type ReviewInput = { id: number; decision: 'approve' } | { id: number; decision: 'reject'; reason: string };

export function useReviewDeposit() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: ReviewInput) =>
      input.decision === 'approve'
        ? boCall('POST', backofficePaths.cashierDepositApprove, {
            schema: operatorDepositSchema,
            params: { id: input.id },
            body: {},
          })
        : boCall('POST', backofficePaths.cashierDepositReject, {
            schema: operatorDepositSchema,
            params: { id: input.id },
            body: { reason: input.reason },
          }),
    onSettled: () => client.invalidateQueries({ queryKey: depositsQueryKey }),
  });
}

export function useReviewWithdrawal() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: ReviewInput) =>
      input.decision === 'approve'
        ? boCall('POST', backofficePaths.cashierWithdrawalApprove, {
            schema: operatorWithdrawalSchema,
            params: { id: input.id },
            body: {},
          })
        : boCall('POST', backofficePaths.cashierWithdrawalReject, {
            schema: operatorWithdrawalSchema,
            params: { id: input.id },
            body: { reason: input.reason },
          }),
    onSettled: () => client.invalidateQueries({ queryKey: withdrawalsQueryKey }),
  });
}

/** Where the browser loads one receipt image of a deposit (the session cookie goes along). */
export function receiptUrl(depositId: number, name: string): string {
  const path = backofficePaths.cashierDepositReceipt
    .replace(':id', encodeURIComponent(String(depositId)))
    .replace(':name', encodeURIComponent(name));
  return `${backofficeApiPrefix}${path}`;
}

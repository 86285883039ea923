import {
  type ConvertPointInput,
  type ConvertPointResult,
  calls,
  convertPointResultSchema,
  type PointBalance,
  type PointConfig,
  type PointHistoryPage,
  type PointRewardList,
  pointBalanceSchema,
  pointConfigSchema,
  pointHistoryPageSchema,
  pointRewardListSchema,
} from '@portal/contract';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '@/lib/api-client';

/**
 * The points mall's calls (contract `calls`, server `points.routes.ts`) as TanStack Query options and the
 * conversion mutation, which takes the Idempotency-Key the form chose for this submission.
 */

export const pointsKeys = {
  all: ['points'] as const,
  config: ['points', 'config'] as const,
  rewards: ['points', 'rewards'] as const,
  balance: ['points', 'balance'] as const,
  history: (pageNo: number) => ['points', 'history', pageNo] as const,
};

/** The header's balance entry (features/wallet owns it): a conversion pays into the main wallet. */
const walletBalanceKey = ['wallet', 'balance'] as const;

export const historyPageSize = 10;

export function pointConfigQueryOptions() {
  return queryOptions({
    queryKey: pointsKeys.config,
    queryFn: ({ signal }): Promise<PointConfig> => apiCall(calls.pointConfig, { schema: pointConfigSchema, signal }),
    staleTime: 5 * 60_000,
  });
}

export function pointRewardsQueryOptions() {
  return queryOptions({
    queryKey: pointsKeys.rewards,
    queryFn: ({ signal }): Promise<PointRewardList> =>
      apiCall(calls.pointRewards, { schema: pointRewardListSchema, signal }),
    staleTime: 5 * 60_000,
  });
}

export function pointBalanceQueryOptions() {
  return queryOptions({
    queryKey: pointsKeys.balance,
    queryFn: ({ signal }): Promise<PointBalance> => apiCall(calls.pointBalance, { schema: pointBalanceSchema, signal }),
    staleTime: 0,
  });
}

export function pointHistoryQueryOptions(pageNo: number) {
  return queryOptions({
    queryKey: pointsKeys.history(pageNo),
    queryFn: ({ signal }): Promise<PointHistoryPage> =>
      apiCall(calls.redeemPointList, {
        body: { pageNo, pageSize: historyPageSize },
        schema: pointHistoryPageSchema,
        signal,
      }),
    placeholderData: (previous) => previous,
    staleTime: 0,
  });
}

export function useConvertPoints() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ConvertPointInput & { idempotencyKey: string }): Promise<ConvertPointResult> => {
      const { idempotencyKey, ...body } = input;
      return apiCall(calls.convertPoint, { body, idempotencyKey, schema: convertPointResultSchema });
    },
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: pointsKeys.balance });
      void queryClient.invalidateQueries({ queryKey: ['points', 'history'] });
      void queryClient.invalidateQueries({ queryKey: walletBalanceKey });
    },
  });
}

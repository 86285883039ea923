import {
  type ConvertPointInput,
  type ConvertPointResult,
  calls,
  convertPointResultSchema,
  type PointBalance,
  type PointConfig,
  type PointHistoryPage,
  type PointRedemptionPage,
  type PointRewardList,
  pointBalanceSchema,
  pointConfigSchema,
  pointHistoryPageSchema,
  pointRedemptionPageSchema,
  pointRewardListSchema,
  type RedeemPointRewardInput,
  type RedeemPointRewardResult,
  redeemPointRewardResultSchema,
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
  redemptions: (pageNo: number) => ['points', 'redemptions', pageNo] as const,
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

/** The member's goods redemptions (In Process until an operator decides), newest first. */
export function pointRedemptionsQueryOptions(pageNo: number) {
  return queryOptions({
    queryKey: pointsKeys.redemptions(pageNo),
    queryFn: ({ signal }): Promise<PointRedemptionPage> =>
      apiCall(calls.redeemGoodsList, {
        body: { pageNo, pageSize: historyPageSize },
        schema: pointRedemptionPageSchema,
        signal,
      }),
    placeholderData: (previous) => previous,
    staleTime: 0,
  });
}

/** Redeems goods with the Idempotency-Key the form chose for this submission; the points are held at once. */
export function useRedeemGoods() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: RedeemPointRewardInput & { idempotencyKey: string }): Promise<RedeemPointRewardResult> => {
      const { idempotencyKey, ...body } = input;
      return apiCall(calls.redeemPointReward, { body, idempotencyKey, schema: redeemPointRewardResultSchema });
    },
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: pointsKeys.balance });
      void queryClient.invalidateQueries({ queryKey: pointsKeys.rewards });
      void queryClient.invalidateQueries({ queryKey: ['points', 'redemptions'] });
    },
  });
}

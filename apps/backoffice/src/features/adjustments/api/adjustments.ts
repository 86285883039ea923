import {
  type AdjustmentSort,
  type AdjustmentStatus,
  adjustmentPageSchema,
  adjustmentPolicySchema,
  adjustmentSchema,
  backofficePaths,
  type CreateAdjustmentInput,
  type ListSort,
} from '@portal/contract';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { boCall } from '@/lib/api-client';

export const adjustmentsQueryKey = ['bo', 'adjustments'] as const;
/** The approval queue refreshes itself while open: another operator may propose at any time. */
export const adjustmentsPollMs = 15_000;
const pageSize = 20;

export type AdjustmentFilter = {
  status: AdjustmentStatus | '';
  playerId?: number;
  pageNo: number;
  /** Newest proposal first when absent. */
  sorting?: ListSort<AdjustmentSort>;
};

export function getAdjustmentsQueryOptions(filter: AdjustmentFilter) {
  return queryOptions({
    queryKey: [...adjustmentsQueryKey, filter],
    queryFn: ({ signal }) =>
      boCall('GET', backofficePaths.adjustments, {
        schema: adjustmentPageSchema,
        query: {
          status: filter.status,
          playerId: filter.playerId,
          pageNo: filter.pageNo,
          pageSize,
          sort: filter.sorting?.sort,
          order: filter.sorting?.order,
        },
        signal,
      }),
    placeholderData: keepPreviousData,
    refetchInterval: adjustmentsPollMs,
    staleTime: 0,
  });
}

export function useAdjustments(filter: AdjustmentFilter) {
  return useQuery(getAdjustmentsQueryOptions(filter));
}

/**
 * The amount above which an adjustment waits for a second operator (a server setting; read once per session).
 * With a player, also their direct adjustments so far in the window, which change with every adjustment: read
 * afresh each time the form opens (`enabled`) and after each proposal.
 */
export function useAdjustmentPolicy(player?: { playerId: number; enabled: boolean }) {
  return useQuery({
    queryKey: [...adjustmentsQueryKey, 'policy', player?.playerId ?? null],
    queryFn: ({ signal }) =>
      boCall('GET', backofficePaths.adjustmentPolicy, {
        schema: adjustmentPolicySchema,
        query: { playerId: player?.playerId },
        signal,
      }),
    staleTime: player ? 0 : Number.POSITIVE_INFINITY,
    enabled: player?.enabled ?? true,
  });
}

/** Adjustments and the player's balances change together: both are fetched again after a decision. */
function invalidate(client: ReturnType<typeof useQueryClient>) {
  return Promise.all([
    client.invalidateQueries({ queryKey: adjustmentsQueryKey }),
    client.invalidateQueries({ queryKey: ['bo', 'players'] }),
  ]);
}

/** A key for one adjustment the operator means: a retry of the same request replays it instead of adjusting twice. */
export function newIdempotencyKey(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return `adj-${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
}

export function useProposeAdjustment() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ input, idempotencyKey }: { input: CreateAdjustmentInput; idempotencyKey: string }) =>
      boCall('POST', backofficePaths.adjustments, {
        schema: adjustmentSchema,
        body: input,
        headers: { 'idempotency-key': idempotencyKey },
      }),
    onSettled: () => invalidate(client),
  });
}

export type AdjustmentDecision =
  | { id: number; decision: 'approve' }
  | { id: number; decision: 'reject'; reason: string };

export function useDecideAdjustment() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: AdjustmentDecision) =>
      input.decision === 'approve'
        ? boCall('POST', backofficePaths.adjustmentApprove, {
            schema: adjustmentSchema,
            params: { id: input.id },
            body: {},
          })
        : boCall('POST', backofficePaths.adjustmentReject, {
            schema: adjustmentSchema,
            params: { id: input.id },
            body: { reason: input.reason },
          }),
    onSettled: () => invalidate(client),
  });
}

import {
  backofficePaths,
  type PlayerKind,
  type PlayerStatus,
  playerDetailSchema,
  playerLedgerPageSchema,
  playerPageSchema,
  playerPasswordResetSchema,
  playerSecuritySchema,
  recordsPageSchema,
} from '@portal/contract';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { boCall } from '@/lib/api-client';

export const playersQueryKey = ['bo', 'players'] as const;
const pageSize = 20;

export type PlayerFilter = { q: string; kind: PlayerKind | ''; status: PlayerStatus | ''; pageNo: number };

export function getPlayersQueryOptions(filter: PlayerFilter) {
  return queryOptions({
    queryKey: [...playersQueryKey, 'list', filter],
    queryFn: ({ signal }) =>
      boCall('GET', backofficePaths.players, {
        schema: playerPageSchema,
        query: { q: filter.q.trim(), kind: filter.kind, status: filter.status, pageNo: filter.pageNo, pageSize },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

export function usePlayers(filter: PlayerFilter) {
  return useQuery(getPlayersQueryOptions(filter));
}

export function usePlayer(id: number) {
  return useQuery({
    queryKey: [...playersQueryKey, id, 'detail'],
    queryFn: ({ signal }) =>
      boCall('GET', backofficePaths.player, { schema: playerDetailSchema, params: { id }, signal }),
  });
}

export function usePlayerSecurity(id: number) {
  return useQuery({
    queryKey: [...playersQueryKey, id, 'security'],
    queryFn: ({ signal }) =>
      boCall('GET', backofficePaths.playerSecurity, { schema: playerSecuritySchema, params: { id }, signal }),
  });
}

export function usePlayerLedger(id: number, pageNo: number) {
  return useQuery({
    queryKey: [...playersQueryKey, id, 'ledger', pageNo],
    queryFn: ({ signal }) =>
      boCall('GET', backofficePaths.playerLedger, {
        schema: playerLedgerPageSchema,
        params: { id },
        query: { pageNo, pageSize },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

export function usePlayerCashier(id: number, pageNo: number) {
  return useQuery({
    queryKey: [...playersQueryKey, id, 'cashier', pageNo],
    queryFn: ({ signal }) =>
      boCall('GET', backofficePaths.playerCashier, {
        schema: recordsPageSchema,
        params: { id },
        query: { pageNo, pageSize },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

export type PlayerAction =
  | { id: number; action: 'disable' | 'enable'; reason: string }
  | { id: number; action: 'forcePassword' };

const accountSchema = playerDetailSchema.shape.account;

export function usePlayerAction() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: PlayerAction) => {
      if (input.action === 'forcePassword') {
        return boCall('POST', backofficePaths.playerForcePassword, {
          schema: accountSchema,
          params: { id: input.id },
          body: {},
        });
      }
      return boCall('POST', input.action === 'disable' ? backofficePaths.playerDisable : backofficePaths.playerEnable, {
        schema: accountSchema,
        params: { id: input.id },
        body: { reason: input.reason },
      });
    },
    onSettled: (_data, _error, input) => client.invalidateQueries({ queryKey: [...playersQueryKey, input.id] }),
  });
}

export function useResetPlayerPassword() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      boCall('POST', backofficePaths.playerResetPassword, {
        schema: playerPasswordResetSchema,
        params: { id },
        body: {},
      }),
    onSettled: (_data, _error, id) => client.invalidateQueries({ queryKey: [...playersQueryKey, id] }),
  });
}

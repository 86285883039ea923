import {
  backofficePaths,
  type ListSort,
  type PlayerKind,
  type PlayerSort,
  type PlayerStatus,
  playerDetailSchema,
  playerDownlinePageSchema,
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

export type PlayerFilter = {
  q: string;
  kind: PlayerKind | '';
  status: PlayerStatus | '';
  pageNo: number;
} & ListSort<PlayerSort>;

export function getPlayersQueryOptions(filter: PlayerFilter) {
  return queryOptions({
    queryKey: [...playersQueryKey, 'list', filter],
    queryFn: ({ signal }) =>
      boCall('GET', backofficePaths.players, {
        schema: playerPageSchema,
        query: {
          q: filter.q.trim(),
          kind: filter.kind,
          status: filter.status,
          sort: filter.sort,
          order: filter.order,
          pageNo: filter.pageNo,
          pageSize,
        },
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

/** Accounts per opened level of the downline tree; "Show more" fetches the next page of that level. */
export const downlinePageSize = 50;

/** One level of the downline tree, fetched only when the operator opens it (`enabled`). */
export function usePlayerDownline(id: number, pageNo: number, enabled: boolean) {
  return useQuery({
    queryKey: [...playersQueryKey, id, 'downline', pageNo],
    queryFn: ({ signal }) =>
      boCall('GET', backofficePaths.playerDownline, {
        schema: playerDownlinePageSchema,
        params: { id },
        query: { pageNo, pageSize: downlinePageSize },
        signal,
      }),
    enabled,
  });
}

export type PlayerAction =
  | { id: number; action: 'disable' | 'enable'; reason: string }
  | { id: number; action: 'forcePassword' | 'unlock' | 'resetTwoFactor' };

const simpleActionPaths = {
  forcePassword: backofficePaths.playerForcePassword,
  unlock: backofficePaths.playerUnlock,
  resetTwoFactor: backofficePaths.playerResetTwoFactor,
} as const;

const accountSchema = playerDetailSchema.shape.account;

export function usePlayerAction() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: PlayerAction) => {
      if (input.action !== 'disable' && input.action !== 'enable') {
        return boCall('POST', simpleActionPaths[input.action], {
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

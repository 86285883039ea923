import {
  backofficeGamesPaths,
  type CatalogueGameSort,
  type CatalogueGameUpdateInput,
  type CatalogueVendorUpdateInput,
  catalogueGameAdminPageSchema,
  catalogueGameAdminSchema,
  catalogueSyncResultSchema,
  catalogueVendorAdminListSchema,
  catalogueVendorAdminSchema,
  type GameCategory,
} from '@portal/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { boCall } from '@/lib/api-client';

export const gamesQueryKey = ['bo', 'catalogue'] as const;
const pageSize = 20;

type Flag = '' | 'true' | 'false';

export type GameFilter = {
  vendor: string;
  category: GameCategory | '';
  q: string;
  enabled: Flag;
  maintenance: Flag;
  hot: Flag;
  sort: CatalogueGameSort;
  dir: 'asc' | 'desc';
  pageNo: number;
};

export const emptyGameFilter: GameFilter = {
  vendor: '',
  category: '',
  q: '',
  enabled: '',
  maintenance: '',
  hot: '',
  sort: 'sortOrder',
  dir: 'asc',
  pageNo: 1,
};

export function useVendors() {
  return useQuery({
    queryKey: [...gamesQueryKey, 'vendors'],
    queryFn: ({ signal }) =>
      boCall('GET', backofficeGamesPaths.vendors, { schema: catalogueVendorAdminListSchema, signal }),
  });
}

export function useGames(filter: GameFilter) {
  return useQuery({
    queryKey: [...gamesQueryKey, 'games', filter],
    queryFn: ({ signal }) =>
      boCall('GET', backofficeGamesPaths.games, {
        schema: catalogueGameAdminPageSchema,
        query: { ...filter, q: filter.q.trim(), pageSize },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

export function useUpdateVendor() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ code, input }: { code: string; input: CatalogueVendorUpdateInput }) =>
      boCall('PATCH', backofficeGamesPaths.vendor, {
        schema: catalogueVendorAdminSchema,
        params: { code },
        body: input,
      }),
    // A vendor's switches show on its games' rows too.
    onSettled: () => client.invalidateQueries({ queryKey: gamesQueryKey }),
  });
}

export function useUpdateGame() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: number; input: CatalogueGameUpdateInput }) =>
      boCall('PATCH', backofficeGamesPaths.game, { schema: catalogueGameAdminSchema, params: { id }, body: input }),
    // Hot pins re-rank other games as well.
    onSettled: () => client.invalidateQueries({ queryKey: [...gamesQueryKey, 'games'] }),
  });
}

/** Pulls every aggregator's catalogue now; can take a while with large feeds. */
export function useSyncCatalogue() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () =>
      boCall('POST', backofficeGamesPaths.sync, { schema: catalogueSyncResultSchema, body: {}, timeoutMs: 180_000 }),
    onSettled: () => client.invalidateQueries({ queryKey: gamesQueryKey }),
  });
}

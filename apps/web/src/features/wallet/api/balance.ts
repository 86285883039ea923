import { calls, type WalletBalanceView, walletBalanceViewSchema } from '@portal/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '@/lib/api-client';
import { useSession } from '@/lib/session';

/** Cache key of `/wps/v2/wallets/balance`; the realtime socket writes the same entry. */
export const balanceQueryKey = ['wallet', 'balance'] as const;

export function getBalanceQueryOptions() {
  return queryOptions({
    queryKey: balanceQueryKey,
    queryFn: ({ signal }): Promise<WalletBalanceView> =>
      apiCall(calls.walletBalance, { schema: walletBalanceViewSchema, signal }),
    // The socket pushes every change; a refetch on focus covers what it may have missed.
    staleTime: 30_000,
  });
}

/** The main wallet of the logged-in member or agent; trial (free-play) and visitors have none to show. */
export function useBalance() {
  const { status } = useSession();
  return useQuery({ ...getBalanceQueryOptions(), enabled: status === 'member' || status === 'agent' });
}

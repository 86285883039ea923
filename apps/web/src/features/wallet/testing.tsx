import type { WalletBalanceView } from '@portal/contract';
import { ToastProvider } from '@portal/ui/toast';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import '@/locales/wallet';

/** A balance answer of `/wps/v2/wallets/balance` with `minor` in the main wallet. */
export function balanceFixture(minor: bigint, scale = 2): WalletBalanceView {
  const money = (value: bigint) => {
    const text = value.toString().padStart(scale + 1, '0');
    return { amount: `${text.slice(0, -scale)}.${text.slice(-scale)}`, minor: value.toString() };
  };
  return {
    currency: 'BDT',
    scale,
    symbol: '৳',
    main: money(minor),
    onHold: money(0n),
    vendors: [],
    total: money(minor),
  };
}

export function walletWrapper(queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } })) {
  return {
    queryClient,
    wrapper: ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={queryClient}>
        <ToastProvider labels={{ notifications: 'Notifications', dismiss: 'Dismiss' }}>{children}</ToastProvider>
      </QueryClientProvider>
    ),
  };
}

import type {
  DepositChannelList,
  Money,
  RecordItem,
  RecordsPage,
  WalletBalanceView,
  Withdrawal,
  WithdrawInfo,
} from '@portal/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { vi } from 'vitest';
import { permissionQueryKey } from '@/lib/permission';
import { setToken } from '@/lib/storage';
import { envelopeResponse, failureResponse, mockApi, permissionFixture } from '@/testing/fixtures';
import '@/locales/cashier';

/** Money at scale 2 from minor units. */
export function money(minor: bigint | number): Money {
  const value = BigInt(minor);
  const negative = value < 0n;
  const text = (negative ? -value : value).toString().padStart(3, '0');
  return { amount: `${negative ? '-' : ''}${text.slice(0, -2)}.${text.slice(-2)}`, minor: value.toString() };
}

export function channelsFixture(): DepositChannelList {
  return {
    currency: 'BDT',
    scale: 2,
    channels: [
      {
        code: 'SIM_EWALLET',
        type: 'gateway',
        method: 'ewallet',
        name: 'E-wallet (Simulator Pay)',
        min: money(20_000),
        max: money(2_500_000),
        presets: [money(50_000), money(100_000)],
        payee: null,
      },
      {
        code: 'MANUAL_BANK',
        type: 'manual',
        method: 'bank_transfer',
        name: 'Bank transfer (manual)',
        min: money(50_000),
        max: money(50_000_000),
        presets: [],
        payee: { bankName: 'Dutch-Bangla Bank', accountNumber: '1234567890123', holderName: 'BDX88 Ltd' },
      },
    ],
  };
}

export function balanceFixture(minor: number): WalletBalanceView {
  return {
    currency: 'BDT',
    scale: 2,
    symbol: '৳',
    main: money(minor),
    onHold: money(0),
    vendors: [],
    total: money(minor),
  };
}

export function withdrawInfoFixture(overrides: Partial<WithdrawInfo> = {}): WithdrawInfo {
  return {
    currency: 'BDT',
    scale: 2,
    available: money(150_000),
    min: money(10_000),
    max: money(5_000_000),
    dailyMaxCount: 5,
    dailyMaxAmount: money(20_000_000),
    todayCount: 1,
    todayAmount: money(20_000),
    hasPaymentPassword: true,
    bankAccounts: [
      {
        id: 7,
        kind: 'ewallet',
        bankCode: 'BKASH',
        bankName: 'bKash',
        accountNumberMasked: '****5678',
        holderName: 'Rahim Uddin',
        branch: null,
        createdAt: '2026-11-20T10:00:00.000Z',
      },
    ],
    ...overrides,
  };
}

export function withdrawalFixture(overrides: Partial<Withdrawal> = {}): Withdrawal {
  return {
    id: 31,
    amount: money(50_000),
    status: 'pending',
    bankAccount: { bankName: 'bKash', accountNumberMasked: '****5678', holderName: 'Rahim Uddin' },
    rejectReason: null,
    confirmation: null,
    receivedAmount: null,
    createdAt: '2026-11-21T09:30:00.000Z',
    reviewedAt: null,
    confirmedAt: null,
    ...overrides,
  };
}

export function recordsFixture(items: RecordItem[], total = items.length, pageNo = 1): RecordsPage {
  return { items, pageNo, pageSize: 20, total, totalPages: Math.max(1, Math.ceil(total / 20)) };
}

export type Routes = Parameters<typeof mockApi>[0];

/** Stubs fetch with the given routes (unknown paths answer NOT_FOUND) and returns the mock. */
export function serveApi(routes: Routes) {
  const fetchMock = vi.fn(mockApi(routes));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** The calls made to a path, with their request init. */
export function callsTo(fetchMock: ReturnType<typeof serveApi>, path: string) {
  return fetchMock.mock.calls
    .filter(([input]) => new URL(String(input), 'http://localhost').pathname === path)
    .map(([input, init]) => ({ url: new URL(String(input), 'http://localhost'), init: init ?? {} }));
}

export function headerOf(init: RequestInit, name: string): string | undefined {
  return (init.headers as Record<string, string> | undefined)?.[name];
}

export { envelopeResponse, failureResponse };

/** Renders a cashier page below the providers it needs: a query cache holding the site's permission response, a router. */
export function renderCashier(ui: ReactElement, path = '/member') {
  setToken('token-1');
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  queryClient.setQueryData(permissionQueryKey, permissionFixture());
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[path]}>{children}</MemoryRouter>
    </QueryClientProvider>
  );
  return { queryClient, ...render(ui, { wrapper }) };
}

/** Bytes of a PNG (signature and a header chunk), a JPEG start, and something else. */
export const pngHead = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
export const jpegHead = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 16]);

export function imageFile(name = 'receipt.png', bytes: Uint8Array = pngHead, type = 'image/png', size?: number) {
  const file = new File([bytes as BlobPart], name, { type });
  if (size !== undefined) Object.defineProperty(file, 'size', { value: size });
  return file;
}

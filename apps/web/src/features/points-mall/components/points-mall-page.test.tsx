import type { PointConfig, PointHistoryPage, PointRewardList } from '@portal/contract';
import { ToastProvider } from '@portal/ui/toast';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/lib/i18n';
import { permissionQueryKey } from '@/lib/permission';
import { setToken } from '@/lib/storage';
import { bodyOf, envelopeResponse, failureResponse, mockApi, permissionFixture } from '@/testing/fixtures';
import { PointsMallPage, type PointsMallViewer, pointsIssue } from './points-mall-page';

const config: PointConfig = {
  ratioPoints: '100',
  ratioAmount: { amount: '1.00', minor: '100' },
  minPoints: '1000',
  stepPoints: '100',
  currency: { code: 'BDT', symbol: '৳', scale: 2 },
  expires: false,
};

const rewards: PointRewardList = {
  items: [
    { id: 'CASH_1000', kind: 'CASH', points: '1000', amount: { amount: '10.00', minor: '1000' } },
    { id: 'CASH_5000', kind: 'CASH', points: '5000', amount: { amount: '50.00', minor: '5000' } },
    { id: 'CASH_50000', kind: 'CASH', points: '50000', amount: { amount: '500.00', minor: '50000' } },
  ],
  goods: [],
};

const history: PointHistoryPage = {
  items: [
    {
      id: 2,
      type: 'CONVERT',
      changedPoints: '-5000',
      balanceAfter: '7500',
      redeemAmount: { amount: '50.00', minor: '5000' },
      status: 'APPROVED',
      remark: '',
      createdAt: '2026-11-24T10:00:00.000Z',
    },
    {
      id: 1,
      type: 'AWARD',
      changedPoints: '12500',
      balanceAfter: '12500',
      redeemAmount: null,
      status: 'APPROVED',
      remark: 'Welcome points',
      createdAt: '2026-11-23T10:00:00.000Z',
    },
  ],
  pageNo: 1,
  pageSize: 10,
  total: 2,
  totalPages: 1,
};

function serve(routes: Parameters<typeof mockApi>[0]) {
  const fetchMock = vi.fn(
    mockApi({
      '/wps/relay/MCS2_getPointConfig': () => envelopeResponse(config),
      '/wps/relay/MCS2_getPointReward': () => envelopeResponse(rewards),
      '/wps/relay/MCS2_getPointBalance': () =>
        envelopeResponse({ points: '12500', worth: { amount: '125.00', minor: '12500' } }),
      '/wps/relay/MCS2_getRedeemPointList': () => envelopeResponse(history),
      '/wps/relay/MCS2_getRedeemGoodsList': () =>
        envelopeResponse({ items: [], pageNo: 1, pageSize: 10, total: 0, totalPages: 0 }),
      ...routes,
    }),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function renderPage(viewer: PointsMallViewer, handlers: { onLogin?: () => void } = {}) {
  if (viewer !== 'visitor') setToken('token-1');
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  queryClient.setQueryData(permissionQueryKey, permissionFixture());
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>
      <ToastProvider labels={{ dismiss: 'Close', notifications: 'Notifications' }}>
        <MemoryRouter initialEntries={['/pointMall']}>{children}</MemoryRouter>
      </ToastProvider>
    </QueryClientProvider>
  );
  return render(<PointsMallPage viewer={viewer} onLogin={handlers.onLogin ?? (() => {})} onRegister={() => {}} />, {
    wrapper,
  });
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('pointsIssue', () => {
  it('accepts whole steps from the minimum and names what is wrong otherwise', () => {
    expect(pointsIssue('1000', config)).toBeNull();
    expect(pointsIssue('12300', config)).toBeNull();
    expect(pointsIssue('900', config)).toBe('minimum');
    expect(pointsIssue('1050', config)).toBe('step');
    expect(pointsIssue('1e3', config)).toBe('invalid');
    expect(pointsIssue('-1000', config)).toBe('invalid');
  });
});

describe('PointsMallPage', () => {
  it("shows a member's points, the exchange-rate table and converts a package with the payment password", async () => {
    const fetchMock = serve({
      '/wps/relay/passwordCheck/MCS2_convertPoint': () =>
        envelopeResponse({
          points: '5000',
          amount: { amount: '50.00', minor: '5000' },
          balance: '7500',
          status: 'APPROVED',
        }),
    });
    renderPage('member');
    expect(await screen.findByTestId('points-balance')).toHaveProperty('textContent', '12,500');
    expect(screen.getByText('Worth ৳125.00')).toBeTruthy();
    const big = (await screen.findByText('50,000 points')).closest('li') as HTMLElement;
    expect(within(big).getByText('Need 37,500 more points')).toBeTruthy();
    expect(within(big).getByRole('button', { name: 'Redeem: 50,000 points' })).toHaveProperty('disabled', true);

    fireEvent.click(screen.getByRole('button', { name: 'Redeem: 5,000 points' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('5,000 points will become ৳50.00 in your main wallet.')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await within(dialog).findByText('Enter your payment password.')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText(/Payment password/), { target: { value: '246810' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('5,000 points converted: ৳50.00 added to your main wallet.')).toBeTruthy();

    const convertCalls = fetchMock.mock.calls.filter(([input]) => String(input).includes('MCS2_convertPoint'));
    expect(convertCalls).toHaveLength(1);
    const init = convertCalls[0]?.[1] as RequestInit;
    expect(bodyOf(init)).toEqual({ points: '5000', paymentPassword: '246810' });
    expect(
      (init.headers as Record<string, string>)['Idempotency-Key'] ??
        (init.headers as Record<string, string>)['idempotency-key'],
    ).toBeTruthy();
  });

  it('checks a typed number of points before it opens the dialog and shows what it is worth', async () => {
    serve({});
    renderPage('member');
    const input = await screen.findByLabelText('Points to convert');
    fireEvent.change(input, { target: { value: '1050' } });
    fireEvent.click(screen.getByRole('button', { name: 'Convert' }));
    expect(await screen.findByText('Points are converted in multiples of 100')).toBeTruthy();
    fireEvent.change(input, { target: { value: '2500' } });
    expect(screen.getByText('You get ৳25.00')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Convert' }));
    expect(await screen.findByRole('dialog')).toBeTruthy();
  });

  it('shows the server refusal in the dialog and a way to set a payment password', async () => {
    serve({
      '/wps/relay/passwordCheck/MCS2_convertPoint': () => failureResponse('CASHIER_PAYMENT_PASSWORD_NOT_SET', 400),
    });
    renderPage('member');
    fireEvent.click(await screen.findByRole('button', { name: 'Redeem: 1,000 points' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText(/Payment password/), { target: { value: '1' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await within(dialog).findByRole('link', { name: 'Set a payment password first' })).toBeTruthy();
  });

  it('lists the history with signed points, the cash paid and the status, in English and Bengali', async () => {
    serve({});
    renderPage('member');
    fireEvent.click(await screen.findByRole('tab', { name: 'Redeem history' }));
    const table = await screen.findByRole('table');
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(within(rows[1] as HTMLElement).getByText('-5,000')).toBeTruthy();
    expect(within(rows[1] as HTMLElement).getByText('৳50.00')).toBeTruthy();
    expect(within(rows[1] as HTMLElement).getByText('Converted to cash')).toBeTruthy();
    expect(within(rows[2] as HTMLElement).getByText('+12,500')).toBeTruthy();
    expect(within(rows[2] as HTMLElement).getByText('Welcome points')).toBeTruthy();
    await i18n.changeLanguage('bn');
    expect(await within(table).findByText('নগদে রূপান্তর')).toBeTruthy();
    expect(within(table).getAllByText('অনুমোদিত')).toHaveLength(2);
    await i18n.changeLanguage('en');
  });

  it('shows a visitor the rate, the table and the rules, and asks them to log in to redeem', async () => {
    const fetchMock = serve({});
    const onLogin = vi.fn();
    renderPage('visitor', { onLogin });
    expect(await screen.findByText('Log in to see your points')).toBeTruthy();
    fireEvent.click(await screen.findByRole('button', { name: 'Redeem: 1,000 points' }));
    expect(onLogin).toHaveBeenCalled();
    fireEvent.click(screen.getByRole('tab', { name: 'Rules' }));
    await waitFor(() => expect(screen.getByText('Points never expire.')).toBeTruthy());
    expect(fetchMock.mock.calls.some(([input]) => String(input).includes('MCS2_getPointBalance'))).toBe(false);
  });

  it('redeems goods with the address, mobile and payment password, and lists the redemption In process', async () => {
    const earbuds = { id: 7, name: 'Wireless earbuds', imageUrl: null, points: '2000', stock: 3 };
    const watch = { id: 8, name: 'Smart watch', imageUrl: null, points: '50000', stock: 0 };
    const redemption = {
      id: 31,
      goodsId: 7,
      goodsName: 'Wireless earbuds',
      imageUrl: null,
      points: '2000',
      address: 'House 12, Road 5, Dhaka',
      mobile: '+8801711000000',
      status: 'IN_PROCESS',
      remark: '',
      createdAt: '2026-11-24T10:00:00.000Z',
      decidedAt: null,
    };
    const fetchMock = serve({
      '/wps/relay/MCS2_getPointReward': () => envelopeResponse({ ...rewards, goods: [earbuds, watch] }),
      '/wps/relay/passwordCheck/MCS2_redeemPointReward': () => envelopeResponse({ redemption, balance: '10500' }),
      '/wps/relay/MCS2_getRedeemGoodsList': () =>
        envelopeResponse({ items: [redemption], pageNo: 1, pageSize: 10, total: 1, totalPages: 1 }),
    });
    renderPage('member');
    expect(await screen.findByText('Out of stock')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Redeem: Smart watch' })).toHaveProperty('disabled', true);
    fireEvent.click(screen.getByRole('button', { name: 'Redeem: Wireless earbuds' }));
    const dialog = await screen.findByRole('dialog', { name: 'Redeem Wireless earbuds' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Redeem' }));
    expect(await within(dialog).findByText('Enter the address the goods go to.')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText(/Receiving address/), {
      target: { value: 'House 12, Road 5, Dhaka' },
    });
    fireEvent.change(within(dialog).getByLabelText(/Mobile number/), { target: { value: '+8801711000000' } });
    fireEvent.change(within(dialog).getByLabelText(/Payment password/), { target: { value: '246810' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Redeem' }));
    expect(await screen.findByText(/Wireless earbuds requested for 2,000 points/)).toBeTruthy();
    const redeemCalls = fetchMock.mock.calls.filter(([input]) => String(input).includes('MCS2_redeemPointReward'));
    expect(redeemCalls).toHaveLength(1);
    const init = redeemCalls[0]?.[1] as RequestInit;
    expect(bodyOf(init)).toEqual({
      goodsId: 7,
      address: 'House 12, Road 5, Dhaka',
      mobile: '+8801711000000',
      paymentPassword: '246810',
    });
    expect(
      (init.headers as Record<string, string>)['Idempotency-Key'] ??
        (init.headers as Record<string, string>)['idempotency-key'],
    ).toBeTruthy();

    fireEvent.click(screen.getByRole('tab', { name: 'Redeem history' }));
    const list = await screen.findByRole('region', { name: 'Goods redemptions' });
    expect(await within(list).findByText('In process')).toBeTruthy();
    expect(within(list).getByText('Wireless earbuds')).toBeTruthy();
  });
});

import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { syncSessionFromStorage } from '@/lib/session';
import { setToken } from '@/lib/storage';
import { envelopeResponse, memberInfoFixture, mockApi } from '@/testing/fixtures';
import { hideBalanceKey } from '../hooks/use-balance-visibility';
import { balanceFixture, walletWrapper } from '../testing';
import { HeaderBalance } from './header-balance';

function serve(balances: bigint[], info = memberInfoFixture(), gate: Promise<void> = Promise.resolve()) {
  let calls = 0;
  const fetchMock = vi.fn(
    mockApi({
      '/wps/member/info': () => envelopeResponse(info),
      '/wps/v2/wallets/balance': async () => {
        const minor = balances[Math.min(calls, balances.length - 1)] ?? 0n;
        calls += 1;
        if (calls > 1) await gate;
        return envelopeResponse(balanceFixture(minor));
      },
    }),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const balanceCalls = (fetchMock: ReturnType<typeof serve>) =>
  fetchMock.mock.calls.filter(([url]) => String(url).includes('/wps/v2/wallets/balance')).length;

function renderBalance() {
  const { wrapper } = walletWrapper();
  return render(<HeaderBalance />, { wrapper });
}

beforeEach(() => {
  setToken('token-1');
  syncSessionFromStorage();
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('HeaderBalance', () => {
  it('shows the symbol and the main balance with thousands separators and 2 decimals', async () => {
    serve([123456789n]);
    renderBalance();
    expect(await screen.findByText('1,234,567.89')).toBeTruthy();
    expect(screen.getByText('৳')).toBeTruthy();
  });

  it('shows 0.00 for an empty wallet', async () => {
    serve([0n]);
    renderBalance();
    expect(await screen.findByText('0.00')).toBeTruthy();
  });

  it('fetches nothing for a trial account', async () => {
    const fetchMock = serve([100n], memberInfoFixture({ isTrial: true, type: 4 }));
    renderBalance();
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(balanceCalls(fetchMock)).toBe(0);
  });

  it('masks the amount and remembers the choice on the device', async () => {
    serve([250000n]);
    const first = renderBalance();
    await screen.findByText('2,500.00');
    fireEvent.click(screen.getByRole('button', { name: 'Hide balance' }));
    expect(screen.getByTestId('header-balance').textContent).toBe('****');
    expect(screen.queryByText('2,500.00')).toBeNull();
    expect(localStorage.getItem(hideBalanceKey)).toBe('1');
    first.unmount();

    renderBalance();
    await waitFor(() => expect(screen.getByTestId('header-balance').textContent).toBe('****'));
    fireEvent.click(screen.getByRole('button', { name: 'Show balance' }));
    expect(await screen.findByText('2,500.00')).toBeTruthy();
    expect(localStorage.getItem(hideBalanceKey)).toBeNull();
  });

  it('refreshes on demand, at most once per second', async () => {
    let open: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      open = resolve;
    });
    const fetchMock = serve([100n, 200n, 300n], memberInfoFixture(), gate);
    renderBalance();
    await screen.findByText('1.00');
    const refresh = screen.getByRole('button', { name: 'Refresh balance' });

    fireEvent.click(refresh);
    // Spins while the answer is on its way; pressing again meanwhile asks nothing more.
    await waitFor(() => expect(refresh.className).toContain('is-spinning'));
    fireEvent.click(refresh);
    open();
    await screen.findByText('2.00');
    await waitFor(() => expect(refresh.className).not.toContain('is-spinning'));
    expect(balanceCalls(fetchMock)).toBe(2);

    // Pressed again within the second: nothing is asked.
    fireEvent.click(refresh);
    fireEvent.click(refresh);
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(balanceCalls(fetchMock)).toBe(2);

    const now = Date.now();
    const spy = vi.spyOn(Date, 'now').mockReturnValue(now + 1100);
    fireEvent.click(refresh);
    await screen.findByText('3.00');
    expect(balanceCalls(fetchMock)).toBe(3);
    spy.mockRestore();
  });
});

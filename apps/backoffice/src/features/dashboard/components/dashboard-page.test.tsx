import type { Dashboard } from '@portal/contract';
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { configFixture, meFixture, mockApi, okResponse } from '@/testing/fixtures';
import { renderConsole } from '@/testing/render-app';

afterEach(() => {
  vi.unstubAllGlobals();
});

const money = (amount: string, minor: string) => ({ amount, minor });

function dashboardFixture(): Dashboard {
  const days = Array.from({ length: 7 }, (_, index) => ({
    date: `2030-01-0${index + 1}`,
    deposits: { count: index, sum: money(`${index * 100}.00`, String(index * 10_000)) },
    withdrawals: { count: 1, sum: money('50.00', '5000') },
    net: money(`${index * 100 - 50}.00`, String(index * 10_000 - 5000)),
    registrations: index + 1,
    activePlayers: 10 + index,
    bets: money(`${index * 1000}.50`, String(index * 100_000 + 50)),
    wins: money(`${index * 900}.25`, String(index * 90_000 + 25)),
    ggr: money(`${index * 100}.25`, String(index * 10_000 + 25)),
  }));
  return {
    currency: 'BDT',
    days,
    pending: { deposits: 3, withdrawals: 0, adjustments: 2 },
    generatedAt: '2030-01-07T10:00:00.000Z',
  };
}

function serve(role: 'owner' | 'finance' | 'risk' | 'support') {
  const fetchMock = vi.fn(
    mockApi({
      'GET /bo/api/session/me': () => okResponse(meFixture(role)),
      'GET /bo/api/config': () => okResponse(configFixture()),
      'GET /bo/api/dashboard': () => okResponse(dashboardFixture()),
      'GET /bo/api/ledger/verify': () =>
        okResponse({
          ok: true,
          accounts: 12,
          transfers: 340,
          entries: 680,
          netByCurrency: { BDT: '0' },
          breaches: [],
          checkedAt: '2030-01-07T10:01:00.000Z',
        }),
    }),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

describe('dashboard', () => {
  it("shows today's figures, the week, the queues with links, and checks the ledger on demand", async () => {
    serve('finance');
    renderConsole('/');
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' }, { timeout: 5000 })).toBeTruthy();
    const today = await screen.findByRole('region', { name: 'Today' });
    expect(within(today).getByText('600.00 BDT')).toBeTruthy();
    expect(within(today).getByText(/6 transactions · 7 days: 2,100.00 BDT/)).toBeTruthy();
    expect(within(today).getByText('550.00 BDT')).toBeTruthy();
    expect(within(today).getByText('7')).toBeTruthy();
    expect(within(today).getByText('7 days: 28')).toBeTruthy();
    // Play from the game rounds: bets, wins and GGR (bets − wins), with thousands separators and 2 decimals.
    expect(within(today).getByText('6,000.50 BDT')).toBeTruthy();
    expect(within(today).getByText('5,400.25 BDT')).toBeTruthy();
    expect(within(today).getByText('600.25 BDT')).toBeTruthy();
    expect(within(today).getByText('Bets minus wins · 7 days: 2,101.75 BDT')).toBeTruthy();
    const deposits = screen.getByTestId('queue-deposits');
    expect(within(deposits).getByText('3')).toBeTruthy();
    expect(within(deposits).getByRole('link').getAttribute('href')).toBe('/cashier/deposits');
    expect(within(screen.getByTestId('queue-adjustments')).getByRole('link').getAttribute('href')).toBe('/adjustments');
    expect(screen.getByRole('img', { name: 'Bar chart of deposits and withdrawals per day' })).toBeTruthy();
    expect(screen.getByText('Not checked in this session yet.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Run check' }));
    expect(await screen.findByText('Ledger consistent: 340 transfers, 12 accounts checked')).toBeTruthy();
  });

  it('sends a role without the dashboard to the site settings', async () => {
    serve('support');
    renderConsole('/dashboard');
    expect(await screen.findByRole('heading', { level: 1, name: 'Site settings' }, { timeout: 5000 })).toBeTruthy();
    const nav = screen.getByRole('navigation', { name: 'Console navigation' });
    expect(within(nav).queryByRole('link', { name: 'Dashboard' })).toBeNull();
    expect(within(nav).getByRole('link', { name: 'Players and agents' })).toBeTruthy();
  });
});

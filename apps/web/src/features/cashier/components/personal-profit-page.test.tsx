import type { PersonalProfit } from '@portal/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/lib/i18n';
import { callsTo, envelopeResponse, money, renderCashier, serveApi } from '../testing';
import { PersonalProfitPage } from './personal-profit-page';

function line(rounds: number, bet: number, win: number) {
  return { rounds, bet: money(bet), win: money(win), profit: money(win - bet) };
}

function profitFixture(overrides: Partial<PersonalProfit> = {}): PersonalProfit {
  return {
    currency: 'BDT',
    scale: 2,
    period: 'today',
    startDate: '2026-11-24',
    endDate: '2026-11-24',
    from: '2026-11-23T18:00:00.000Z',
    to: '2026-11-24T18:00:00.000Z',
    games: line(12, 1_250_000_00, 1_100_000_50),
    byCategory: [
      { category: 'LIVE', ...line(2, 1_000_000_00, 900_000_00) },
      { category: 'RNG', ...line(10, 250_000_00, 200_000_50) },
    ],
    byVendor: [
      { category: 'LIVE', vendor: 'AG', ...line(2, 1_000_000_00, 900_000_00) },
      { category: 'RNG', vendor: 'PG', ...line(10, 250_000_00, 200_000_50) },
    ],
    deposit: money(2_000_000_00),
    depositCount: 3,
    withdrawal: money(500_000_00),
    withdrawalCount: 1,
    bonus: money(70_000_00),
    bonusCount: 1,
    adjustment: money(-1_000_00),
    adjustmentCount: 1,
    netProfit: money(1_100_000_50 - 1_250_000_00 + 70_000_00 - 1_000_00),
    ...overrides,
  };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('PersonalProfitPage', () => {
  it("shows today's bets, wins and P/L by category and provider with 2 decimals and separators, in EN and BN", async () => {
    serveApi({ '/wps/report/personal/profit': () => envelopeResponse(profitFixture()) });
    renderCashier(<PersonalProfitPage />);
    const byCategory = await screen.findByRole('table', { name: 'By game category' });
    const rows = within(byCategory).getAllByRole('row');
    expect(within(rows[1] as HTMLElement).getByText('Live casino')).toBeTruthy();
    expect(within(rows[1] as HTMLElement).getByText('৳1,000,000.00')).toBeTruthy();
    expect(within(rows[1] as HTMLElement).getByText('-৳100,000.00')).toBeTruthy();
    expect(within(rows[2] as HTMLElement).getByText('Slots')).toBeTruthy();
    const byVendor = screen.getByRole('table', { name: 'By game provider' });
    expect(within(byVendor).getByText('AG')).toBeTruthy();
    expect(screen.getByText('৳1,250,000.00')).toBeTruthy();
    expect(screen.getByText('12 rounds')).toBeTruthy();
    expect(screen.getByText('3 times')).toBeTruthy();
    expect(screen.getByText('৳70,000.00')).toBeTruthy();
    expect(screen.getAllByText('-৳80,999.50').length).toBeGreaterThan(0);
    expect(screen.getByText('2026-11-24 to 2026-11-24')).toBeTruthy();

    await i18n.changeLanguage('bn');
    expect(await screen.findByRole('table', { name: 'গেমের ধরন অনুযায়ী' })).toBeTruthy();
    expect(screen.getAllByText('লাইভ ক্যাসিনো').length).toBeGreaterThan(0);
    expect(screen.getAllByText('মোট বাজি').length).toBeGreaterThan(0);
    await i18n.changeLanguage('en');
  });

  it('asks the server for the chosen period, and checks a custom range before asking', async () => {
    const fetchMock = serveApi({
      '/wps/report/personal/profit': ({ url }) =>
        envelopeResponse(
          profitFixture({ period: (url.searchParams.get('period') ?? 'today') as PersonalProfit['period'] }),
        ),
    });
    renderCashier(<PersonalProfitPage />);
    await screen.findByRole('table', { name: 'By game category' });
    expect(callsTo(fetchMock, '/wps/report/personal/profit')[0]?.url.searchParams.get('period')).toBe('today');
    fireEvent.click(screen.getByRole('tab', { name: 'Last 7 days' }));
    await waitFor(() =>
      expect(callsTo(fetchMock, '/wps/report/personal/profit').at(-1)?.url.searchParams.get('period')).toBe(
        'last7days',
      ),
    );
    fireEvent.click(screen.getByRole('tab', { name: 'Custom range' }));
    const before = callsTo(fetchMock, '/wps/report/personal/profit').length;
    fireEvent.click(screen.getByRole('button', { name: 'Show' }));
    expect(await screen.findByText('Choose a start and an end date')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('From', { selector: 'input' }), { target: { value: '2026-11-20' } });
    fireEvent.change(screen.getByLabelText('To', { selector: 'input' }), { target: { value: '2026-11-01' } });
    fireEvent.click(screen.getByRole('button', { name: 'Show' }));
    expect(await screen.findByText('The start date must not be after the end date')).toBeTruthy();
    expect(callsTo(fetchMock, '/wps/report/personal/profit')).toHaveLength(before);
    fireEvent.change(screen.getByLabelText('To', { selector: 'input' }), { target: { value: '2026-11-23' } });
    fireEvent.click(screen.getByRole('button', { name: 'Show' }));
    await waitFor(() => {
      const params = callsTo(fetchMock, '/wps/report/personal/profit').at(-1)?.url.searchParams;
      expect(Object.fromEntries(params ?? [])).toEqual({
        period: 'custom',
        startDate: '2026-11-20',
        endDate: '2026-11-23',
      });
    });
  });

  it('says so when no game was played in the period, and still shows the money figures', async () => {
    serveApi({
      '/wps/report/personal/profit': () =>
        envelopeResponse(
          profitFixture({ games: line(0, 0, 0), byCategory: [], byVendor: [], netProfit: money(0), bonus: money(0) }),
        ),
    });
    renderCashier(<PersonalProfitPage />);
    expect((await screen.findAllByText('No games played in this period')).length).toBe(2);
    expect(screen.getByText('৳2,000,000.00')).toBeTruthy();
  });
});

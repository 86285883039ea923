import type { CashierReport, DailyPlayReport, PlayFigures, VendorPlayReport } from '@portal/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { configFixture, meFixture, mockApi, okResponse } from '@/testing/fixtures';
import { renderConsole } from '@/testing/render-app';

afterEach(() => {
  vi.unstubAllGlobals();
});

const money = (amount: string, minor: string) => ({ amount, minor });

const figures = (bets: string, wins: string, ggr: string, rounds: number, players: number): PlayFigures => ({
  bets: money(bets, bets.replace('.', '').replace(/^(-?)0+(?=\d)/, '$1')),
  wins: money(wins, wins.replace('.', '').replace(/^(-?)0+(?=\d)/, '$1')),
  ggr: money(ggr, ggr.replace('.', '').replace(/^(-?)0+(?=\d)/, '$1')),
  rounds,
  players,
});

function daily(from: string, to: string): DailyPlayReport {
  return {
    from,
    to,
    currency: 'BDT',
    days: [
      { date: from, ...figures('0.00', '0.00', '0.00', 0, 0) },
      { date: to, ...figures('1234567.50', '1000000.00', '234567.50', 1520, 87) },
    ],
    total: figures('1234567.50', '1000000.00', '234567.50', 1520, 87),
  };
}

const vendors: VendorPlayReport = {
  from: '2030-01-01',
  to: '2030-01-07',
  currency: 'BDT',
  vendors: [
    { vendorCode: 'JDB', vendorName: 'JDB', ...figures('20.00', '0.00', '20.00', 1, 1) },
    { vendorCode: 'PG', vendorName: 'PG Soft', ...figures('15.00', '25.00', '-10.00', 2, 1) },
  ],
  total: figures('35.00', '25.00', '10.00', 3, 2),
};

const cashier: CashierReport = {
  from: '2030-01-01',
  to: '2030-01-07',
  currency: 'BDT',
  rows: [
    { date: '2030-01-07', direction: 'deposit', channel: 'MANUAL_BANK', count: 2, sum: money('5000.00', '500000') },
    { date: '2030-01-07', direction: 'withdrawal', channel: 'BKASH', count: 1, sum: money('300.00', '30000') },
  ],
  totals: {
    deposits: { count: 2, sum: money('5000.00', '500000') },
    withdrawals: { count: 1, sum: money('300.00', '30000') },
    net: money('4700.00', '470000'),
  },
};

function serve(role: 'owner' | 'finance' | 'content') {
  const fetchMock = vi.fn(
    mockApi({
      'GET /bo/api/session/me': () => okResponse(meFixture(role)),
      'GET /bo/api/config': () => okResponse(configFixture()),
      'GET /bo/api/reports/daily': ({ url }) =>
        okResponse(daily(url.searchParams.get('from') ?? '2030-01-01', url.searchParams.get('to') ?? '2030-01-07')),
      'GET /bo/api/reports/vendors': () => okResponse(vendors),
      'GET /bo/api/reports/cashier': () => okResponse(cashier),
    }),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

describe('reports', () => {
  it('shows play by day with totals, 2 decimals and thousands separators, over a chosen range', async () => {
    const fetchMock = serve('finance');
    renderConsole('/reports');
    expect(await screen.findByRole('heading', { level: 1, name: 'Reports' }, { timeout: 5000 })).toBeTruthy();
    const table = await screen.findByRole('table', { name: 'Play by day (BDT)' });
    const total = within(table).getByTestId('report-total');
    expect(within(total).getByText('1,234,567.50')).toBeTruthy();
    expect(within(total).getByText('234,567.50')).toBeTruthy();
    expect(within(total).getByText('1,520')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Export CSV' }).getAttribute('href')).toBe('/bo/api/reports/daily/csv');

    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2030-02-10' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2030-02-01' } });
    fireEvent.click(screen.getByRole('button', { name: 'Show' }));
    expect(await screen.findByText('The last day must not be before the first')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2030-02-11' } });
    fireEvent.click(screen.getByRole('button', { name: 'Show' }));
    expect(await screen.findByText('2030-02-11')).toBeTruthy();
    expect(
      fetchMock.mock.calls.some(
        ([url]) => String(url) === '/bo/api/reports/daily?from=2030-02-10&to=2030-02-11&sort=date&order=desc',
      ),
    ).toBe(true);
    expect(screen.getByRole('link', { name: 'Export CSV' }).getAttribute('href')).toBe(
      '/bo/api/reports/daily/csv?from=2030-02-10&to=2030-02-11',
    );
  });

  it('sorts a report on the server from a column header, largest first on a first click', async () => {
    const fetchMock = serve('finance');
    renderConsole('/reports');
    const table = await screen.findByRole('table', { name: 'Play by day (BDT)' }, { timeout: 5000 });
    const ggr = within(table).getByRole('columnheader', { name: 'GGR' });
    expect(within(table).getByRole('columnheader', { name: 'Date' }).getAttribute('aria-sort')).toBe('descending');
    fireEvent.click(within(ggr).getByRole('button'));
    await waitFor(() =>
      expect(
        fetchMock.mock.calls.some(([url]) => {
          const search = new URL(String(url), 'http://localhost').searchParams;
          return search.get('sort') === 'ggr' && search.get('order') === 'desc';
        }),
      ).toBe(true),
    );
    expect(ggr.getAttribute('aria-sort')).toBe('descending');
  });

  it('shows play by vendor with negative GGR marked, and the cashier report by day and channel', async () => {
    serve('owner');
    renderConsole('/reports');
    fireEvent.click(await screen.findByRole('tab', { name: 'Play by vendor' }, { timeout: 5000 }));
    const vendorTable = await screen.findByRole('table', { name: 'Play by vendor (BDT)' });
    const pg = within(vendorTable).getByTestId('vendor-PG');
    const negative = within(pg).getByText('-10.00');
    expect(negative.className).toContain('bo-reports__negative');
    expect(screen.getByRole('link', { name: 'Export CSV' }).getAttribute('href')).toBe('/bo/api/reports/vendors/csv');

    fireEvent.click(screen.getByRole('tab', { name: 'Cashier' }));
    const cashierTable = await screen.findByRole('table', {
      name: 'Deposits and withdrawals by day and channel (BDT)',
    });
    expect(within(cashierTable).getByText('MANUAL_BANK')).toBeTruthy();
    expect(within(cashierTable).getByText('5,000.00')).toBeTruthy();
    expect(within(cashierTable).getByText('Withdrawal')).toBeTruthy();
    const totals = screen.getByTestId('cashier-totals');
    expect(within(totals).getByText('4,700.00 BDT')).toBeTruthy();
    expect(within(totals).getByText('2 transactions')).toBeTruthy();
    await waitFor(() =>
      expect(screen.getByRole('link', { name: 'Export CSV' }).getAttribute('href')).toBe('/bo/api/reports/cashier/csv'),
    );
  });

  it('is not offered to a role without reports.read', async () => {
    serve('content');
    renderConsole('/reports');
    expect(await screen.findByRole('heading', { level: 1, name: 'Site settings' }, { timeout: 5000 })).toBeTruthy();
    const nav = screen.getByRole('navigation', { name: 'Console navigation' });
    expect(within(nav).queryByRole('link', { name: 'Reports' })).toBeNull();
    expect(within(nav).getByRole('link', { name: 'Games and vendors' })).toBeTruthy();
  });
});

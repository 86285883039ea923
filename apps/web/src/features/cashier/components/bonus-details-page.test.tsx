import type { BonusRecord, BonusRecordsPage } from '@portal/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/lib/i18n';
import { callsTo, envelopeResponse, money, renderCashier, serveApi } from '../testing';
import { BonusDetailsPage } from './bonus-details-page';

const items: BonusRecord[] = [
  {
    id: 'L41',
    kind: 'BONUS',
    wallet: 'main',
    amount: money(7_000_000),
    balanceAfter: money(123_456_789),
    createdAt: '2026-11-21T09:00:00.000Z',
  },
  {
    id: 'L40',
    kind: 'ADJUSTMENT',
    wallet: 'main',
    amount: money(-25_050),
    balanceAfter: money(53_456_789),
    createdAt: '2026-11-20T09:00:00.000Z',
  },
];

function page(list: BonusRecord[], total = list.length, pageNo = 1): BonusRecordsPage {
  return {
    items: list,
    pageNo,
    pageSize: 20,
    total,
    totalPages: Math.ceil(total / 20),
    credited: money(7_000_000),
    debited: money(25_050),
  };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('BonusDetailsPage', () => {
  it('lists bonuses and adjustments from the ledger with signed amounts, translated kinds and totals', async () => {
    serveApi({ '/wps/report/bonus/details': () => envelopeResponse(page(items)) });
    renderCashier(<BonusDetailsPage />);
    const table = await screen.findByRole('table');
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(within(rows[1] as HTMLElement).getByText('Promotion bonus')).toBeTruthy();
    expect(within(rows[1] as HTMLElement).getByText('৳70,000.00')).toBeTruthy();
    expect(within(rows[1] as HTMLElement).getByText('৳1,234,567.89')).toBeTruthy();
    expect(within(rows[2] as HTMLElement).getByText('Balance adjustment')).toBeTruthy();
    expect(within(rows[2] as HTMLElement).getByText('-৳250.50')).toBeTruthy();
    expect(screen.getByText(/2 records/)).toBeTruthy();

    await i18n.changeLanguage('bn');
    expect(await within(table).findByText('প্রোমোশন বোনাস')).toBeTruthy();
    expect(within(table).getAllByText('প্রধান ওয়ালেট')).toHaveLength(2);
    await i18n.changeLanguage('en');
  });

  it('shows an honest empty state when the ledger has no bonus', async () => {
    serveApi({
      '/wps/report/bonus/details': () => envelopeResponse({ ...page([], 0), credited: money(0), debited: money(0) }),
    });
    renderCashier(<BonusDetailsPage />);
    expect(await screen.findByText('No bonuses yet')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('sends the date and type filters to the server and pages through the results', async () => {
    const fetchMock = serveApi({
      '/wps/report/bonus/details': ({ url }) =>
        envelopeResponse(page(items, 45, Number(url.searchParams.get('pageNo') ?? 1))),
    });
    renderCashier(<BonusDetailsPage />);
    await screen.findByRole('table');
    fireEvent.change(screen.getByLabelText('From', { selector: 'input' }), { target: { value: '2026-11-01' } });
    fireEvent.change(screen.getByLabelText('To', { selector: 'input' }), { target: { value: '2026-11-21' } });
    fireEvent.change(screen.getByLabelText('Type', { selector: 'select' }), { target: { value: 'COMMISSION' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => {
      const last = callsTo(fetchMock, '/wps/report/bonus/details').at(-1)?.url.searchParams;
      expect(Object.fromEntries(last ?? [])).toEqual({
        pageNo: '1',
        pageSize: '20',
        startDate: '2026-11-01',
        endDate: '2026-11-21',
        kind: 'COMMISSION',
      });
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Page 2' }));
    await waitFor(() =>
      expect(callsTo(fetchMock, '/wps/report/bonus/details').at(-1)?.url.searchParams.get('pageNo')).toBe('2'),
    );
  });
});

import type { RecordItem } from '@portal/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/lib/i18n';
import { callsTo, envelopeResponse, money, recordsFixture, renderCashier, serveApi } from '../testing';
import { TransactionHistoryPage } from './transaction-history-page';

const items: RecordItem[] = [
  {
    id: 'W5',
    type: 'WITHDRAWAL',
    detail: 'bKash',
    status: 'pending',
    amount: money(-123_456_78),
    balanceAfter: null,
    createdAt: '2026-11-21T09:00:00.000Z',
  },
  {
    id: 'L9',
    type: 'TRANSFER',
    detail: 'TRANSFER',
    status: 'completed',
    amount: money(50_000),
    balanceAfter: money(1_000_050_000),
    createdAt: '2026-11-20T09:00:00.000Z',
  },
];

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('TransactionHistoryPage', () => {
  it('lists movements with signed amounts, 2 decimals, thousands separators and translated types and statuses', async () => {
    serveApi({ '/wps/cashier/records': () => envelopeResponse(recordsFixture(items, 2)) });
    renderCashier(<TransactionHistoryPage />);
    const table = await screen.findByRole('table');
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(within(rows[1] as HTMLElement).getByText('Withdrawal')).toBeTruthy();
    expect(within(rows[1] as HTMLElement).getByText('-৳123,456.78')).toBeTruthy();
    expect(within(rows[1] as HTMLElement).getByText('Pending')).toBeTruthy();
    expect(within(rows[2] as HTMLElement).getByText('Member transfer')).toBeTruthy();
    expect(within(rows[2] as HTMLElement).getByText('৳500.00')).toBeTruthy();
    expect(within(rows[2] as HTMLElement).getByText('৳10,000,500.00')).toBeTruthy();
    expect(within(rows[2] as HTMLElement).getByText('Completed')).toBeTruthy();
    expect(screen.getByText('2 records')).toBeTruthy();

    await i18n.changeLanguage('bn');
    expect(await within(table).findByText('অপেক্ষমাণ')).toBeTruthy();
    expect(within(table).getByText('উত্তোলন')).toBeTruthy();
  });

  it('sends the filters to the server and pages through the results', async () => {
    const fetchMock = serveApi({
      '/wps/cashier/records': ({ url }) =>
        envelopeResponse(recordsFixture(items, 45, Number(url.searchParams.get('pageNo') ?? 1))),
    });
    renderCashier(<TransactionHistoryPage />);
    await screen.findByRole('table');
    fireEvent.change(screen.getByLabelText('From', { selector: 'input' }), { target: { value: '2026-11-01' } });
    fireEvent.change(screen.getByLabelText('To', { selector: 'input' }), { target: { value: '2026-11-21' } });
    fireEvent.change(screen.getByLabelText('Type', { selector: 'select' }), { target: { value: 'DEPOSIT' } });
    fireEvent.change(screen.getByLabelText('Status', { selector: 'select' }), { target: { value: 'completed' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => {
      const last = callsTo(fetchMock, '/wps/cashier/records').at(-1)?.url.searchParams;
      expect(Object.fromEntries(last ?? [])).toEqual({
        pageNo: '1',
        pageSize: '20',
        startDate: '2026-11-01',
        endDate: '2026-11-21',
        type: 'DEPOSIT',
        status: 'completed',
      });
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Page 3' }));
    await waitFor(() =>
      expect(callsTo(fetchMock, '/wps/cashier/records').at(-1)?.url.searchParams.get('pageNo')).toBe('3'),
    );
  });

  it('refuses a start date after the end date without asking the server', async () => {
    const fetchMock = serveApi({ '/wps/cashier/records': () => envelopeResponse(recordsFixture([], 0)) });
    renderCashier(<TransactionHistoryPage />);
    expect(await screen.findByText('No records found')).toBeTruthy();
    const before = callsTo(fetchMock, '/wps/cashier/records').length;
    fireEvent.change(screen.getByLabelText('From', { selector: 'input' }), { target: { value: '2026-11-21' } });
    fireEvent.change(screen.getByLabelText('To', { selector: 'input' }), { target: { value: '2026-11-01' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText('The start date must not be after the end date')).toBeTruthy();
    expect(callsTo(fetchMock, '/wps/cashier/records')).toHaveLength(before);
  });
});

import type { OperatorDeposit } from '@portal/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { configFixture, meFixture, mockApi, okResponse } from '@/testing/fixtures';
import { renderConsole } from '@/testing/render-app';
import { formatAmount } from './cashier-shared';

afterEach(() => {
  vi.unstubAllGlobals();
});

function depositFixture(overrides: Partial<OperatorDeposit> = {}): OperatorDeposit {
  return {
    id: 41,
    channelCode: 'MANUAL_BANK',
    type: 'manual',
    amount: { amount: '12500.00', minor: '1250000' },
    status: 'pending',
    redirectUrl: null,
    reference: 'TX-88231',
    receiptCount: 1,
    rejectReason: null,
    createdAt: '2030-01-01T08:00:00.000Z',
    completedAt: null,
    member: { id: 7, username: 'demo_player' },
    currency: 'BDT',
    gateway: null,
    gatewayTxnId: null,
    receipts: [{ name: 'r-abc.png', type: 'png', size: 120 }],
    lateGatewayStatus: null,
    reviewedBy: null,
    ledgerTransferId: null,
    ...overrides,
  };
}

function page(items: OperatorDeposit[]) {
  return { items, pageNo: 1, pageSize: 20, total: items.length, totalPages: 1 };
}

/** The console with one pending deposit; approving or rejecting it empties the pending list. */
function serve(role: 'owner' | 'finance' | 'risk') {
  let deposit = depositFixture();
  const fetchMock = vi.fn(
    mockApi({
      'GET /bo/api/session/me': () => okResponse(meFixture(role)),
      'GET /bo/api/config': () => okResponse(configFixture()),
      'GET /bo/api/cashier/deposits': ({ url }) =>
        okResponse(page(url.searchParams.get('view') === 'all' || deposit.status === 'pending' ? [deposit] : [])),
      'POST /bo/api/cashier/deposits/41/approve': () => {
        deposit = { ...deposit, status: 'approved', reviewedBy: 'owner' };
        return okResponse(deposit);
      },
      'POST /bo/api/cashier/deposits/41/reject': ({ body }) => {
        deposit = { ...deposit, status: 'rejected', rejectReason: (body as { reason: string }).reason };
        return okResponse(deposit);
      },
    }),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const callsTo = (fetchMock: ReturnType<typeof serve>, suffix: string) =>
  fetchMock.mock.calls.filter(([url, init]) => String(url).endsWith(suffix) && init?.method === 'POST');

describe('deposits page', () => {
  it('formats amounts with thousands separators and two decimals', () => {
    expect(formatAmount('1234567.5')).toBe('1,234,567.50');
    expect(formatAmount('500')).toBe('500.00');
    expect(formatAmount('0.25')).toBe('0.25');
  });

  it('lists pending deposits and approves one after confirmation', async () => {
    const fetchMock = serve('finance');
    renderConsole('/cashier/deposits');
    expect(await screen.findByRole('heading', { level: 1, name: 'Deposits' })).toBeTruthy();
    const row = await screen.findByTestId('deposit-41');
    expect(within(row).getByText('12,500.00')).toBeTruthy();
    expect(within(row).getByText('TX-88231')).toBeTruthy();
    expect(within(row).getByText('demo_player')).toBeTruthy();
    const thumb = within(row).getByRole('button', { name: 'Receipt 1 of deposit #41' });
    expect(thumb.querySelector('img')?.getAttribute('src')).toBe('/bo/api/cashier/deposits/41/receipts/r-abc.png');
    // The receipt opens full size.
    fireEvent.click(thumb);
    const viewer = await screen.findByRole('dialog', { name: 'Receipt 1 of 1 · deposit #41' });
    expect(within(viewer).getByRole('img', { name: 'Receipt uploaded for deposit #41' })).toBeTruthy();
    fireEvent.click(within(viewer).getByRole('button', { name: 'Close' }));

    fireEvent.click(within(row).getByRole('button', { name: 'Approve deposit #41' }));
    const dialog = await screen.findByRole('dialog', { name: 'Approve deposit #41?' });
    expect(dialog.textContent).toContain('demo_player is credited 12,500.00 BDT');
    expect(callsTo(fetchMock, '/approve')).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Approve' }));

    expect(await screen.findByText('Deposit #41 approved: 12,500.00 BDT credited')).toBeTruthy();
    const [call] = callsTo(fetchMock, '/approve');
    expect(String(call?.[0])).toBe('/bo/api/cashier/deposits/41/approve');
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({});
    // The list is fetched again and the deposit has left the queue.
    expect(await screen.findByText('No deposits are waiting for review.')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('requires a reason before rejecting, and sends it', async () => {
    const fetchMock = serve('owner');
    renderConsole('/cashier/deposits');
    const row = await screen.findByTestId('deposit-41');
    fireEvent.click(within(row).getByRole('button', { name: 'Reject deposit #41' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject deposit #41' });
    const submit = within(dialog).getByRole('button', { name: 'Reject' });
    expect(submit.hasAttribute('disabled')).toBe(true);
    const reason = within(dialog).getByLabelText(/Reason/);
    fireEvent.change(reason, { target: { value: '   ' } });
    fireEvent.blur(reason);
    expect(within(dialog).getByText('Enter a reason')).toBeTruthy();
    expect(submit.hasAttribute('disabled')).toBe(true);
    // Enter in the field does not send an empty reason either.
    fireEvent.submit(reason.closest('form') as HTMLFormElement);
    expect(callsTo(fetchMock, '/reject')).toHaveLength(0);

    fireEvent.change(reason, { target: { value: ' Transfer not found at the bank ' } });
    expect(submit.hasAttribute('disabled')).toBe(false);
    fireEvent.click(submit);
    expect(await screen.findByText('Deposit #41 rejected')).toBeTruthy();
    const [call] = callsTo(fetchMock, '/reject');
    expect(String(call?.[0])).toBe('/bo/api/cashier/deposits/41/reject');
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({ reason: 'Transfer not found at the bank' });
    await waitFor(() => expect(screen.queryByTestId('deposit-41')).toBeNull());
  });

  it('shows a read-only role the deposits without any review buttons', async () => {
    serve('risk');
    renderConsole('/cashier/deposits');
    const row = await screen.findByTestId('deposit-41');
    expect(within(row).getByText('12,500.00')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Approve/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /Reject/ })).toBeNull();
    expect(screen.queryByRole('columnheader', { name: 'Actions' })).toBeNull();
    // The navigation offers the cashier to a role that may read it.
    const nav = screen.getByRole('navigation', { name: 'Console navigation' });
    expect(within(nav).getByRole('link', { name: 'Deposits' })).toBeTruthy();
    expect(within(nav).getByRole('link', { name: 'Withdrawals' })).toBeTruthy();

    // The All tab asks the server for every deposit.
    fireEvent.click(screen.getByRole('tab', { name: 'All' }));
    await waitFor(() =>
      expect(
        vi
          .mocked(fetch)
          .mock.calls.some(([url]) => String(url).startsWith('/bo/api/cashier/deposits?view=all&pageNo=1')),
      ).toBe(true),
    );
  });
});

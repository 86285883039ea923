import type { Adjustment } from '@portal/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { configFixture, failureResponse, meFixture, mockApi, okResponse } from '@/testing/fixtures';
import { renderConsole } from '@/testing/render-app';

afterEach(() => {
  vi.unstubAllGlobals();
});

function adjustmentFixture(overrides: Partial<Adjustment> = {}): Adjustment {
  return {
    id: 12,
    player: { id: 7, username: 'demo_player' },
    direction: 'credit',
    amount: { amount: '1500.00', minor: '150000' },
    currency: 'BDT',
    reason: 'compensation',
    note: 'Ticket 4711: game crashed',
    status: 'pending',
    proposedBy: 'fin.alice',
    proposedAt: '2030-01-01T08:00:00.000Z',
    decidedBy: null,
    decidedAt: null,
    rejectReason: null,
    ledgerTransferId: null,
    direct: false,
    approvalReason: 'amount',
    ...overrides,
  };
}

const page = (items: Adjustment[]) => ({ items, pageNo: 1, pageSize: 20, total: items.length, totalPages: 1 });

function serve(
  role: 'owner' | 'finance' | 'support',
  options: { proposer?: string; approveError?: string; adjustment?: Partial<Adjustment>; thresholdMinor?: string } = {},
) {
  let adjustment = adjustmentFixture({
    ...(options.proposer ? { proposedBy: options.proposer } : {}),
    ...options.adjustment,
  });
  const fetchMock = vi.fn(
    mockApi({
      'GET /bo/api/session/me': () => okResponse(meFixture(role)),
      'GET /bo/api/adjustments/policy': () =>
        okResponse({
          currency: 'BDT',
          approvalThreshold: {
            amount: (Number(options.thresholdMinor ?? '0') / 100).toFixed(2),
            minor: options.thresholdMinor ?? '0',
          },
          directWindowHours: 24,
          windowTotal: null,
        }),
      'GET /bo/api/config': () => okResponse(configFixture()),
      'GET /bo/api/adjustments': ({ url }) =>
        okResponse(
          page(url.searchParams.get('status') === 'pending' && adjustment.status !== 'pending' ? [] : [adjustment]),
        ),
      'POST /bo/api/adjustments/12/approve': () => {
        if (options.approveError) return failureResponse(options.approveError, 409);
        adjustment = { ...adjustment, status: 'approved', decidedBy: `${role}.op`, ledgerTransferId: 99 };
        return okResponse(adjustment);
      },
      'POST /bo/api/adjustments/12/reject': ({ body }) => {
        adjustment = { ...adjustment, status: 'rejected', rejectReason: (body as { reason: string }).reason };
        return okResponse(adjustment);
      },
    }),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const posts = (fetchMock: ReturnType<typeof serve>, suffix: string) =>
  fetchMock.mock.calls.filter(([url, init]) => String(url).endsWith(suffix) && init?.method === 'POST');

describe('balance adjustments page', () => {
  it('lists a pending adjustment and approves it after confirmation', async () => {
    const fetchMock = serve('finance');
    renderConsole('/adjustments');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Balance adjustments' }, { timeout: 5000 }),
    ).toBeTruthy();
    const row = await screen.findByTestId('adjustment-12');
    expect(within(row).getByText('+1,500.00 BDT')).toBeTruthy();
    expect(within(row).getByText('Compensation')).toBeTruthy();
    expect(within(row).getByText('fin.alice')).toBeTruthy();
    expect(within(row).getByRole('link', { name: 'demo_player' }).getAttribute('href')).toBe('/players/7');

    fireEvent.click(within(row).getByRole('button', { name: 'Approve adjustment #12' }));
    const dialog = await screen.findByRole('dialog', { name: 'Approve adjustment #12?' });
    expect(dialog.textContent).toContain('demo_player is credited 1,500.00 BDT.');
    expect(posts(fetchMock, '/approve')).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText('Adjustment #12 approved: +1,500.00 BDT')).toBeTruthy();
    expect(JSON.parse(String(posts(fetchMock, '/approve')[0]?.[1]?.body))).toEqual({});
    expect(await screen.findByText('No adjustment is waiting for approval.')).toBeTruthy();
  });

  it('shows the proposer no decision buttons on their own adjustment', async () => {
    serve('finance', { proposer: 'finance.op' });
    renderConsole('/adjustments');
    const row = await screen.findByTestId('adjustment-12', undefined, { timeout: 5000 });
    expect(within(row).getByText('Proposed by you: another operator decides')).toBeTruthy();
    expect(within(row).queryByRole('button', { name: /Approve/ })).toBeNull();
  });

  it('shows the server refusal translated when an approval fails, and requires a reason to reject', async () => {
    const fetchMock = serve('owner', { approveError: 'WALLET_INSUFFICIENT_FUNDS' });
    renderConsole('/adjustments');
    const row = await screen.findByTestId('adjustment-12', undefined, { timeout: 5000 });
    fireEvent.click(within(row).getByRole('button', { name: 'Approve adjustment #12' }));
    const dialog = await screen.findByRole('dialog', { name: 'Approve adjustment #12?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText('The balance is not sufficient for this operation')).toBeTruthy();

    fireEvent.click(within(row).getByRole('button', { name: 'Reject adjustment #12' }));
    const reject = await screen.findByRole('dialog', { name: 'Reject adjustment #12' });
    const submit = within(reject).getByRole('button', { name: 'Reject' });
    expect(submit.hasAttribute('disabled')).toBe(true);
    fireEvent.change(within(reject).getByLabelText(/Reason/), { target: { value: ' Duplicate of #11 ' } });
    fireEvent.click(submit);
    expect(await screen.findByText('Adjustment #12 rejected')).toBeTruthy();
    expect(JSON.parse(String(posts(fetchMock, '/reject')[0]?.[1]?.body))).toEqual({ reason: 'Duplicate of #11' });
  });

  it('lets a support operator read the list without any decision column', async () => {
    serve('support');
    renderConsole('/adjustments');
    const row = await screen.findByTestId('adjustment-12', undefined, { timeout: 5000 });
    expect(within(row).getByText('Pending')).toBeTruthy();
    expect(screen.queryByRole('columnheader', { name: 'Actions' })).toBeNull();
    fireEvent.click(screen.getByRole('tab', { name: 'All' }));
    await waitFor(() =>
      expect(vi.mocked(fetch).mock.calls.some(([url]) => String(url).startsWith('/bo/api/adjustments?pageNo=1'))).toBe(
        true,
      ),
    );
  });

  it('states the approval limit and shows adjustments applied at once, or refused by the ledger, as such', async () => {
    serve('finance', {
      thresholdMinor: '50000',
      adjustment: {
        status: 'approved',
        direct: true,
        approvalReason: null,
        amount: { amount: '200.00', minor: '20000' },
        decidedAt: '2030-01-01T08:00:01.000Z',
        ledgerTransferId: 99,
      },
    });
    renderConsole('/adjustments');
    expect((await screen.findByTestId('adjustment-policy', undefined, { timeout: 5000 })).textContent).toBe(
      'Up to 500.00 BDT an adjustment applies at once; above it, it waits for a second operator.',
    );
    fireEvent.click(screen.getByRole('tab', { name: 'All' }));
    const row = await screen.findByTestId('adjustment-12');
    expect(within(row).getByText('Applied at once (within the limit)')).toBeTruthy();
    expect(within(row).queryByRole('button', { name: /Approve/ })).toBeNull();
  });

  it('says why a small adjustment waits: the direct ones of the window add up past the limit', async () => {
    serve('finance', {
      thresholdMinor: '50000',
      proposer: 'fin.bob',
      adjustment: { amount: { amount: '100.00', minor: '10000' }, approvalReason: 'window_total' },
    });
    renderConsole('/adjustments');
    expect(
      await screen.findByText(
        "A player's direct adjustments add up over 24 hours: one that would take their total above the limit waits for a second operator as well.",
        undefined,
        { timeout: 5000 },
      ),
    ).toBeTruthy();
    const row = await screen.findByTestId('adjustment-12');
    expect(within(row).getByText('Pending')).toBeTruthy();
    expect(
      within(row).getByText('Waits: with the direct adjustments of the last 24 hours it passes the limit'),
    ).toBeTruthy();
    expect(within(row).getByRole('button', { name: /Approve/ })).toBeTruthy();
  });

  it('says when every adjustment needs a second operator, and names a ledger refusal', async () => {
    serve('owner', {
      adjustment: { status: 'rejected', direct: true, approvalReason: null, rejectReason: 'WALLET_INSUFFICIENT_FUNDS' },
    });
    renderConsole('/adjustments');
    expect((await screen.findByTestId('adjustment-policy', undefined, { timeout: 5000 })).textContent).toBe(
      'Every adjustment waits for a second operator: only approval moves money.',
    );
    fireEvent.click(screen.getByRole('tab', { name: 'All' }));
    const row = await screen.findByTestId('adjustment-12');
    expect(within(row).getByText('Refused by the ledger')).toBeTruthy();
    expect(within(row).getByText('The balance is not sufficient for this operation')).toBeTruthy();
  });
});

import type { CashierQueueCounts, CashierQueueMessage, Dashboard, OperatorWithdrawal } from '@portal/contract';
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { reconnectDelayMs } from '@/lib/cashier-queue-events';
import { configFixture, meFixture, mockApi, okResponse } from '@/testing/fixtures';
import { renderConsole } from '@/testing/render-app';

/** A stand-in for the browser's WebSocket: the test opens it, sends frames through it and drops it. */
class FakeSocket {
  static instances: FakeSocket[] = [];
  onmessage: ((event: { data: string }) => void) | null = null;
  onclose: (() => void) | null = null;
  closed = false;

  constructor(readonly url: string) {
    FakeSocket.instances.push(this);
  }

  /** The server's frame, as the browser would deliver it. */
  push(message: CashierQueueMessage): void {
    act(() => this.onmessage?.({ data: JSON.stringify(message) }));
  }

  /** The connection drops (server restart, network). */
  drop(): void {
    act(() => this.onclose?.());
  }

  close(): void {
    this.closed = true;
  }
}

const latestSocket = () => {
  const socket = FakeSocket.instances.at(-1);
  if (!socket) throw new Error('no socket opened');
  return socket;
};

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
  FakeSocket.instances = [];
});

function withdrawal(id: number, username: string): OperatorWithdrawal {
  return {
    id,
    amount: { amount: '1200.00', minor: '120000' },
    status: 'pending',
    bankAccount: { bankName: 'bKash', accountNumberMasked: '****5678', holderName: 'Rahim Uddin' },
    rejectReason: null,
    confirmation: null,
    receivedAmount: null,
    confirmedAt: null,
    createdAt: '2030-01-01T08:00:00.000Z',
    reviewedAt: null,
    member: { id: 7, username },
    currency: 'BDT',
    payTo: {
      bankCode: 'BKASH',
      bankName: 'bKash',
      accountNumber: '01712345678',
      holderName: 'Rahim Uddin',
      branch: null,
    },
    confirmationNote: null,
    proofs: [],
    reviewedBy: null,
    holdTransferId: 1,
    resolutionTransferId: null,
  };
}

const counts = (withdrawals: number, deposits = 0): CashierQueueCounts => ({ deposits, withdrawals, disputed: 0 });

/** The console with a withdrawal queue the test fills and empties, as other members and operators would. */
function serve(role: 'finance' | 'risk') {
  const queue: OperatorWithdrawal[] = [withdrawal(30, 'first_member')];
  const fetchMock = vi.fn(
    mockApi({
      'GET /bo/api/session/me': () => okResponse(meFixture(role)),
      'GET /bo/api/config': () => okResponse(configFixture()),
      'GET /bo/api/cashier/withdrawals': () =>
        okResponse({ items: queue, pageNo: 1, pageSize: 20, total: queue.length, totalPages: 1 }),
      'GET /bo/api/dashboard': () => okResponse(dashboardFixture()),
    }),
  );
  vi.stubGlobal('fetch', fetchMock);
  vi.stubGlobal('WebSocket', FakeSocket);
  const withdrawalCalls = () =>
    fetchMock.mock.calls.filter(([url]) => new URL(String(url), 'http://localhost').pathname.endsWith('/withdrawals'))
      .length;
  return { queue, withdrawalCalls };
}

function dashboardFixture(): Dashboard {
  const zero = { amount: '0.00', minor: '0' };
  return {
    currency: 'BDT',
    days: Array.from({ length: 7 }, (_, index) => ({
      date: `2030-01-0${index + 1}`,
      deposits: { count: 0, sum: zero },
      withdrawals: { count: 0, sum: zero },
      net: zero,
      registrations: 0,
      activePlayers: 0,
      bets: zero,
      wins: zero,
      ggr: zero,
    })),
    pending: { deposits: 0, withdrawals: 1, adjustments: 0 },
    generatedAt: '2030-01-07T10:00:00.000Z',
  };
}

describe('live cashier queues', () => {
  it('shows a new withdrawal at once, marks it and says so, and drops one another operator decided', async () => {
    const { queue, withdrawalCalls } = serve('finance');
    renderConsole('/cashier/withdrawals');
    // The first paint loads the route's chunk and the queue: generous under a loaded machine.
    await screen.findByTestId('withdrawal-30', {}, { timeout: 5000 });
    const socket = latestSocket();
    expect(socket.url).toBe(`ws://${window.location.host}/bo/api/cashier/events`);

    socket.push({ type: 'ready', counts: counts(1) });
    expect(await screen.findByText('Live')).toBeTruthy();
    expect(within(screen.getByTestId('nav-count-withdrawals')).getByText('1')).toBeTruthy();

    // A member asks for a withdrawal on another server instance.
    queue.push(withdrawal(31, 'new_member'));
    const before = withdrawalCalls();
    socket.push({
      type: 'withdrawal',
      action: 'requested',
      withdrawalId: 31,
      amount: '1200.00',
      currency: 'BDT',
      member: { id: 7, username: 'new_member' },
      by: null,
      counts: counts(2),
    });
    const row = await screen.findByTestId('withdrawal-31');
    expect(withdrawalCalls()).toBeGreaterThan(before);
    expect(within(row).getByText('New')).toBeTruthy();
    expect(await screen.findByText('New withdrawal request')).toBeTruthy();
    expect(screen.getByText('new_member · 1,200.00 BDT')).toBeTruthy();
    expect(within(screen.getByTestId('nav-count-withdrawals')).getByText('2')).toBeTruthy();

    // Another operator approves the first one: it leaves this queue without a reload, and without a notice.
    queue.splice(0, 1);
    socket.push({
      type: 'withdrawal',
      action: 'approved',
      withdrawalId: 30,
      amount: '1200.00',
      currency: 'BDT',
      member: { id: 7, username: 'first_member' },
      by: 'finance.other',
      counts: counts(1),
    });
    await waitFor(() => expect(screen.queryByTestId('withdrawal-30')).toBeNull());
    expect(screen.getByTestId('withdrawal-31')).toBeTruthy();
    expect(within(screen.getByTestId('nav-count-withdrawals')).getByText('1')).toBeTruthy();
  });

  it('says when the live link is down, then reconnects with a growing pause', async () => {
    serve('risk');
    renderConsole('/cashier/withdrawals');
    // The first paint loads the route's chunk and the queue: generous under a loaded machine.
    await screen.findByTestId('withdrawal-30', {}, { timeout: 5000 });
    latestSocket().push({ type: 'ready', counts: counts(1) });
    expect(await screen.findByText('Live')).toBeTruthy();

    vi.useFakeTimers();
    latestSocket().drop();
    expect(screen.getByText('Reconnecting · refreshing every 15 s')).toBeTruthy();
    expect(FakeSocket.instances).toHaveLength(1);
    act(() => vi.advanceTimersByTime(reconnectDelayMs(1)));
    expect(FakeSocket.instances).toHaveLength(2);
    vi.useRealTimers();
    latestSocket().push({ type: 'ready', counts: counts(1) });
    expect(await screen.findByText('Live')).toBeTruthy();
    expect([1, 2, 3, 6, 7].map(reconnectDelayMs)).toEqual([1000, 2000, 4000, 30_000, 30_000]);
  });

  it("updates the dashboard's pending counters from the push, without waiting for its poll", async () => {
    serve('finance');
    renderConsole('/dashboard');
    const queues = await screen.findByTestId('queue-withdrawals', {}, { timeout: 5000 });
    expect(within(queues).getByText('1')).toBeTruthy();
    latestSocket().push({
      type: 'withdrawal',
      action: 'requested',
      withdrawalId: 31,
      amount: '1200.00',
      currency: 'BDT',
      member: { id: 7, username: 'new_member' },
      by: null,
      counts: counts(4, 2),
    });
    await waitFor(() => expect(within(queues).getByText('4')).toBeTruthy());
  });

  it('opens no socket for roles without the cashier', async () => {
    const fetchMock = vi.fn(
      mockApi({
        'GET /bo/api/session/me': () => okResponse(meFixture('support')),
        'GET /bo/api/config': () => okResponse(configFixture()),
      }),
    );
    vi.stubGlobal('fetch', fetchMock);
    vi.stubGlobal('WebSocket', FakeSocket);
    renderConsole('/settings');
    expect(await screen.findByRole('heading', { level: 1 }, { timeout: 5000 })).toBeTruthy();
    expect(FakeSocket.instances).toHaveLength(0);
  });
});

import type { WalletBalanceView } from '@portal/contract';
import { act, renderHook, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { balanceQueryKey } from '../api/balance';
import { balanceFixture, walletWrapper } from '../testing';
import { reconnectDelay, useRealtime } from './use-realtime';

/** A WebSocket stand-in the test drives: `open()`, `receive()`, `serverClose()`. */
class FakeWebSocket extends EventTarget {
  static instances: FakeWebSocket[] = [];
  readonly sent: unknown[] = [];
  closedWith: number | null = null;

  constructor(readonly url: string) {
    super();
    FakeWebSocket.instances.push(this);
  }

  send(data: string) {
    this.sent.push(JSON.parse(data));
  }

  close(code = 1000) {
    this.closedWith = code;
  }

  open() {
    act(() => {
      this.dispatchEvent(new Event('open'));
    });
  }

  receive(message: unknown) {
    act(() => {
      this.dispatchEvent(new MessageEvent('message', { data: JSON.stringify(message) }));
    });
  }

  serverClose(code: number) {
    act(() => {
      this.dispatchEvent(new CloseEvent('close', { code }));
    });
  }
}

const sockets = () => FakeWebSocket.instances;
const last = () => {
  const socket = sockets().at(-1);
  if (!socket) throw new Error('no socket opened');
  return socket;
};

function mount(token: string | null = 'token-1') {
  const { queryClient, wrapper } = walletWrapper();
  const hook = renderHook(({ value }: { value: string | null }) => useRealtime(value), {
    wrapper,
    initialProps: { value: token },
  });
  return { queryClient, hook };
}

beforeEach(() => {
  FakeWebSocket.instances = [];
  vi.stubGlobal('WebSocket', FakeWebSocket);
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('useRealtime', () => {
  it('opens the socket of the page origin and authenticates with the session token', () => {
    mount();
    expect(last().url).toBe(`ws://${window.location.host}/wps/realtime`);
    last().open();
    expect(last().sent).toEqual([{ type: 'auth', token: 'token-1' }]);
  });

  it('opens nothing without a token', () => {
    mount(null);
    expect(sockets()).toHaveLength(0);
  });

  it('writes the balance of a deposit event into the balance query and tells the player', () => {
    const { queryClient } = mount();
    queryClient.setQueryData(balanceQueryKey, balanceFixture(0n));
    last().open();
    last().receive({ type: 'ready', accountId: 7 });
    last().receive({
      type: 'deposit',
      status: 'arrived',
      depositId: 3,
      amount: '2500.00',
      currency: 'BDT',
      balance: balanceFixture(250000n),
    });
    expect(queryClient.getQueryData<WalletBalanceView>(balanceQueryKey)?.main.minor).toBe('250000');
    expect(screen.getByText('Deposit of ৳2,500.00 received.')).toBeTruthy();

    last().receive({ type: 'balance', balance: balanceFixture(120000n) });
    expect(queryClient.getQueryData<WalletBalanceView>(balanceQueryKey)?.main.minor).toBe('120000');
  });

  it('marks the balance stale when an event carries none', () => {
    const { queryClient } = mount();
    queryClient.setQueryData(balanceQueryKey, balanceFixture(500n));
    last().open();
    last().receive({ type: 'ready', accountId: 7 });
    last().receive({
      type: 'withdrawal',
      status: 'rejected',
      withdrawalId: 9,
      amount: '5.00',
      currency: 'BDT',
      reason: 'Name mismatch',
      balance: null,
    });
    expect(queryClient.getQueryState(balanceQueryKey)?.isInvalidated).toBe(true);
    expect(screen.getByText(/withdrawal of ৳5.00 was rejected \(Name mismatch\)/)).toBeTruthy();
  });

  it('does not reconnect after 1008', () => {
    mount();
    last().open();
    last().serverClose(1008);
    act(() => {
      vi.advanceTimersByTime(120_000);
    });
    expect(sockets()).toHaveLength(1);
  });

  it('reconnects with capped exponential backoff after 1001, 4000 and network loss', () => {
    mount();
    last().serverClose(1001);
    act(() => {
      vi.advanceTimersByTime(reconnectDelay(0) - 1);
    });
    expect(sockets()).toHaveLength(1);
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(sockets()).toHaveLength(2);

    last().serverClose(4000);
    act(() => {
      vi.advanceTimersByTime(reconnectDelay(1));
    });
    expect(sockets()).toHaveLength(3);

    last().serverClose(1006);
    act(() => {
      vi.advanceTimersByTime(reconnectDelay(2));
    });
    expect(sockets()).toHaveLength(4);
    expect(reconnectDelay(20)).toBe(30_000);
  });

  it('refetches the balance after a reconnect, and closes the socket on logout', () => {
    const { queryClient, hook } = mount();
    queryClient.setQueryData(balanceQueryKey, balanceFixture(500n));
    last().open();
    last().receive({ type: 'ready', accountId: 7 });
    last().serverClose(1001);
    act(() => {
      vi.advanceTimersByTime(reconnectDelay(0));
    });
    last().open();
    last().receive({ type: 'ready', accountId: 7 });
    expect(queryClient.getQueryState(balanceQueryKey)?.isInvalidated).toBe(true);

    const socket = last();
    hook.rerender({ value: null });
    expect(socket.closedWith).toBe(1000);
    socket.serverClose(1000);
    act(() => {
      vi.advanceTimersByTime(120_000);
    });
    expect(sockets()).toHaveLength(2);
  });
});

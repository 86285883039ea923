import {
  type CashierQueueCounts,
  type CashierQueueEvent,
  type CashierQueueMessage,
  cashierQueueEventSchema,
} from '@portal/contract';
import type { WebSocket } from 'ws';
import type { PubSub } from '../../platform/kv';
import type { CashierQueueChange } from '../wallet';
import type { RealtimeLog } from './realtime.service';

export type CashierQueueFeedDeps = {
  /** The kv pub/sub: Redis when REDIS_URL is set, so an event raised on one instance reaches operators on all. */
  pubsub: PubSub;
  /** The review queues' sizes now (read after each change, and for a socket's `ready`). */
  counts(): Promise<CashierQueueCounts>;
  /** A member's username for the event (operators see it in the queue anyway); null when unknown. */
  username(accountId: number): Promise<string | null>;
  log: RealtimeLog;
  /** How often sockets are pinged; one that has not answered since the previous ping is dropped. Default 30 s. */
  heartbeatIntervalMs?: number;
};

/** The pub/sub channel of the cashier queues' events (under the kv key prefix), heard by every instance. */
export const cashierQueueChannel = 'realtime:backoffice:cashier-queue';

/** Close code for sockets dropped on shutdown: the console reconnects later. */
const goingAway = 1001;

/** Builds the operators' event of a committed queue change, with the member's name and the queue sizes. */
export async function cashierQueueEvent(
  change: CashierQueueChange,
  deps: Pick<CashierQueueFeedDeps, 'counts' | 'username'>,
): Promise<CashierQueueEvent> {
  const [counts, username] = await Promise.all([deps.counts(), deps.username(change.accountId)]);
  const common = {
    amount: change.amount,
    currency: change.currency,
    member: { id: change.accountId, username },
    by: change.by,
    counts,
  };
  return change.queue === 'deposits'
    ? { type: 'deposit', action: change.action, depositId: change.depositId, ...common }
    : { type: 'withdrawal', action: change.action, withdrawalId: change.withdrawalId, ...common };
}

/**
 * The operators' live cashier queues (ARCHITECTURE.md sections 7 and 9). `publish` turns a committed queue change
 * into an event and puts it on one pub/sub channel; every instance that holds operator sockets subscribes to that
 * channel (once, while it has any) and forwards what it hears, so an approval on instance A reaches an operator on
 * instance B. Fire-and-forget and at-most-once: the console refetches its queues on every event and on `ready`.
 * Who may attach is decided by the back-office route (session cookie, permission `cashier.read`).
 */
export function createCashierQueueFeed(deps: CashierQueueFeedDeps) {
  const sockets = new Set<WebSocket>();
  const alive = new WeakMap<WebSocket, boolean>();
  let subscription: Promise<(() => Promise<void>) | null> | null = null;
  let closed = false;

  function forward(message: string): void {
    for (const socket of sockets) if (socket.readyState === socket.OPEN) socket.send(message);
  }

  function unsubscribeWhenIdle(): void {
    if (sockets.size > 0 || !subscription) return;
    const current = subscription;
    subscription = null;
    void current.then((unsubscribe) =>
      unsubscribe?.().catch((error: unknown) => deps.log.warn({ err: error }, 'cashier queue: unsubscribe failed')),
    );
  }

  // A console that vanished without closing (laptop asleep, network gone) is found by the ping it does not answer.
  const heartbeat = setInterval(() => {
    for (const socket of sockets) {
      if (alive.get(socket) === false) {
        socket.terminate();
        continue;
      }
      alive.set(socket, false);
      try {
        socket.ping();
      } catch {
        // Gone already: the next round terminates it.
      }
    }
  }, deps.heartbeatIntervalMs ?? 30_000);
  heartbeat.unref();

  return {
    /**
     * The cashier's `onQueueChanged` hook: reads the queue sizes and the member's name, then publishes the event
     * to every instance. The cashier's call does not wait; a failure is logged (the queues poll as a fallback).
     */
    publish(change: CashierQueueChange): void {
      void (async () => {
        const event = cashierQueueEventSchema.parse(await cashierQueueEvent(change, deps));
        await deps.pubsub.publish(cashierQueueChannel, JSON.stringify(event));
      })().catch((error: unknown) => deps.log.error({ err: error, change }, 'cashier queue: event not published'));
    },

    /**
     * Registers an operator's socket (already authorised); resolves once the channel is subscribed, so events
     * published afterwards reach it, then sends `ready` with the current queue sizes.
     */
    async attach(socket: WebSocket): Promise<void> {
      if (closed) {
        socket.close(goingAway, 'shutting down');
        return;
      }
      sockets.add(socket);
      alive.set(socket, true);
      socket.on('pong', () => alive.set(socket, true));
      socket.on('message', () => alive.set(socket, true));
      socket.on('close', () => {
        sockets.delete(socket);
        unsubscribeWhenIdle();
      });
      subscription ??= deps.pubsub.subscribe(cashierQueueChannel, forward).catch((error: unknown) => {
        deps.log.error({ err: error }, 'cashier queue: subscribe failed');
        subscription = null;
        return null;
      });
      if (!(await subscription)) {
        // Without the channel this socket would hear nothing: close it, the console polls and reconnects.
        socket.close(1011, 'subscribe failed');
        return;
      }
      const ready: CashierQueueMessage = { type: 'ready', counts: await deps.counts() };
      if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(ready));
    },

    /** Operator sockets on this instance (tests, metrics). */
    count(): number {
      return sockets.size;
    },

    /** Stops the heartbeat, closes every socket (1001, reconnect later) and drops the subscription. Idempotent. */
    async close(): Promise<void> {
      if (closed) return;
      closed = true;
      clearInterval(heartbeat);
      for (const socket of sockets) socket.close(goingAway, 'server shutting down');
      sockets.clear();
      const unsubscribe = await subscription;
      subscription = null;
      await unsubscribe?.().catch(() => {});
    },
  };
}

export type CashierQueueFeed = ReturnType<typeof createCashierQueueFeed>;

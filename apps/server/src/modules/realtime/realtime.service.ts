import { type RealtimeEvent, realtimeCloseCodes, realtimeEventSchema } from '@portal/contract';
import type { WebSocket } from 'ws';
import type { PubSub } from '../../platform/kv';

export type RealtimeLog = {
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
};

export type RealtimeServiceDeps = {
  /** The kv pub/sub: Redis when REDIS_URL is set, so every instance hears every publish; in-process otherwise. */
  pubsub: PubSub;
  log: RealtimeLog;
  /** Sockets one account may keep on one instance; a newer one pushes the oldest out. Default 5. */
  maxConnectionsPerAccount?: number;
  /** How often sockets are pinged; one that has not answered since the previous ping is dropped. Default 30 s. */
  heartbeatIntervalMs?: number;
};

/** Who a socket belongs to, from the session it authenticated with. */
export type RealtimeSubscriber = { accountId: number; sessionId: string };

type Connection = RealtimeSubscriber & { socket: WebSocket; alive: boolean };

type AccountEntry = {
  connections: Connection[];
  /** Resolves to the pub/sub unsubscribe once the channel subscription is in place. */
  subscription: Promise<(() => Promise<void>) | null>;
};

/** The pub/sub channel of one account's events (under the kv key prefix). */
export const accountChannel = (accountId: number) => `realtime:account:${accountId}`;

/**
 * The realtime fan-out (ARCHITECTURE.md section 7): `publishToAccount` puts an event on the account's pub/sub
 * channel; each instance subscribes to the channels of the accounts that have a socket on it and forwards what it
 * hears to those sockets. It keeps the registry of local sockets, pings them, caps them per account and closes
 * them on shutdown. Delivery is at-most-once: a client that reconnects refetches what it shows.
 */
export function createRealtimeService(deps: RealtimeServiceDeps) {
  const maxPerAccount = deps.maxConnectionsPerAccount ?? 5;
  const heartbeatMs = deps.heartbeatIntervalMs ?? 30_000;
  const accounts = new Map<number, AccountEntry>();
  let closed = false;

  function deliver(accountId: number, message: string): void {
    const entry = accounts.get(accountId);
    if (!entry) return;
    for (const connection of entry.connections) {
      if (connection.socket.readyState === connection.socket.OPEN) connection.socket.send(message);
    }
  }

  function subscribe(accountId: number): Promise<(() => Promise<void>) | null> {
    return deps.pubsub
      .subscribe(accountChannel(accountId), (message) => deliver(accountId, message))
      .catch((error: unknown) => {
        deps.log.error({ err: error, accountId }, 'realtime subscribe failed');
        return null;
      });
  }

  function remove(connection: Connection): void {
    const entry = accounts.get(connection.accountId);
    if (!entry) return;
    const index = entry.connections.indexOf(connection);
    if (index < 0) return;
    entry.connections.splice(index, 1);
    if (entry.connections.length > 0) return;
    accounts.delete(connection.accountId);
    void entry.subscription.then((unsubscribe) =>
      unsubscribe?.().catch((error: unknown) =>
        deps.log.warn({ err: error, accountId: connection.accountId }, 'realtime unsubscribe failed'),
      ),
    );
  }

  const heartbeat = setInterval(() => {
    for (const entry of accounts.values()) {
      for (const connection of [...entry.connections]) {
        if (!connection.alive) {
          // A peer that is really gone does not answer the close either: ws destroys the socket after its timeout.
          connection.socket.close(realtimeCloseCodes.idle, 'idle');
          remove(connection);
          continue;
        }
        connection.alive = false;
        try {
          connection.socket.ping();
        } catch {
          // A socket that cannot be pinged is gone; the next round drops it.
        }
      }
    }
  }, heartbeatMs);
  heartbeat.unref();

  return {
    /**
     * Publishes an event to every socket of the account on every instance.
     * @throws when the event does not match the contract schema (a programming error).
     */
    async publishToAccount(accountId: number, event: RealtimeEvent): Promise<void> {
      const parsed = realtimeEventSchema.parse(event);
      await deps.pubsub.publish(accountChannel(accountId), JSON.stringify(parsed));
    },

    /**
     * Whether any socket of the account is connected to any instance, so a caller can skip building an event
     * (such as a balance read after every bet) that nobody would receive.
     */
    isListening(accountId: number): Promise<boolean> {
      return deps.pubsub.hasSubscribers(accountChannel(accountId));
    },

    /**
     * Registers an authenticated socket; resolves once its account's channel is subscribed, so that events
     * published afterwards reach it. Pushes the account's oldest sockets out beyond the cap.
     */
    async attach(socket: WebSocket, subscriber: RealtimeSubscriber): Promise<void> {
      if (closed) {
        socket.close(realtimeCloseCodes.goingAway, 'shutting down');
        return;
      }
      if (socket.readyState !== socket.OPEN) return;
      const connection: Connection = { ...subscriber, socket, alive: true };
      let entry = accounts.get(subscriber.accountId);
      if (!entry) {
        entry = { connections: [], subscription: subscribe(subscriber.accountId) };
        accounts.set(subscriber.accountId, entry);
      }
      entry.connections.push(connection);
      while (entry.connections.length > maxPerAccount) {
        const oldest = entry.connections.shift();
        oldest?.socket.close(realtimeCloseCodes.replaced, 'too many connections');
      }
      const markAlive = () => {
        connection.alive = true;
      };
      socket.on('pong', markAlive);
      socket.on('message', markAlive);
      socket.on('close', () => remove(connection));
      await entry.subscription;
    },

    /** Sockets on this instance: of one account, or all. */
    connectionCount(accountId?: number): number {
      if (accountId !== undefined) return accounts.get(accountId)?.connections.length ?? 0;
      let total = 0;
      for (const entry of accounts.values()) total += entry.connections.length;
      return total;
    },

    /** Stops the heartbeat, closes every socket (1001, reconnect later) and drops the subscriptions. Idempotent. */
    async close(): Promise<void> {
      if (closed) return;
      closed = true;
      clearInterval(heartbeat);
      const entries = [...accounts.values()];
      accounts.clear();
      for (const entry of entries) {
        for (const connection of entry.connections) {
          connection.socket.close(realtimeCloseCodes.goingAway, 'server shutting down');
        }
      }
      await Promise.all(
        entries.map(async (entry) => {
          const unsubscribe = await entry.subscription;
          await unsubscribe?.().catch(() => {});
        }),
      );
    },

    get closed(): boolean {
      return closed;
    },
  };
}

export type RealtimeService = ReturnType<typeof createRealtimeService>;

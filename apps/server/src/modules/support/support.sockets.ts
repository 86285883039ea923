import type { ChatServerMessage, OperatorChatEvent } from '@portal/contract';
import type { WebSocket } from 'ws';
import type { PubSub } from '../../platform/kv';
import { conversationChannel, operatorsChannel } from './support.service';

export type SupportSocketsDeps = {
  pubsub: PubSub;
  log: { warn(details: object, message: string): void; error(details: object, message: string): void };
  /** How often sockets are pinged; one that has not answered since the previous ping is dropped. Default 30 s. */
  heartbeatIntervalMs?: number;
};

type Channel = { sockets: Set<WebSocket>; subscription: Promise<(() => Promise<void>) | null> };

/** Close code for sockets dropped on shutdown: the client reconnects later. */
export const goingAway = 1001;

/**
 * The chat sockets of this instance: members' sockets per conversation and the operators' sockets. Each instance
 * subscribes to the pub/sub channels of the sockets it holds and forwards what it hears, so a message written on one
 * instance reaches sockets on every other (Redis pub/sub when REDIS_URL is set). At-most-once: clients refetch
 * their snapshot when they reconnect.
 */
export function createSupportSockets(deps: SupportSocketsDeps) {
  const channels = new Map<string, Channel>();
  const alive = new WeakMap<WebSocket, boolean>();
  let closed = false;

  // A peer that vanished without closing (phone asleep, network gone) is found by the ping it does not answer.
  const heartbeat = setInterval(() => {
    for (const entry of channels.values()) {
      for (const socket of entry.sockets) {
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
    }
  }, deps.heartbeatIntervalMs ?? 30_000);
  heartbeat.unref();

  function forward(channel: string, message: string): void {
    const entry = channels.get(channel);
    if (!entry) return;
    for (const socket of entry.sockets) if (socket.readyState === socket.OPEN) socket.send(message);
  }

  async function attach(channel: string, socket: WebSocket): Promise<void> {
    if (closed) {
      socket.close(goingAway, 'shutting down');
      return;
    }
    let entry = channels.get(channel);
    if (!entry) {
      entry = {
        sockets: new Set(),
        subscription: deps.pubsub
          .subscribe(channel, (message) => forward(channel, message))
          .catch((error: unknown) => {
            deps.log.error({ err: error, channel }, 'support: subscribe failed');
            return null;
          }),
      };
      channels.set(channel, entry);
    }
    const current = entry;
    current.sockets.add(socket);
    alive.set(socket, true);
    socket.on('pong', () => alive.set(socket, true));
    socket.on('message', () => alive.set(socket, true));
    socket.on('close', () => {
      current.sockets.delete(socket);
      if (current.sockets.size > 0 || channels.get(channel) !== current) return;
      channels.delete(channel);
      void current.subscription.then((unsubscribe) =>
        unsubscribe?.().catch((error: unknown) =>
          deps.log.warn({ err: error, channel }, 'support: unsubscribe failed'),
        ),
      );
    });
    await current.subscription;
  }

  return {
    /** Registers a member's socket; resolves once its conversation's channel is subscribed. */
    attachMember(conversationId: number, socket: WebSocket): Promise<void> {
      return attach(conversationChannel(conversationId), socket);
    },
    /** Registers an operator's socket; resolves once the operators' channel is subscribed. */
    attachOperator(socket: WebSocket): Promise<void> {
      return attach(operatorsChannel, socket);
    },
    /** Sockets on this instance (for tests and metrics). */
    count(): number {
      let total = 0;
      for (const entry of channels.values()) total += entry.sockets.size;
      return total;
    },
    /** Closes every socket (1001) and drops the subscriptions. Idempotent. */
    async close(): Promise<void> {
      if (closed) return;
      closed = true;
      clearInterval(heartbeat);
      const entries = [...channels.values()];
      channels.clear();
      for (const entry of entries) for (const socket of entry.sockets) socket.close(goingAway, 'server shutting down');
      await Promise.all(
        entries.map(async (entry) => {
          const unsubscribe = await entry.subscription;
          await unsubscribe?.().catch(() => {});
        }),
      );
    },
  };
}

export type SupportSockets = ReturnType<typeof createSupportSockets>;

export const sendChat = (socket: WebSocket, message: ChatServerMessage | OperatorChatEvent) => {
  if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(message));
};

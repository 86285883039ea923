import type { Redis } from 'ioredis';
import type { HandlerErrorListener, PubSub } from './kv.types';

export interface RedisPubSubOptions {
  /** Prepended to every channel: Redis channels are global to the server, not per database. */
  keyPrefix: string;
  /** Receives errors thrown by handlers. Default: `console.error`. */
  onHandlerError?: HandlerErrorListener;
  /** Receives connection errors of the subscribing connection (ioredis reconnects by itself). */
  onConnectionError?: (error: Error) => void;
}

type Handler = (message: string) => void;

interface ChannelState {
  /** One token per `subscribe` call, so the same function subscribed twice is delivered and removed twice. */
  readonly subscribers: Set<{ handler: Handler }>;
  /** Settles when Redis has confirmed the SUBSCRIBE; later subscribers of the channel wait for it too. */
  readonly ready: Promise<void>;
}

/**
 * Pub/sub across server instances. A connection in subscriber mode cannot send ordinary commands, so
 * publishing uses the given client and subscribing uses a duplicate of it, opened on the first subscribe.
 * Each channel is subscribed in Redis once however many local handlers it has, and unsubscribed when the
 * last one leaves. ioredis re-subscribes by itself after a reconnect; messages sent meanwhile are lost.
 */
export class RedisPubSub implements PubSub {
  readonly #publisher: Redis;
  readonly #keyPrefix: string;
  readonly #onHandlerError: HandlerErrorListener;
  readonly #onConnectionError: ((error: Error) => void) | undefined;
  readonly #channels = new Map<string, ChannelState>();
  #subscriber: Redis | null = null;
  #closed = false;

  constructor(publisher: Redis, options: RedisPubSubOptions) {
    this.#publisher = publisher;
    this.#keyPrefix = options.keyPrefix;
    this.#onHandlerError =
      options.onHandlerError ?? ((error, channel) => console.error(`pub/sub handler failed on ${channel}`, error));
    this.#onConnectionError = options.onConnectionError;
  }

  async publish(channel: string, message: string): Promise<void> {
    this.#assertOpen();
    await this.#publisher.publish(this.#keyPrefix + channel, message);
  }

  async subscribe(channel: string, handler: Handler): Promise<() => Promise<void>> {
    this.#assertOpen();
    const fullChannel = this.#keyPrefix + channel;
    let state = this.#channels.get(fullChannel);
    if (!state) {
      const created: ChannelState = {
        subscribers: new Set(),
        ready: this.#subscriberConnection()
          .subscribe(fullChannel)
          .then(() => undefined),
      };
      created.ready.catch(() => {
        if (this.#channels.get(fullChannel) === created) this.#channels.delete(fullChannel);
      });
      this.#channels.set(fullChannel, created);
      state = created;
    }
    const subscription = { handler };
    state.subscribers.add(subscription);
    try {
      await state.ready;
    } catch (error) {
      state.subscribers.delete(subscription);
      throw error;
    }

    const channelState = state;
    let active = true;
    return async () => {
      if (!active) return;
      active = false;
      channelState.subscribers.delete(subscription);
      if (channelState.subscribers.size > 0 || this.#channels.get(fullChannel) !== channelState) return;
      this.#channels.delete(fullChannel);
      // Commands on one connection run in order, so a SUBSCRIBE issued after this UNSUBSCRIBE wins.
      if (!this.#closed && this.#subscriber) await this.#subscriber.unsubscribe(fullChannel);
    };
  }

  async hasSubscribers(channel: string): Promise<boolean> {
    this.#assertOpen();
    const fullChannel = this.#keyPrefix + channel;
    // Subscribed here (confirmed or on its way): no round trip. Otherwise Redis counts every instance's subscriptions.
    if (this.#channels.has(fullChannel)) return true;
    const [, count] = (await this.#publisher.pubsub('NUMSUB', fullChannel)) as [string, number];
    return Number(count) > 0;
  }

  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    this.#channels.clear();
    const subscriber = this.#subscriber;
    this.#subscriber = null;
    if (subscriber) await quitOrDisconnect(subscriber);
  }

  #subscriberConnection(): Redis {
    if (!this.#subscriber) {
      const subscriber = this.#publisher.duplicate();
      if (this.#onConnectionError) subscriber.on('error', this.#onConnectionError);
      subscriber.on('message', (fullChannel: string, message: string) => this.#deliver(fullChannel, message));
      this.#subscriber = subscriber;
    }
    return this.#subscriber;
  }

  #deliver(fullChannel: string, message: string): void {
    const state = this.#channels.get(fullChannel);
    if (!state) return;
    const channel = fullChannel.slice(this.#keyPrefix.length);
    // A copy, so a handler that unsubscribes during delivery does not disturb the iteration.
    for (const { handler } of [...state.subscribers]) {
      try {
        handler(message);
      } catch (error) {
        this.#onHandlerError(error, channel);
      }
    }
  }

  #assertOpen(): void {
    if (this.#closed) throw new Error('The pub/sub has been closed');
  }
}

/** QUIT lets pending replies arrive; if the connection is already broken, drop it instead of waiting. */
export async function quitOrDisconnect(redis: Redis): Promise<void> {
  if (redis.status === 'end') return;
  try {
    await redis.quit();
  } catch {
    redis.disconnect();
  }
}

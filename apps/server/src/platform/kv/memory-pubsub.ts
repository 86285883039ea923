import { EventEmitter } from 'node:events';
import type { HandlerErrorListener, PubSub } from './kv.types';

export interface MemoryPubSubOptions {
  /** Receives errors thrown by handlers. Default: `console.error`. */
  onHandlerError?: HandlerErrorListener;
}

/**
 * Pub/sub inside one process. Delivery is deferred to a later turn of the event loop, as it is with
 * Redis, so code written against this backend does not come to rely on a handler having run by the
 * time `publish` resolves.
 */
export class MemoryPubSub implements PubSub {
  readonly #emitter = new EventEmitter();
  readonly #onHandlerError: HandlerErrorListener;
  #closed = false;

  constructor(options: MemoryPubSubOptions = {}) {
    // One listener per subscriber (for example one per socket), so the leak warning at 10 would be noise.
    this.#emitter.setMaxListeners(0);
    this.#onHandlerError =
      options.onHandlerError ?? ((error, channel) => console.error(`pub/sub handler failed on ${channel}`, error));
  }

  async publish(channel: string, message: string): Promise<void> {
    this.#assertOpen();
    setImmediate(() => this.#emitter.emit(channel, message));
  }

  async subscribe(channel: string, handler: (message: string) => void): Promise<() => Promise<void>> {
    this.#assertOpen();
    const listener = (message: string): void => {
      try {
        handler(message);
      } catch (error) {
        this.#onHandlerError(error, channel);
      }
    };
    this.#emitter.on(channel, listener);
    return async () => {
      this.#emitter.off(channel, listener);
    };
  }

  async hasSubscribers(channel: string): Promise<boolean> {
    this.#assertOpen();
    return this.#emitter.listenerCount(channel) > 0;
  }

  async close(): Promise<void> {
    this.#closed = true;
    this.#emitter.removeAllListeners();
  }

  #assertOpen(): void {
    if (this.#closed) throw new Error('The pub/sub has been closed');
  }
}

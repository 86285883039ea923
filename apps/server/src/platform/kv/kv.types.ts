/**
 * A string cache shared by the modules (catalogue lists, settings, rate data). It is an interface so that
 * one server runs on an in-process map and several servers share Redis without any module noticing
 * (ARCHITECTURE.md section 9). Values are strings: callers serialise, so both backends store the same bytes.
 */
export interface Cache {
  /** The value, or null when absent or expired. */
  get(key: string): Promise<string | null>;
  /** Stores a value for `ttlMs` milliseconds (a positive number); every entry expires, so nothing goes stale forever. */
  set(key: string, value: string, ttlMs: number): Promise<void>;
  del(key: string): Promise<void>;
  /**
   * Returns the cached value or loads, stores and returns it. Concurrent misses on one key in this process
   * share one `load` call (single-flight), so a cold popular key does not stampede the database.
   * A failing `load` rejects every waiter and caches nothing.
   */
  getOrSet(key: string, ttlMs: number, load: () => Promise<string>): Promise<string>;
}

/** Called with the error a subscriber's handler threw; one bad handler must not stop delivery to the others. */
export type HandlerErrorListener = (error: unknown, channel: string) => void;

/**
 * Fan-out of messages between server instances (realtime events, cache invalidation). Delivery is
 * asynchronous and at-most-once in both backends: a message published while nobody listens is lost.
 */
export interface PubSub {
  publish(channel: string, message: string): Promise<void>;
  /**
   * Calls `handler` for every message on `channel` published after the returned promise resolves.
   * Resolves to an unsubscribe function; calling it more than once is harmless.
   */
  subscribe(channel: string, handler: (message: string) => void): Promise<() => Promise<void>>;
  /**
   * Whether anyone listens on `channel` now, on any instance sharing this pub/sub: lets a publisher skip the work
   * of building a message nobody would receive. A subscriber arriving just after the answer misses that message,
   * as it would have missed one published a moment earlier.
   */
  hasSubscribers(channel: string): Promise<boolean>;
  /** Drops every subscription and releases the connections this object owns. */
  close(): Promise<void>;
}

import type { Cache } from './kv.types';
import { assertTtlMs, SingleFlight } from './single-flight';

export interface MemoryCacheOptions {
  /** Upper bound on stored entries; the least recently used entry is evicted beyond it. Default 10,000. */
  maxEntries?: number;
  /** Clock in milliseconds; injectable so expiry can be tested without waiting. */
  now?: () => number;
}

interface Entry {
  value: string;
  expiresAt: number;
}

/**
 * The single-instance cache: a Map whose insertion order doubles as the LRU order (a hit re-inserts the
 * entry at the end), bounded so that a flood of distinct keys cannot grow the heap without limit.
 * Expired entries are dropped when read, or evicted as the oldest when space is needed.
 */
export class MemoryCache implements Cache {
  readonly #entries = new Map<string, Entry>();
  readonly #flights = new SingleFlight<string>();
  readonly #maxEntries: number;
  readonly #now: () => number;

  constructor(options: MemoryCacheOptions = {}) {
    const maxEntries = options.maxEntries ?? 10_000;
    if (!Number.isInteger(maxEntries) || maxEntries < 1) {
      throw new RangeError(`maxEntries must be a positive integer, got ${maxEntries}`);
    }
    this.#maxEntries = maxEntries;
    this.#now = options.now ?? Date.now;
  }

  /** Number of stored entries, expired ones included until they are read or evicted. */
  get size(): number {
    return this.#entries.size;
  }

  async get(key: string): Promise<string | null> {
    const entry = this.#entries.get(key);
    if (!entry) return null;
    this.#entries.delete(key);
    if (entry.expiresAt <= this.#now()) return null;
    this.#entries.set(key, entry);
    return entry.value;
  }

  async set(key: string, value: string, ttlMs: number): Promise<void> {
    assertTtlMs(ttlMs);
    this.#entries.delete(key);
    this.#entries.set(key, { value, expiresAt: this.#now() + ttlMs });
    while (this.#entries.size > this.#maxEntries) {
      const oldest = this.#entries.keys().next();
      if (oldest.done) break;
      this.#entries.delete(oldest.value);
    }
  }

  async del(key: string): Promise<void> {
    this.#entries.delete(key);
  }

  getOrSet(key: string, ttlMs: number, load: () => Promise<string>): Promise<string> {
    assertTtlMs(ttlMs);
    return this.#flights.run(key, async () => {
      const cached = await this.get(key);
      if (cached !== null) return cached;
      const value = await load();
      await this.set(key, value, ttlMs);
      return value;
    });
  }

  /** Drops every entry. */
  clear(): void {
    this.#entries.clear();
  }
}

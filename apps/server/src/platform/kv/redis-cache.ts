import type { Redis } from 'ioredis';
import type { Cache } from './kv.types';
import { assertTtlMs, SingleFlight } from './single-flight';

export interface RedisCacheOptions {
  /** Prepended to every key, so several deployments or test runs can share one Redis database. */
  keyPrefix: string;
}

/**
 * The cache shared by every server instance. Single-flight is per process: N instances missing the same
 * cold key at once call the loader at most N times, which is bounded and needs no distributed lock.
 * The prefix is applied here rather than through ioredis' `keyPrefix` option because the same client
 * is shared with @fastify/rate-limit, which uses its own namespace.
 */
export class RedisCache implements Cache {
  readonly #redis: Redis;
  readonly #keyPrefix: string;
  readonly #flights = new SingleFlight<string>();

  constructor(redis: Redis, options: RedisCacheOptions) {
    this.#redis = redis;
    this.#keyPrefix = options.keyPrefix;
  }

  async get(key: string): Promise<string | null> {
    return this.#redis.get(this.#keyPrefix + key);
  }

  async set(key: string, value: string, ttlMs: number): Promise<void> {
    assertTtlMs(ttlMs);
    // PX takes whole milliseconds; rounding up keeps a sub-millisecond TTL from becoming an error.
    await this.#redis.set(this.#keyPrefix + key, value, 'PX', Math.ceil(ttlMs));
  }

  async del(key: string): Promise<void> {
    await this.#redis.del(this.#keyPrefix + key);
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
}

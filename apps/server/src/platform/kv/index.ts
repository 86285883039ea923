import { createRequire } from 'node:module';
import type { Redis } from 'ioredis';
import type { Cache, PubSub } from './kv.types';
import { MemoryCache } from './memory-cache';
import { MemoryPubSub } from './memory-pubsub';
import { RedisCache } from './redis-cache';
import { quitOrDisconnect, RedisPubSub } from './redis-pubsub';

export type { Cache, HandlerErrorListener, PubSub } from './kv.types';
export { MemoryCache, type MemoryCacheOptions } from './memory-cache';
export { MemoryPubSub, type MemoryPubSubOptions } from './memory-pubsub';
export { RedisCache, type RedisCacheOptions } from './redis-cache';
export { RedisPubSub, type RedisPubSubOptions } from './redis-pubsub';

export interface KvOptions {
  /** `redis://…` or `rediss://…`; without it everything stays in this process (one instance only). */
  redisUrl?: string;
  /** Namespaces keys and channels, e.g. `portal:`; cache keys go under `<keyPrefix>cache:`. */
  keyPrefix: string;
  /** Upper bound on entries of the in-memory cache (ignored with Redis). */
  memoryMaxEntries?: number;
  /** Receives Redis connection errors; without it ioredis prints them itself. ioredis reconnects either way. */
  onRedisError?: (error: Error) => void;
}

export interface Kv {
  cache: Cache;
  pubsub: PubSub;
  /**
   * The shared ioredis client, or null in memory mode. Exposed so that @fastify/rate-limit and the job
   * leader lock use the same connection instead of opening their own. Do not put it in subscriber mode.
   */
  redis: Redis | null;
  /** Resolves once Redis answers a PING (at once in memory mode), so start-up can fail fast on a bad URL. */
  ready(): Promise<void>;
  /** Drops subscriptions and quits the Redis connections; safe to call twice. */
  close(): Promise<void>;
}

/**
 * Builds the cache and pub/sub the server uses: in-process when no Redis URL is configured, so a single
 * instance needs nothing else; backed by Redis otherwise, so several instances share state and events
 * (ARCHITECTURE.md section 1 and 9).
 */
export function createKv(options: KvOptions): Kv {
  if (!options.redisUrl) {
    const cache = new MemoryCache(
      options.memoryMaxEntries === undefined ? {} : { maxEntries: options.memoryMaxEntries },
    );
    const pubsub = new MemoryPubSub();
    return {
      cache,
      pubsub,
      redis: null,
      async ready() {},
      async close() {
        await pubsub.close();
        cache.clear();
      },
    };
  }

  // Loaded here, not at the top: a single instance without Redis never pays for loading ioredis at start.
  const { Redis: RedisClient } = createRequire(import.meta.url)('ioredis') as typeof import('ioredis');
  const redis = new RedisClient(options.redisUrl);
  if (options.onRedisError) redis.on('error', options.onRedisError);
  const cache = new RedisCache(redis, { keyPrefix: `${options.keyPrefix}cache:` });
  const pubsub = new RedisPubSub(redis, {
    keyPrefix: options.keyPrefix,
    ...(options.onRedisError ? { onConnectionError: options.onRedisError } : {}),
  });
  let closing: Promise<void> | null = null;
  return {
    cache,
    pubsub,
    redis,
    async ready() {
      await redis.ping();
    },
    close() {
      closing ??= (async () => {
        await pubsub.close();
        await quitOrDisconnect(redis);
      })();
      return closing;
    },
  };
}

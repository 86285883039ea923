import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testEnv } from '../../testing/test-env';
import { createKv, type Kv, MemoryCache, MemoryPubSub } from './index';

interface Pair {
  /** The instance that writes and publishes. */
  first: Kv;
  /** Another instance sharing the backend: a separate connection with Redis, the same object in memory. */
  second: Kv;
  dispose(): Promise<void>;
}

const backends: { name: string; open(): Promise<Pair> }[] = [
  {
    name: 'memory',
    async open() {
      const kv = createKv({ keyPrefix: 'test:' });
      return { first: kv, second: kv, dispose: () => kv.close() };
    },
  },
];
const redisUrl = testEnv.redisUrl;
if (redisUrl) {
  backends.push({
    name: 'redis',
    async open() {
      // A fresh prefix per run keeps parallel runs and leftovers from earlier runs apart.
      const keyPrefix = `test:kv:${randomUUID()}:`;
      const first = createKv({ redisUrl, keyPrefix });
      const second = createKv({ redisUrl, keyPrefix });
      await Promise.all([first.ready(), second.ready()]);
      return {
        first,
        second,
        async dispose() {
          if (first.redis) await deleteByPrefix(first.redis, keyPrefix);
          await Promise.all([first.close(), second.close()]);
        },
      };
    },
  });
}

async function deleteByPrefix(redis: Redis, prefix: string): Promise<void> {
  let cursor = '0';
  do {
    const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 500);
    if (keys.length > 0) await redis.del(...keys);
    cursor = next;
  } while (cursor !== '0');
}

/** Records messages and lets a test wait for a given one without fixed sleeps. */
function collector() {
  const messages: string[] = [];
  const waiters: { message: string; resolve: () => void }[] = [];
  return {
    messages,
    handler(message: string) {
      messages.push(message);
      for (const waiter of waiters.filter((w) => w.message === message)) waiter.resolve();
    },
    received(message: string, timeoutMs = 2_000): Promise<void> {
      if (messages.includes(message)) return Promise.resolve();
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no message ${message} within ${timeoutMs} ms`)), timeoutMs);
        waiters.push({
          message,
          resolve: () => {
            clearTimeout(timer);
            resolve();
          },
        });
      });
    },
  };
}

describe.each(backends)('kv on $name', (backend) => {
  let pair: Pair;
  beforeAll(async () => {
    pair = await backend.open();
  });
  afterAll(async () => {
    await pair.dispose();
  });

  describe('cache', () => {
    it('returns null for a key never set', async () => {
      expect(await pair.first.cache.get('missing')).toBeNull();
    });

    it('returns a stored value, also to another instance', async () => {
      await pair.first.cache.set('greeting', 'hello', 10_000);
      expect(await pair.first.cache.get('greeting')).toBe('hello');
      expect(await pair.second.cache.get('greeting')).toBe('hello');
    });

    it('forgets a value once its ttl has passed', async () => {
      await pair.first.cache.set('short', 'lived', 60);
      expect(await pair.first.cache.get('short')).toBe('lived');
      await sleep(150);
      expect(await pair.first.cache.get('short')).toBeNull();
    });

    it('overwrites a value and its ttl', async () => {
      await pair.first.cache.set('over', 'one', 60);
      await pair.first.cache.set('over', 'two', 10_000);
      await sleep(150);
      expect(await pair.first.cache.get('over')).toBe('two');
    });

    it('deletes a value', async () => {
      await pair.first.cache.set('doomed', 'x', 10_000);
      await pair.first.cache.del('doomed');
      expect(await pair.first.cache.get('doomed')).toBeNull();
      await expect(pair.first.cache.del('never-there')).resolves.toBeUndefined();
    });

    it('refuses a ttl that is not a positive number', async () => {
      await expect(pair.first.cache.set('bad', 'x', 0)).rejects.toThrow(RangeError);
      await expect(pair.first.cache.set('bad', 'x', -5)).rejects.toThrow(RangeError);
      await expect(pair.first.cache.set('bad', 'x', Number.POSITIVE_INFINITY)).rejects.toThrow(RangeError);
    });

    it('calls the loader once for 20 concurrent misses on one key', async () => {
      let calls = 0;
      const load = async () => {
        calls += 1;
        await sleep(30);
        return `loaded-${calls}`;
      };
      const values = await Promise.all(
        Array.from({ length: 20 }, () => pair.first.cache.getOrSet('single-flight', 10_000, load)),
      );
      expect(calls).toBe(1);
      expect(new Set(values)).toEqual(new Set(['loaded-1']));
      expect(await pair.first.cache.get('single-flight')).toBe('loaded-1');
    });

    it('serves a cached value without calling the loader', async () => {
      await pair.first.cache.set('warm', 'cached', 10_000);
      let calls = 0;
      const value = await pair.first.cache.getOrSet('warm', 10_000, async () => {
        calls += 1;
        return 'fresh';
      });
      expect(value).toBe('cached');
      expect(calls).toBe(0);
    });

    it('rejects every waiter when the loader fails, caches nothing and loads again next time', async () => {
      let calls = 0;
      const failing = async (): Promise<string> => {
        calls += 1;
        await sleep(10);
        throw new Error('database down');
      };
      const results = await Promise.allSettled(
        Array.from({ length: 5 }, () => pair.first.cache.getOrSet('flaky', 10_000, failing)),
      );
      expect(results.every((r) => r.status === 'rejected')).toBe(true);
      expect(calls).toBe(1);
      expect(await pair.first.cache.get('flaky')).toBeNull();
      expect(await pair.first.cache.getOrSet('flaky', 10_000, async () => 'recovered')).toBe('recovered');
    });

    it('keeps keys apart in single-flight', async () => {
      const [a, b] = await Promise.all([
        pair.first.cache.getOrSet('sf-a', 10_000, async () => 'A'),
        pair.first.cache.getOrSet('sf-b', 10_000, async () => 'B'),
      ]);
      expect([a, b]).toEqual(['A', 'B']);
    });
  });

  describe('pub/sub', () => {
    it('tells whether anyone listens on a channel, on this instance or another', async () => {
      expect(await pair.first.pubsub.hasSubscribers('audience')).toBe(false);
      const stopRemote = await pair.second.pubsub.subscribe('audience', () => {});
      expect(await pair.first.pubsub.hasSubscribers('audience')).toBe(true);
      expect(await pair.second.pubsub.hasSubscribers('audience')).toBe(true);
      expect(await pair.first.pubsub.hasSubscribers('audience-elsewhere')).toBe(false);
      await stopRemote();
      expect(await pair.first.pubsub.hasSubscribers('audience')).toBe(false);
      expect(await pair.second.pubsub.hasSubscribers('audience')).toBe(false);
    });

    it('delivers a message to two subscribers', async () => {
      const one = collector();
      const two = collector();
      const stopOne = await pair.first.pubsub.subscribe('news', one.handler);
      const stopTwo = await pair.second.pubsub.subscribe('news', two.handler);
      await pair.first.pubsub.publish('news', 'hello');
      await Promise.all([one.received('hello'), two.received('hello')]);
      expect(one.messages).toEqual(['hello']);
      expect(two.messages).toEqual(['hello']);
      await Promise.all([stopOne(), stopTwo()]);
    });

    it('does not deliver messages of other channels', async () => {
      const news = collector();
      const sentinel = collector();
      const stopNews = await pair.second.pubsub.subscribe('only-news', news.handler);
      const stopSentinel = await pair.second.pubsub.subscribe('elsewhere', sentinel.handler);
      await pair.first.pubsub.publish('elsewhere', 'not for news');
      await sentinel.received('not for news');
      expect(news.messages).toEqual([]);
      await Promise.all([stopNews(), stopSentinel()]);
    });

    it('stops delivering to a handler once it unsubscribes, and keeps delivering to the others', async () => {
      const leaving = collector();
      const staying = collector();
      // Published after the test message on the leaving handler's own instance: once it arrives, any
      // delivery of the test message to that instance would already have happened.
      const sentinel = collector();
      const stopLeaving = await pair.second.pubsub.subscribe('chat', leaving.handler);
      const stopStaying = await pair.second.pubsub.subscribe('chat', staying.handler);
      const stopSentinel = await pair.second.pubsub.subscribe('chat-sentinel', sentinel.handler);

      await pair.first.pubsub.publish('chat', 'before');
      await Promise.all([leaving.received('before'), staying.received('before')]);

      await stopLeaving();
      await stopLeaving();
      await pair.first.pubsub.publish('chat', 'after');
      await pair.first.pubsub.publish('chat-sentinel', 'done');
      await Promise.all([staying.received('after'), sentinel.received('done')]);
      expect(leaving.messages).toEqual(['before']);

      await stopStaying();
      await pair.first.pubsub.publish('chat', 'nobody listens');
      await pair.first.pubsub.publish('chat-sentinel', 'done again');
      await sentinel.received('done again');
      expect(staying.messages).toEqual(['before', 'after']);
      await stopSentinel();
    });

    it('delivers twice to a function subscribed twice and removes one subscription at a time', async () => {
      const twice = collector();
      const stopA = await pair.second.pubsub.subscribe('dup', twice.handler);
      const stopB = await pair.second.pubsub.subscribe('dup', twice.handler);
      await pair.first.pubsub.publish('dup', 'x');
      await twice.received('x');
      await sleep(20);
      expect(twice.messages).toEqual(['x', 'x']);
      await stopA();
      await pair.first.pubsub.publish('dup', 'y');
      await twice.received('y');
      await sleep(20);
      expect(twice.messages).toEqual(['x', 'x', 'y']);
      await stopB();
    });

    it('keeps delivering to other handlers when one throws', async () => {
      const fine = collector();
      const stopThrowing = await pair.second.pubsub.subscribe('fragile', () => {
        throw new Error('handler bug');
      });
      const stopFine = await pair.second.pubsub.subscribe('fragile', fine.handler);
      const originalError = console.error;
      console.error = () => {};
      try {
        await pair.first.pubsub.publish('fragile', 'still delivered');
        await fine.received('still delivered');
      } finally {
        console.error = originalError;
      }
      await Promise.all([stopThrowing(), stopFine()]);
    });
  });
});

describe('memory cache specifics', () => {
  it('evicts the least recently used entry beyond maxEntries', async () => {
    const cache = new MemoryCache({ maxEntries: 2 });
    await cache.set('a', '1', 10_000);
    await cache.set('b', '2', 10_000);
    expect(await cache.get('a')).toBe('1');
    await cache.set('c', '3', 10_000);
    expect(cache.size).toBe(2);
    expect(await cache.get('b')).toBeNull();
    expect(await cache.get('a')).toBe('1');
    expect(await cache.get('c')).toBe('3');
  });

  it('expires by its clock', async () => {
    let nowMs = 1_000;
    const cache = new MemoryCache({ now: () => nowMs });
    await cache.set('k', 'v', 500);
    nowMs = 1_499;
    expect(await cache.get('k')).toBe('v');
    nowMs = 1_500;
    expect(await cache.get('k')).toBeNull();
    expect(cache.size).toBe(0);
  });

  it('refuses a non-positive maxEntries', () => {
    expect(() => new MemoryCache({ maxEntries: 0 })).toThrow(RangeError);
  });
});

describe('memory pub/sub specifics', () => {
  it('delivers after publish has returned, like Redis', async () => {
    const pubsub = new MemoryPubSub();
    const seen = collector();
    await pubsub.subscribe('c', seen.handler);
    await pubsub.publish('c', 'm');
    expect(seen.messages).toEqual([]);
    await seen.received('m');
    await pubsub.close();
  });

  it('reports a throwing handler to onHandlerError', async () => {
    const errors: string[] = [];
    const pubsub = new MemoryPubSub({ onHandlerError: (error, channel) => errors.push(`${channel}:${String(error)}`) });
    await pubsub.subscribe('c', () => {
      throw new Error('boom');
    });
    await pubsub.publish('c', 'm');
    await sleep(10);
    expect(errors).toEqual(['c:Error: boom']);
    await pubsub.close();
  });

  it('refuses to publish after close', async () => {
    const pubsub = new MemoryPubSub();
    await pubsub.close();
    await expect(pubsub.publish('c', 'm')).rejects.toThrow('closed');
  });
});

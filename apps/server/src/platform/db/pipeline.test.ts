import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { heldBackPool } from '../../testing';
import { isDatabaseError } from './errors';

describe('pipelined connection', () => {
  it('hands statements over in the order sent, each before any answer came back', async () => {
    const fake = heldBackPool();
    const session = await fake.pool.acquire();
    // Statements reach the driver after different numbers of microtask turns: a plain execute, and one behind
    // awaits of its own. Each `send` still hands its statement over before the next `send` starts.
    expect(fake.corks).toBe(0);
    const first = await session.send((db) => db.execute(sql`begin`));
    const second = await session.send(async (db) => {
      await Promise.resolve();
      await Promise.resolve();
      return db.execute(sql`select ${1}::int as a`);
    });
    const third = await session.send((db) => db.execute(sql`commit`));
    expect(fake.texts).toEqual(['begin', 'select $1::int as a', 'commit']);
    expect([first.sent, second.sent, third.sent]).toEqual([true, true, true]);

    // Outside a batch each goes in a write of its own.
    expect(fake.corked).toEqual([false, false, false]);
    fake.answerAll();
    await Promise.all([first.result, second.result, third.result]);
    // In a batch, the socket stays corked until the last is handed over, and is uncorked after.
    const batched = await session.batch(async () => [
      await session.send((db) => db.execute(sql`select 4`)),
      await session.send((db) => db.execute(sql`select 5`)),
    ]);
    expect(fake.corked.slice(3)).toEqual([true, true]);
    expect(fake.corks).toBe(0);
    fake.answerAll();
    await Promise.all(batched.map((handed) => handed.result));
    session.release(false);
    expect(fake.released).toEqual([undefined]);
  });

  it('tells a start that settled without sending anything, and closes a broken connection on release', async () => {
    const fake = heldBackPool();
    const session = await fake.pool.acquire();
    const failed = await session.send(async () => {
      throw new Error('bad input');
    });
    expect(failed.sent).toBe(false);
    await expect(failed.result).rejects.toThrow('bad input');
    const next = await session.send((db) => db.execute(sql`select 2`));
    expect(next.sent).toBe(true);
    expect(fake.texts).toEqual(['select 2']);
    fake.answerAll();
    await next.result;
    session.release(true);
    expect(fake.released[0]).toBeInstanceOf(Error);
  });

  it('tells a database refusal, which leaves the connection usable, from a lost or ended connection', () => {
    expect(isDatabaseError(Object.assign(new Error('duplicate key'), { code: '23505', severity: 'ERROR' }))).toBe(true);
    expect(isDatabaseError(Object.assign(new Error('deadlock'), { code: '40P01', severity: 'ERROR' }))).toBe(true);
    expect(isDatabaseError(Object.assign(new Error('write EPIPE'), { code: 'EPIPE' }))).toBe(false);
    expect(isDatabaseError(Object.assign(new Error('terminated'), { code: '57P01', severity: 'FATAL' }))).toBe(false);
    expect(isDatabaseError(Object.assign(new Error('link'), { code: '08006', severity: 'FATAL' }))).toBe(false);
    expect(isDatabaseError(new Error('Connection terminated unexpectedly'))).toBe(false);
    expect(isDatabaseError(undefined)).toBe(false);
    // As drizzle hands it on: the driver's error is the cause.
    const wrapped = new Error('Failed query', {
      cause: Object.assign(new Error('dup'), { code: '23505', severity: 'ERROR' }),
    });
    expect(isDatabaseError(wrapped)).toBe(true);
  });
});

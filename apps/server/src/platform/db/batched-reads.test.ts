import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { heldBackPool, testEnv } from '../../testing';
import { createBatchedReads } from './batched-reads';
import { type Db, openDatabase } from './database';

/** The ordinary pool's handle, answering at once and recording what it was asked. */
function directDb() {
  const texts: string[] = [];
  const db = drizzle({
    client: {
      query: async (config: { text: string }) => {
        texts.push(config.text);
        return { rows: [{ via: 'pool' }], rowCount: 1, command: 'SELECT', fields: [] };
      },
    } as never,
  }) as unknown as Db;
  return { db, texts };
}

/** Until after the check phase in which the corked socket is written. */
const nextTurn = () => new Promise((resolve) => setImmediate(() => setImmediate(resolve)));

describe('batched reads', () => {
  it('sends the reads asked for in one turn in one write, each with its own answer', async () => {
    const fake = heldBackPool();
    const reads = createBatchedReads(fake.pool, directDb().db);
    const asked = [1, 2, 3].map((n) => reads.run((db) => db.execute(sql`select ${n}::int as n`)));
    await nextTurn();
    expect(fake.texts).toEqual(['select $1::int as n', 'select $1::int as n', 'select $1::int as n']);
    expect(fake.corked).toEqual([true, true, true]);
    expect(fake.corks).toBe(0);
    fake.answerAll();
    await Promise.all(asked);

    // A later turn's read is a write of its own, on the same held connection.
    const later = reads.run((db) => db.execute(sql`select 4`));
    await nextTurn();
    expect(fake.texts).toHaveLength(4);
    expect(fake.corked[3]).toBe(true);
    expect(fake.corks).toBe(0);
    fake.answerAll();
    await later;
    expect(fake.released).toEqual([]);
    reads.close();
    expect(fake.released).toEqual([undefined]);
  });

  it("keeps a database refusal as the read's answer, and reads again on the pool when the connection is lost", async () => {
    const fake = heldBackPool();
    const direct = directDb();
    const reads = createBatchedReads(fake.pool, direct.db);

    const refused = reads.run((db) => db.execute(sql`select 1/0`));
    await nextTurn();
    fake.failAll(Object.assign(new Error('division by zero'), { code: '22012', severity: 'ERROR' }));
    await expect(refused).rejects.toThrow();
    expect(direct.texts).toEqual([]);
    expect(fake.released).toEqual([]);

    const lost = reads.run((db) => db.execute(sql`select 2`));
    await nextTurn();
    fake.failAll(Object.assign(new Error('write EPIPE'), { code: 'EPIPE' }));
    const answer = (await lost) as unknown as { rows: unknown[] };
    expect(answer.rows).toEqual([{ via: 'pool' }]);
    expect(direct.texts).toEqual(['select 2']);
    // The lost connection is closed, and the next read takes a new one.
    expect(fake.released).toHaveLength(1);
    expect(fake.released[0]).toBeInstanceOf(Error);
    const next = reads.run((db) => db.execute(sql`select 3`));
    await nextTurn();
    expect(fake.texts.at(-1)).toBe('select 3');
    fake.answerAll();
    await next;

    // An error of the read's own code, after the database answered, is its own: not read again, connection kept.
    const own = reads.run((db) =>
      db.execute(sql`select 6`).then(() => {
        throw new TypeError('could not decode');
      }),
    );
    await nextTurn();
    fake.answerAll();
    await expect(own).rejects.toThrow('could not decode');
    expect(direct.texts).toEqual(['select 2']);
    expect(fake.released).toHaveLength(1);

    // Closed: reads go on the pool.
    reads.close();
    await reads.run((db) => db.execute(sql`select 5`));
    expect(direct.texts).toEqual(['select 2', 'select 5']);
  });

  it('lets the held connection go after a while without reads, and takes one again for the next', async () => {
    const fake = heldBackPool();
    const reads = createBatchedReads(fake.pool, directDb().db, 30);
    const first = reads.run((db) => db.execute(sql`select 1`));
    await nextTurn();
    fake.answerAll();
    await first;
    expect(fake.released).toEqual([]);
    await new Promise((resolve) => setTimeout(resolve, 80));
    expect(fake.released).toEqual([undefined]);
    const next = reads.run((db) => db.execute(sql`select 2`));
    await nextTurn();
    fake.answerAll();
    await next;
    expect(fake.texts).toEqual(['select 1', 'select 2']);
    reads.close();
    expect(fake.released).toEqual([undefined, undefined]);
  });

  const url = testEnv.databaseUrl;
  it.skipIf(!url)('on PostgreSQL, answers each of many reads sent together with its own rows or error', async () => {
    const database = await openDatabase({ kind: 'postgres', url: url as string, poolMax: 2 });
    try {
      const { reads } = database;
      if (!reads) throw new Error('batched reads are on by default');
      const asked = Array.from({ length: 20 }, (_, n) =>
        reads.run(async (db) => {
          const result = (await db.execute(sql`select ${n}::int * 10 as v`)) as unknown as { rows: unknown[] };
          return result.rows;
        }),
      );
      const refused = reads.run((db) => db.execute(sql`select 1 / ${0}::int`));
      expect(await Promise.all(asked)).toEqual(Array.from({ length: 20 }, (_, n) => [{ v: n * 10 }]));
      await expect(refused).rejects.toMatchObject({ cause: { code: '22012' } });
      // The connection still answers after a refusal.
      expect(await reads.run((db) => db.execute(sql`select 2 as two`))).toMatchObject({ rows: [{ two: 2 }] });
    } finally {
      await database.close();
    }
  });

  it('DATABASE_PIPELINE is on by default and off with false', () => {
    expect(loadConfig({}).databasePipeline).toBe(true);
    expect(loadConfig({ DATABASE_PIPELINE: 'false' }).databasePipeline).toBe(false);
  });

  it.skipIf(!url)('on PostgreSQL, opens no pipelined connection with the pipeline off', async () => {
    const database = await openDatabase({ kind: 'postgres', url: url as string, poolMax: 1, pipeline: false });
    try {
      expect(database.pipeline).toBeUndefined();
      expect(database.reads).toBeUndefined();
    } finally {
      await database.close();
    }
  });
});

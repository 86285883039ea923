import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { testEnv } from '../../testing/test-env';
import { autoPrepareClient, createStatementNamer } from './auto-prepare';
import { openDatabase } from './database';

describe('statement namer', () => {
  it('names a text from its threshold-th sighting on, always with the same name, one name per text', () => {
    const namer = createStatementNamer({ threshold: 3, maxNamed: 10, maxCounted: 100 });
    expect(namer.nameFor('select $1')).toBeUndefined();
    expect(namer.nameFor('select $1')).toBeUndefined();
    const name = namer.nameFor('select $1');
    expect(name).toBeDefined();
    expect(namer.nameFor('select $1')).toBe(name);
    for (let i = 0; i < 3; i += 1) namer.nameFor('select $1 + 1');
    expect(namer.nameFor('select $1 + 1')).not.toBe(name);
    expect(namer.namedCount).toBe(2);
  });

  it('names no more than maxNamed texts and forgets the counts beyond maxCounted', () => {
    const namer = createStatementNamer({ threshold: 2, maxNamed: 2, maxCounted: 3 });
    for (const text of ['a', 'a', 'b', 'b', 'c', 'c']) namer.nameFor(text);
    expect(namer.namedCount).toBe(2);
    expect(namer.nameFor('c')).toBeUndefined();
    const counting = createStatementNamer({ threshold: 2, maxNamed: 10, maxCounted: 3 });
    for (const text of ['x', 'y', 'z', 'w']) counting.nameFor(text); // the fourth text clears the three counts
    expect(counting.nameFor('x')).toBeUndefined();
    expect(counting.nameFor('w')).toBeDefined();
  });
});

describe('DATABASE_AUTO_PREPARE', () => {
  it('is on by default and off with false or 0', () => {
    expect(loadConfig({}).databaseAutoPrepare).toBe(true);
    expect(loadConfig({ DATABASE_AUTO_PREPARE: 'true' }).databaseAutoPrepare).toBe(true);
    expect(loadConfig({ DATABASE_AUTO_PREPARE: 'false' }).databaseAutoPrepare).toBe(false);
    expect(loadConfig({ DATABASE_AUTO_PREPARE: '0' }).databaseAutoPrepare).toBe(false);
    expect(() => loadConfig({ DATABASE_AUTO_PREPARE: 'sometimes' })).toThrow(/DATABASE_AUTO_PREPARE/);
  });
});

describe('auto-prepared client', () => {
  it('names only repeated parameterised config calls and passes everything else through unchanged', () => {
    const calls: unknown[][] = [];
    const client = {
      query(...args: unknown[]) {
        calls.push(args);
        return 'result';
      },
    };
    autoPrepareClient(client, createStatementNamer({ threshold: 2, maxNamed: 10, maxCounted: 100 }));
    const config = { text: 'select $1::int', rowMode: 'array' };
    expect(client.query(config, [1])).toBe('result');
    client.query(config, [2]);
    client.query({ text: 'select $1::int', values: [3] });
    client.query({ text: 'begin' }, []);
    client.query({ text: 'begin' }, []);
    client.query('select $1::int', [4]);
    client.query({ text: 'select $1::int', name: 'mine' }, [5]);
    expect(calls[0]).toEqual([config, [1]]);
    expect(calls[1]).toEqual([{ ...config, name: 'auto_1' }, [2]]);
    expect(calls[2]).toEqual([{ text: 'select $1::int', values: [3], name: 'auto_1' }]);
    expect(calls[4]).toEqual([{ text: 'begin' }, []]);
    expect(calls[5]).toEqual(['select $1::int', [4]]);
    expect(calls[6]).toEqual([{ text: 'select $1::int', name: 'mine' }, [5]]);
    expect(config).toEqual({ text: 'select $1::int', rowMode: 'array' });
  });

  const url = testEnv.databaseUrl;
  it.skipIf(!url)(
    'on PostgreSQL, a repeated statement is prepared once on the connection and answers as before',
    async () => {
      const database = await openDatabase({ kind: 'postgres', url: url as string, poolMax: 1 });
      try {
        const answers: unknown[] = [];
        for (let i = 0; i < 6; i += 1) {
          const result = (await database.db.execute(
            sql`select ${i}::int * 2 as doubled, 'auto-prepare-probe' as tag`,
          )) as {
            rows: unknown[];
          };
          answers.push(result.rows[0]);
        }
        expect(answers).toEqual([0, 1, 2, 3, 4, 5].map((i) => ({ doubled: i * 2, tag: 'auto-prepare-probe' })));
        const prepared = (await database.db.execute(
          sql`select count(*)::int as n from pg_prepared_statements where statement like ${'%auto-prepare-probe%'} and not from_sql`,
        )) as { rows: Array<{ n: number }> };
        expect(prepared.rows[0]?.n).toBe(1);
        // A statement without parameters still goes by the simple protocol, which takes several statements at once.
        await database.db.execute(sql.raw('select 1; select 2'));
        await database.db.transaction(async (tx) => {
          await tx.execute(sql`select ${1}::int as one`);
        });
      } finally {
        await database.close();
      }
    },
  );

  it.skipIf(!url)('on PostgreSQL with autoPrepare false, a repeated statement is never prepared', async () => {
    const database = await openDatabase({ kind: 'postgres', url: url as string, poolMax: 1, autoPrepare: false });
    try {
      for (let i = 0; i < 6; i += 1) {
        await database.db.execute(sql`select ${i}::int * 3 as tripled, 'auto-prepare-off-probe' as tag`);
      }
      const prepared = (await database.db.execute(
        sql`select count(*)::int as n from pg_prepared_statements where statement like ${'%auto-prepare-off-probe%'} and not from_sql`,
      )) as { rows: Array<{ n: number }> };
      expect(prepared.rows[0]?.n).toBe(0);
    } finally {
      await database.close();
    }
  });
});

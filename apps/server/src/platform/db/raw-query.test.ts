import { type SQL, sql } from 'drizzle-orm';
import { integer, PgDialect, pgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../testing';
import type { Database } from './database';
import { rawQuery, rowsOf } from './raw-query';

const dialect = new PgDialect();
const things = pgTable('things', { id: integer('id') });

describe('raw statements', () => {
  it('builds the text and parameters Drizzle builds, for text, nested fragments and plain values', () => {
    const member = 42;
    const follows = [sql`select 1 from guarded`, sql`select ${'x'} from guarded`].map(
      (follow, index) => sql`, ${sql.raw(`follow_${index}`)} as (${follow})`,
    );
    const statements: SQL[] = [
      sql`select 1`,
      sql`select ${1}::int as a, ${'b'} as b, ${10n}::bigint as c, ${true} as d, ${null} as e`,
      sql`with m as (select id from wallet_accounts where id = ${member} for no key update)${sql.join(follows)}
          select * from m where ${sql`exists (select 1 from ok where v = ${'nested'})`} and ${undefined} true`,
      sql`update t set ${sql.join([sql`a = ${1}`, sql`b = ${2}`], sql`, `)} where id = ${3}::bigint`,
      sql``,
    ];
    for (const statement of statements) {
      const drizzles = dialect.sqlToQuery(statement);
      expect(rawQuery(statement)).toEqual({ sql: drizzles.sql, params: drizzles.params });
    }
  });

  it("leaves anything else to Drizzle's builder", () => {
    expect(rawQuery(sql`select ${things.id} from ${things}`)).toBeNull();
    expect(rawQuery(sql`select ${new Date(0)}::timestamptz`)).toBeNull();
    expect(rawQuery(sql`select ${sql.param(5)}`)).toBeNull();
    expect(rawQuery(sql`select * from t where id in ${[1, 2]}`)).toBeNull();
    expect(rawQuery(sql`select ${sql`${'a'}`.inlineParams()}`)).toBeNull();
  });

  describe('on the database', () => {
    let database: Database;
    beforeAll(async () => {
      database = await createTestDatabase();
    });
    afterAll(async () => {
      await database.close();
    });

    it('gives the rows, in a transaction too, and for a statement it leaves to Drizzle (sql.param)', async () => {
      const { db } = database;
      expect(await rowsOf<{ n: number }>(db, sql`select ${7}::int as n`)).toEqual([{ n: 7 }]);
      const inside = await db.transaction((tx) => rowsOf<{ s: string }>(tx, sql`select ${'in tx'}::text as s`));
      expect(inside).toEqual([{ s: 'in tx' }]);
      const dated = await rowsOf<{ y: number }>(
        db,
        sql`select extract(year from ${new Date(Date.UTC(2026, 0, 2)).toISOString()}::timestamptz)::int as y`,
      );
      expect(dated).toEqual([{ y: 2026 }]);
      expect(await rowsOf<{ v: number }>(db, sql`select ${sql.param(5)}::int as v`)).toEqual([{ v: 5 }]);
    });
  });
});

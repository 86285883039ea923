import { sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type DbOrTx, openDatabase } from '../../platform/db';
import { heldBackPool, logStatements, testEnv } from '../../testing';
import { createCommitGroup } from './wallet.commit-group';
import { currency, type Ledger, openLedger } from './wallet.test-helpers';

type Rows<T> = { rows: T[] };
const rowsOf = async <T>(db: DbOrTx, query: ReturnType<typeof sql>) =>
  ((await db.execute(query)) as unknown as Rows<T>).rows;

/** The first statement on the writer's pipelined connection: its lock timeout, for the session. */
const sessionLockTimeout = "select set_config('lock_timeout', $1, false)";

describe('ledger group commit', () => {
  let ledger: Ledger;
  beforeEach(async () => {
    ledger = await openLedger();
    await ledger.database.db.execute(
      sql`create table wallet_test_guards (id integer primary key, state text not null, transfer_id bigint)`,
    );
  });
  afterEach(async () => {
    await ledger.close();
  });

  /** Opens `count` guard rows and credits each from the clearing account to `creditOf(index)`, all at once. */
  async function creditAll(count: number, creditOf: (index: number) => number, prefix: string) {
    const db = ledger.database.db;
    for (let index = 0; index < count; index += 1) {
      await db.execute(sql`insert into wallet_test_guards (id, state) values (${index}, 'open')`);
    }
    return Promise.all(
      Array.from({ length: count }, (_, index) =>
        ledger.wallet.transfer(
          {
            idempotencyKey: `${prefix}-${index}`,
            debit: ledger.clearing,
            credit: creditOf(index),
            amountMinor: 100n + BigInt(index),
            currency,
            kind: 'DEPOSIT',
          },
          {
            beforeMoving: async (tx) => {
              const done = await rowsOf(
                tx,
                sql`update wallet_test_guards set state = 'done' where id = ${index} and state = 'open' returning id`,
              );
              if (done.length === 0) throw new Error(`guard ${index} is not open`);
            },
            guard: {
              update: (gate, transferId) =>
                sql`update wallet_test_guards set state = 'done', transfer_id = ${transferId}
                    where id = ${index} and state = 'open' and ${gate} returning *`,
            },
          },
        ),
      ),
    );
  }

  it('writes one-statement transfers that arrive together in shared transactions, each answered after its commit', async () => {
    const members = [await ledger.player(), await ledger.player(), await ledger.player()];
    const log = logStatements(ledger.database);
    const transfers = await creditAll(24, (index) => members[index % members.length] ?? 0, 'group');
    log.stop();

    const statements = log.texts.map((text) => text.trim().toLowerCase());
    const begins = statements.filter((text) => text === 'begin').length;
    const credits = statements.filter((text) => text.includes('insert into wallet_transfers')).length;
    // Every transfer went by its one statement, and they shared transactions: fewer commits than transfers.
    expect(credits).toBe(24);
    expect(begins).toBeGreaterThanOrEqual(1);
    expect(begins).toBeLessThan(24);
    // A group locks its members' accounts first (the ordinary path's lock, in id order), before its first transfer
    // statement. (On PostgreSQL other connections' reads may come in between in the log.)
    const firstBegin = statements.indexOf('begin');
    const next = statements.slice(firstBegin + 1).find((text) => /^with n as|for no key update of/.test(text));
    expect(next).toMatch(/for no key update of "wallet_accounts"/);
    // ... all of them at once: the three members and the clearing account (members by id, then shared ones).
    expect(next?.match(/\$\d+/g)).toHaveLength(4);

    expect(transfers.every((transfer) => !transfer.replayed)).toBe(true);
    expect(new Set(transfers.map((transfer) => transfer.id)).size).toBe(24);
    const guards = await rowsOf<{ id: number; state: string; transfer_id: string }>(
      ledger.database.db,
      sql`select id, state, transfer_id::text as transfer_id from wallet_test_guards order by id`,
    );
    expect(guards.map((row) => row.state)).toEqual(Array(24).fill('done'));
    expect(guards.map((row) => row.transfer_id)).toEqual(transfers.map((transfer) => String(transfer.id)));
    for (const [position, member] of members.entries()) {
      let expected = 0n;
      for (let index = position; index < 24; index += members.length) expected += 100n + BigInt(index);
      expect((await ledger.wallet.getBalance(member)).balanceMinor).toBe(expected.toString());
    }
    await ledger.expectReconciled();
  });

  it('credits one hot member from many concurrent callers exactly once each', async () => {
    const member = await ledger.player();
    const transfers = await creditAll(40, () => member, 'hot');
    const expected = transfers.reduce((sum, transfer) => sum + BigInt(transfer.amountMinor), 0n);
    expect(expected).toBe(40n * 100n + (39n * 40n) / 2n);
    expect((await ledger.wallet.getBalance(member)).balanceMinor).toBe(expected.toString());
    const entries = await rowsOf<{ n: number }>(
      ledger.database.db,
      sql`select count(*)::int as n from wallet_entries where account_id = ${member}`,
    );
    expect(entries[0]?.n).toBe(40);
    await ledger.expectReconciled();
  });

  it('writes each transfer of a failed group alone: the others are kept once, the failing one gets its error', async () => {
    const db = ledger.database.db;
    await db.execute(sql`create table wallet_test_writes (value integer primary key)`);
    const accounts = { memberAccountId: await ledger.player(), sharedAccountId: ledger.clearing };
    const onGroupFailed = vi.fn();
    const group = createCommitGroup({ db, pipeline: ledger.database.pipeline, maxGroup: 32, onGroupFailed });
    const write = (value: number) => (target: DbOrTx) =>
      // 3 fails as it is written (division by zero), alone or in a group: nothing of it is stored.
      rowsOf<{ value: number }>(
        target,
        sql`insert into wallet_test_writes (value) values (${value}::int / (${value}::int - 3) * 0 + ${value}::int)
            returning value`,
      );
    // The first runs alone (nothing was waiting); the other five arrive meanwhile and form one group.
    const results = await Promise.allSettled([0, 1, 2, 3, 4, 5].map((value) => group.run(accounts, write(value))));

    expect(results.map((result) => result.status)).toEqual([
      'fulfilled',
      'fulfilled',
      'fulfilled',
      'rejected',
      'fulfilled',
      'fulfilled',
    ]);
    expect((results[3] as PromiseRejectedResult).reason).toBeTruthy();
    expect(onGroupFailed).toHaveBeenCalledTimes(1);
    expect(onGroupFailed.mock.calls[0]?.[1]).toBe(5);
    const stored = await rowsOf<{ value: number }>(db, sql`select value from wallet_test_writes order by value`);
    expect(stored.map((row) => row.value)).toEqual([0, 1, 2, 4, 5]);
  });

  it.skipIf(!testEnv.databaseUrl)(
    'on PostgreSQL, a transfer alone that waits past the lock timeout is written again on the pool, and the writer goes on',
    async () => {
      // A connection pool of its own: the lock timeout is set on the pipelined connection by its first group.
      const own = await openDatabase({
        kind: 'postgres',
        url: ledger.database.connectionString as string,
        poolMax: 4,
      });
      try {
        const [blocked, free] = [await ledger.player(), await ledger.player()];
        const group = createCommitGroup({ db: own.db, pipeline: own.pipeline, maxGroup: 32, lockTimeout: '200ms' });
        const lockOf = (member: number) => sql`select id from wallet_accounts where id = ${member} for no key update`;
        const on = (member: number) => ({ memberAccountId: member, sharedAccountId: ledger.clearing });
        let letGo = () => {};
        const held = new Promise<void>((resolve) => {
          letGo = resolve;
        });
        let locked = () => {};
        const holding = new Promise<void>((resolve) => {
          locked = resolve;
        });
        // Another transaction holds the first member's row.
        const holder = own.db.transaction(async (tx) => {
          await tx.execute(lockOf(blocked));
          locked();
          await held;
        });
        await holding;
        const waiting = group.run(on(blocked), (target) => rowsOf(target, lockOf(blocked)));
        await new Promise((resolve) => setTimeout(resolve, 400));
        // Past the lock timeout the writer has let it go: another member's transfer is written meanwhile.
        expect(await group.run(on(free), (target) => rowsOf(target, lockOf(free)))).toHaveLength(1);
        letGo();
        await holder;
        // And the first, written again on the pool, went through once the row was free.
        expect(await waiting).toHaveLength(1);
      } finally {
        await own.close();
      }
    },
  );

  it('answers every caller when a work throws before it sends anything and the failure listener throws too', async () => {
    const db = ledger.database.db;
    const accounts = { memberAccountId: await ledger.player(), sharedAccountId: ledger.clearing };
    const group = createCommitGroup({
      db,
      pipeline: ledger.database.pipeline,
      maxGroup: 32,
      onGroupFailed: () => {
        throw new Error('listener failed');
      },
    });
    const works = [0, 1, 2, 3].map((value) => (target: DbOrTx) => {
      if (value === 2) throw new Error('bad input');
      return rowsOf<{ v: number }>(target, sql`select ${value}::int as v`);
    });
    const results = await Promise.allSettled(works.map((work) => group.run(accounts, work)));
    expect(results.map((result) => result.status)).toEqual(['fulfilled', 'fulfilled', 'rejected', 'fulfilled']);
    expect((results[2] as PromiseRejectedResult).reason).toMatchObject({ message: 'bad input' });
    // The writer is still running: a later transfer is written.
    const later = await group.run(accounts, (target) => rowsOf<{ v: number }>(target, sql`select 9::int as v`));
    expect(later[0]?.v).toBe(9);
  });

  it('sends each group on a pipelined connection at once, BEGIN to COMMIT in one write, before any answer', async () => {
    const db = ledger.database.db;
    const fake = heldBackPool();
    const group = createCommitGroup({ db, pipeline: fake.pool, maxGroup: 32 });
    const member = await ledger.player();
    const accounts = { memberAccountId: member, sharedAccountId: ledger.clearing };
    const work = (value: number) => (target: DbOrTx) =>
      rowsOf<{ v: number }>(target, sql`select ${value}::int as v`).then((rows) => [value, rows.length]);
    const transaction = (works: number) => [
      'begin',
      expect.stringContaining('for no key update of "wallet_accounts"'),
      ...Array(works).fill('select $1::int as v'),
      'commit',
    ];
    // The first is sent alone (nothing was waiting), as its one statement, after the session's lock timeout (which
    // a lone transfer obeys too); the three others arrive meanwhile and wait for its answer.
    const answers = Promise.all([0, 1, 2, 3].map((value) => group.run(accounts, work(value))));
    const lone = [sessionLockTimeout, 'select $1::int as v'];
    await vi.waitFor(() => expect(fake.texts).toEqual(lone));
    fake.answerAll();
    await vi.waitFor(() => expect(fake.texts).toEqual([...lone, ...transaction(3)]));
    // Each statement of the group was handed over without waiting for an answer, into one corked write.
    expect(fake.corked).toEqual(Array(8).fill(true));
    expect(fake.corks).toBe(0);
    fake.answerAll();
    expect(await answers).toEqual([
      [0, 0],
      [1, 0],
      [2, 0],
      [3, 0],
    ]);
    expect(fake.corked.every(Boolean)).toBe(true);
    expect(fake.released).toEqual([undefined]);
  });

  it('ends a pipelined group with ROLLBACK when a work failed before sending, then writes each alone', async () => {
    const db = ledger.database.db;
    const fake = heldBackPool();
    const onGroupFailed = vi.fn();
    const group = createCommitGroup({ db, pipeline: fake.pool, maxGroup: 32, onGroupFailed });
    const accounts = { memberAccountId: await ledger.player(), sharedAccountId: ledger.clearing };
    const works = [0, 1, 2, 3].map((value) => (target: DbOrTx) => {
      if (value === 2) throw new Error('bad input');
      return rowsOf<{ v: number }>(target, sql`select ${value}::int as v`);
    });
    const results = Promise.allSettled(works.map((work) => group.run(accounts, work)));
    // The first goes alone (after the session's lock timeout); the group of the three others once it is answered.
    await vi.waitFor(() => expect(fake.texts).toHaveLength(2));
    fake.answerAll();
    await vi.waitFor(() => expect(fake.texts.at(-1)).toBe('rollback'));
    expect(fake.texts).not.toContain('commit');
    expect(fake.texts.filter((text) => text === 'select $1::int as v')).toHaveLength(3);
    fake.answerAll();
    const settled = await results;
    expect(settled.map((result) => result.status)).toEqual(['fulfilled', 'fulfilled', 'rejected', 'fulfilled']);
    expect((settled[2] as PromiseRejectedResult).reason).toMatchObject({ message: 'bad input' });
    // The failed group's others were written again alone, on the ordinary pool: real answers.
    expect((settled[3] as PromiseFulfilledResult<Array<{ v: number }>>).value[0]?.v).toBe(3);
    expect(onGroupFailed).toHaveBeenCalledTimes(1);
    expect(onGroupFailed.mock.calls[0]?.[1]).toBe(3);
    // The connection answered its ROLLBACK: in step, given back.
    expect(fake.released).toEqual([undefined]);
  });

  it('writes a pipelined group alone when its COMMIT answered ROLLBACK, and keeps the results of one that committed', async () => {
    const db = ledger.database.db;
    const fake = heldBackPool();
    const onGroupFailed = vi.fn();
    const group = createCommitGroup({ db, pipeline: fake.pool, maxGroup: 32, onGroupFailed });
    const accounts = { memberAccountId: await ledger.player(), sharedAccountId: ledger.clearing };
    const work = (value: number) => (target: DbOrTx) => rowsOf<{ v: number }>(target, sql`select ${value}::int as v`);
    // Lone first (answered), then a group whose COMMIT is answered ROLLBACK: not committed, each written again alone.
    const first = Promise.all([0, 1, 2].map((value) => group.run(accounts, work(value))));
    await vi.waitFor(() => expect(fake.texts).toHaveLength(2));
    fake.answerAll();
    await vi.waitFor(() => expect(fake.texts.at(-1)).toBe('commit'));
    fake.answerAll({ commitAs: 'ROLLBACK' });
    const answers = await first;
    expect(answers[0]).toEqual([]);
    // Written again on the ordinary pool: real rows.
    expect(answers.slice(1).map((rows) => rows[0]?.v)).toEqual([1, 2]);
    expect(onGroupFailed).toHaveBeenCalledTimes(1);

    // A group that committed: a work that failed in this process after its statement ran gets its own error, the
    // others their results, and nothing is written again.
    const failing = (target: DbOrTx) =>
      rowsOf(target, sql`select 7::int as v`).then(() => {
        throw new Error('could not read the answer');
      });
    const sentBefore = fake.texts.length;
    const second = Promise.allSettled([
      group.run(accounts, work(5)),
      group.run(accounts, work(6)),
      group.run(accounts, failing),
    ]);
    // The writer had let its connection go; it takes the same one again, whose lock timeout is set already.
    await vi.waitFor(() => expect(fake.texts).toHaveLength(sentBefore + 1));
    fake.answerAll();
    await vi.waitFor(() => expect(fake.texts.filter((text) => text === 'commit')).toHaveLength(2));
    fake.answerAll();
    const settled = await second;
    expect(settled.map((result) => result.status)).toEqual(['fulfilled', 'fulfilled', 'rejected']);
    expect((settled[1] as PromiseFulfilledResult<unknown[]>).value).toEqual([]);
    expect(onGroupFailed).toHaveBeenCalledTimes(1);
    expect(fake.released).toEqual([undefined, undefined]);
  });

  it('writes a transfer again alone when its pipelined connection is lost, and closes that connection', async () => {
    const db = ledger.database.db;
    const fake = heldBackPool();
    const group = createCommitGroup({ db, pipeline: fake.pool, maxGroup: 32 });
    const accounts = { memberAccountId: await ledger.player(), sharedAccountId: ledger.clearing };
    const lone = group.run(accounts, (target) => rowsOf<{ v: number }>(target, sql`select 4::int as v`));
    await vi.waitFor(() => expect(fake.texts).toEqual([sessionLockTimeout, 'select 4::int as v']));
    fake.failAll(Object.assign(new Error('write EPIPE'), { code: 'EPIPE' }));
    expect((await lone)[0]?.v).toBe(4);
    expect(fake.released[0]).toBeInstanceOf(Error);
    // A database's refusal is the transfer's own answer: not written again, and the connection is kept.
    const refused = group.run(accounts, (target) => rowsOf(target, sql`select 1`));
    // On the new connection, its lock timeout first again.
    await vi.waitFor(() => expect(fake.texts.slice(2)).toEqual([sessionLockTimeout, 'select 1']));
    fake.failAll(Object.assign(new Error('duplicate key'), { code: '23505', severity: 'ERROR' }));
    await expect(refused).rejects.toMatchObject({ cause: { code: '23505' } });
    expect(fake.released[1]).toBeUndefined();
  });

  it('writes each alone when groups are turned off (maxGroup 1)', async () => {
    const db = ledger.database.db;
    const group = createCommitGroup({ db, maxGroup: 1 });
    const accounts = { memberAccountId: await ledger.player(), sharedAccountId: ledger.clearing };
    const log = logStatements(ledger.database);
    const answers = await Promise.all(
      [1, 2, 3].map((value) =>
        group.run(accounts, (target) => rowsOf<{ v: number }>(target, sql`select ${value}::int as v`)),
      ),
    );
    log.stop();
    expect(answers.map((rows) => rows[0]?.v)).toEqual([1, 2, 3]);
    expect(log.texts.map((text) => text.trim().toLowerCase())).not.toContain('begin');
  });
});

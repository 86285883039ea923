import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testEnv } from '../../testing';
import type { Database } from '../db';
import { createPostgresLeaderLock, type LeaderLock } from './leader-lock';
import { createJobScheduler } from './scheduler';

const quietLog = { info() {}, warn() {}, error() {}, debug() {} };

/** A lock a test hands over by hand. */
function manualLock(initial: boolean): LeaderLock & { leader: boolean; released: number } {
  return {
    kind: 'in-process',
    leader: initial,
    released: 0,
    async acquire() {
      return this.leader;
    },
    async release() {
      this.released += 1;
      this.leader = false;
    },
  };
}

function deferred() {
  let resolve: () => void = () => undefined;
  const promise = new Promise<void>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

describe('job scheduler', () => {
  it('runs a job only while this instance holds the leader lock', async () => {
    const lock = manualLock(false);
    const scheduler = createJobScheduler({ lock, log: quietLog });
    let runs = 0;
    scheduler.register({ name: 'count', intervalMs: 60_000, run: async () => (runs += 1) });
    expect(await scheduler.tick('count')).toBe('not-leader');
    expect(runs).toBe(0);
    lock.leader = true;
    expect(await scheduler.tick('count')).toBe('ran');
    expect(scheduler.isLeader()).toBe(true);
    expect(runs).toBe(1);
    await scheduler.stop();
  });

  it('never overlaps a job with itself', async () => {
    const scheduler = createJobScheduler({ lock: manualLock(true), log: quietLog });
    const gate = deferred();
    let runs = 0;
    scheduler.register({
      name: 'slow',
      intervalMs: 60_000,
      run: async () => {
        runs += 1;
        await gate.promise;
      },
    });
    const first = scheduler.tick('slow');
    expect(await scheduler.tick('slow')).toBe('busy');
    gate.resolve();
    expect(await first).toBe('ran');
    expect(runs).toBe(1);
    await scheduler.stop();
  });

  it('logs a failed run and runs the job again at its next tick', async () => {
    const errors: object[] = [];
    const scheduler = createJobScheduler({
      lock: manualLock(true),
      log: { ...quietLog, error: (details: object) => errors.push(details) },
    });
    let calls = 0;
    scheduler.register({
      name: 'flaky',
      intervalMs: 60_000,
      run: async () => {
        calls += 1;
        if (calls === 1) throw new Error('database briefly away');
      },
    });
    expect(await scheduler.tick('flaky')).toBe('failed');
    expect(errors).toHaveLength(1);
    expect(await scheduler.tick('flaky')).toBe('ran');
    await scheduler.stop();
  });

  it('ticks on its interval once started, and stop waits for the run in progress and releases the lock', async () => {
    const lock = manualLock(true);
    const scheduler = createJobScheduler({ lock, log: quietLog });
    const gate = deferred();
    let runs = 0;
    let finished = false;
    scheduler.register({
      name: 'tick',
      intervalMs: 20,
      run: async () => {
        runs += 1;
        if (runs === 3) {
          await gate.promise;
          finished = true;
        }
      },
    });
    scheduler.start();
    await expect.poll(() => runs, { timeout: 2000 }).toBe(3);
    const stopping = scheduler.stop();
    setTimeout(gate.resolve, 30);
    await stopping;
    expect(finished).toBe(true);
    expect(lock.released).toBe(1);
    await new Promise((done) => setTimeout(done, 80));
    expect(runs).toBe(3);
    expect(await scheduler.tick('tick')).toBe('stopped');
  });

  it('refuses a job name twice', () => {
    const scheduler = createJobScheduler({ lock: manualLock(true), log: quietLog });
    scheduler.register({ name: 'once', intervalMs: 1000, run: async () => undefined });
    expect(() => scheduler.register({ name: 'once', intervalMs: 1000, run: async () => undefined })).toThrow();
  });
});

describe.skipIf(!testEnv.databaseUrl)('job leader lock on PostgreSQL', () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.close());

  /** Two "instances": schedulers with their own lock connection, and one shared count of runs. */
  function instance(name: string, runs: string[]) {
    const connectionString = database.connectionString;
    if (!connectionString) throw new Error('PostgreSQL expected');
    const scheduler = createJobScheduler({
      lock: createPostgresLeaderLock({ connectionString, name: `test:${name}`, log: quietLog }),
      log: quietLog,
    });
    return (label: string) => {
      scheduler.register({ name: 'work', intervalMs: 60_000, run: async () => runs.push(label) });
      return scheduler;
    };
  }

  it('runs each tick on the leader only, and another instance takes over when the leader stops', async () => {
    const runs: string[] = [];
    const a = instance('handover', runs)('a');
    const b = instance('handover', runs)('b');
    for (let tick = 0; tick < 3; tick += 1) {
      const results = await Promise.all([a.tick('work'), b.tick('work')]);
      expect(results.filter((result) => result === 'ran')).toHaveLength(1);
      expect(results.filter((result) => result === 'not-leader')).toHaveLength(1);
    }
    expect(runs).toHaveLength(3);
    const leader = a.isLeader() ? a : b;
    const follower = leader === a ? b : a;
    expect(new Set(runs)).toEqual(new Set([leader === a ? 'a' : 'b']));

    // A restart: the leader stops (gives the lock up); the other instance leads from its next tick.
    await leader.stop();
    expect(await follower.tick('work')).toBe('ran');
    expect(follower.isLeader()).toBe(true);
    await follower.stop();
  });

  it('takes over from a leader whose session died, and the old leader stops believing it leads', async () => {
    const runs: string[] = [];
    const a = instance('crash', runs)('a');
    const b = instance('crash', runs)('b');
    expect(await a.tick('work')).toBe('ran');
    expect(await b.tick('work')).toBe('not-leader');

    // As if instance a were killed: PostgreSQL ends its session, and its advisory lock with it.
    const admin = new pg.Client({ connectionString: database.connectionString ?? '' });
    await admin.connect();
    try {
      await admin.query(
        `select pg_terminate_backend(pid) from pg_locks
          where locktype = 'advisory' and granted and database = (select oid from pg_database where datname = current_database())`,
      );
    } finally {
      await admin.end();
    }

    await expect.poll(() => b.tick('work'), { timeout: 5000, interval: 50 }).toBe('ran');
    expect(await a.tick('work')).toBe('not-leader');
    expect(runs.filter((label) => label === 'b').length).toBeGreaterThanOrEqual(1);
    await Promise.all([a.stop(), b.stop()]);
  });
});

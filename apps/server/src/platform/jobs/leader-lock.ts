import { createHash } from 'node:crypto';
import type pg from 'pg';

/**
 * Who may run the cluster's scheduled jobs. `acquire` answers whether this instance is the leader now (taking the
 * lock when it is free); `release` gives the lock up so that another instance takes over at its next tick.
 */
export type LeaderLock = {
  readonly kind: 'in-process' | 'postgres-advisory';
  acquire(): Promise<boolean>;
  release(): Promise<void>;
};

/**
 * The lock of a single-process deployment (embedded PGlite allows one process): this process is always the leader.
 * Overlapping runs of one job are prevented by the scheduler itself.
 */
export function createInProcessLeaderLock(): LeaderLock {
  return {
    kind: 'in-process',
    acquire: async () => true,
    release: async () => undefined,
  };
}

/** A stable signed 64-bit advisory-lock key for a name (PostgreSQL's advisory locks take a bigint). */
export function advisoryLockKey(name: string): string {
  return createHash('sha256').update(name).digest().readBigInt64BE(0).toString();
}

type LockLog = { warn(details: object, message: string): void };

/**
 * Leadership through a PostgreSQL session-level advisory lock held on one dedicated connection: the instance whose
 * connection holds `pg_try_advisory_lock(key)` is the leader. When that instance stops, it unlocks; when it dies
 * (SIGKILL, network loss), PostgreSQL ends its session and the lock goes with it, so another instance takes over
 * at its next tick. The leader re-checks its connection at every tick, so a leader whose session died stops
 * believing it leads.
 * @see https://www.postgresql.org/docs/current/explicit-locking.html#ADVISORY-LOCKS
 */
export function createPostgresLeaderLock(options: {
  connectionString: string;
  name: string;
  log: LockLog;
}): LeaderLock {
  const key = advisoryLockKey(options.name);
  let client: pg.Client | null = null;
  let held = false;

  const drop = (current: pg.Client) => {
    if (client !== current) return;
    client = null;
    held = false;
    current.end().catch(() => undefined);
  };

  async function connection(): Promise<pg.Client> {
    if (client) return client;
    // Loaded on first use: only a PostgreSQL deployment takes the leader lock through its own session.
    const { default: postgres } = await import('pg');
    // Another call may have connected while the module loaded: one session per lock.
    if (client) return client;
    const fresh = new postgres.Client({ connectionString: options.connectionString, application_name: 'portal-jobs' });
    // A lost connection loses the lock with it; the next tick connects again and competes afresh.
    fresh.on('error', (error) => {
      options.log.warn({ err: error }, 'job leader connection lost');
      drop(fresh);
    });
    fresh.on('end', () => drop(fresh));
    client = fresh;
    try {
      await fresh.connect();
    } catch (error) {
      drop(fresh);
      throw error;
    }
    return fresh;
  }

  return {
    kind: 'postgres-advisory',
    async acquire() {
      let current: pg.Client | null = null;
      try {
        current = await connection();
        if (held) {
          // Still our session, so still our lock.
          await current.query('select 1');
          return true;
        }
        const result = await current.query<{ locked: boolean }>('select pg_try_advisory_lock($1::bigint) as locked', [
          key,
        ]);
        held = result.rows[0]?.locked === true;
        return held;
      } catch (error) {
        options.log.warn({ err: error }, 'job leader lock check failed');
        if (current) drop(current);
        return false;
      }
    },
    async release() {
      const current = client;
      if (!current) return;
      try {
        if (held) await current.query('select pg_advisory_unlock($1::bigint)', [key]);
      } catch {
        // Ending the session below releases the lock anyway.
      } finally {
        held = false;
        client = null;
        await current.end().catch(() => undefined);
      }
    },
  };
}

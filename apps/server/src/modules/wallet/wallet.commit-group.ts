import { sql } from 'drizzle-orm';
import {
  type Db,
  type DbOrTx,
  isDatabaseError,
  isLockTimeout,
  type PipelinePool,
  type PipelineSession,
} from '../../platform/db';
import * as repo from './wallet.repository';

/**
 * Group commit for the ledger's one-statement transfers (`repo.postGuardedTransfer`): the transfers that arrive while
 * one group is being written wait, and are then written together, each by its own statement as before, in one
 * transaction with one commit. On PostgreSQL the group goes on a connection in pipeline mode (platform/db/pipeline.ts):
 * BEGIN, the locks, the statements and COMMIT leave in one write and come back in one round trip, so the accounts
 * are held for the time PostgreSQL takes to run them, not for a round trip per statement through this process's busy
 * event loop. On PGlite a group is an ordinary transaction. A transfer alone is its one statement in its own
 * implicit transaction (on PostgreSQL sent on the same connection, in turn with the groups).
 *
 * Why: every one-statement transfer updates a shared account (the payment clearing account for each gateway deposit,
 * a game's house account for each bet), and holds that row's lock until its commit is flushed, so transfers through
 * one shared account (or to one member) were written one commit flush after another, and each paid a commit of its
 * own. In a group they pay one; bench/wallet-http.mjs measured, for one hot member, 776 -> 1,038-1,140 credits/s
 * and p99 77 -> 20-23 ms, and half the database CPU per credit (bench/RESULTS.md, 2026-11-29, session 13); sending
 * each group in one round trip took a slower machine's 350-409 to 493-563 credits/s (session 14).
 *
 * Locks: a group first locks every account its statements will touch, in the ledger's global order, by one
 * `repo.lockAccounts` (its members' accounts by id, then its shared accounts by id: a group may hold the clearing
 * account and a game's house account), then runs the statements, which find their rows locked already. So a group
 * cannot deadlock with an ordinary transfer, which locks in the same order, nor with another instance's group. A
 * group (or a transfer alone on the pipelined connection) waits at most `lockTimeout` for a lock (then it fails, and
 * its transfers are written again one by one on the ordinary pool, where they wait as long as it takes), so one
 * transaction holding a member's row cannot hold up every group after it. Two groups never run at once in one
 * process.
 *
 * Failures: a statement that fails (a lost race on an idempotency key, a deadlock between two shared accounts) aborts
 * its group's transaction, and then each transfer of the group is written alone, in arrival order (on PostgreSQL
 * alongside the groups written after it), as without grouping, so each gets its own answer or error. A group counts
 * as committed only when its COMMIT was answered so. When the commit's answer is lost (a lost connection), the group
 * may or may not have been committed; writing each alone is still safe, because each statement writes nothing when
 * its key is used already or its guard's row has changed (the caller's ordinary path then tells a replay).
 *
 * Each statement must be safe to run again after a rollback: it may run twice (in the group, rolled back; then alone).
 */
export type CommitGroup = {
  /**
   * Writes `work` (one statement) in the next group, or alone; resolves with its result once that has been
   * committed. `accounts`: the member's account the statement locks first and the shared account it updates last.
   */
  run<T>(accounts: GroupedAccounts, work: (db: DbOrTx) => Promise<T>): Promise<T>;
};

export type CommitGroupOptions = {
  db: Db;
  /**
   * Connections in pipeline mode (PostgreSQL; platform/db/pipeline.ts): a group's BEGIN, locks, statements and
   * COMMIT are then sent at once, one round trip for the group. Without (PGlite), a group is an ordinary
   * transaction whose statements are sent one after another.
   */
  pipeline?: PipelinePool;
  /** Most transfers in one group; 1 turns grouping off (each statement is sent at once, in its own transaction). */
  maxGroup: number;
  /** Told when a group's transaction failed and its transfers are written one by one (for logs and metrics). */
  onGroupFailed?: (error: unknown, size: number) => void;
  /**
   * PostgreSQL `lock_timeout` of a group's transaction; default '5s'. On a pipelined connection it is set on the
   * connection's session by the first group sent on it (so a lone transfer there waits no longer either): commit
   * groups that share one `pipeline` pool should give the same value.
   */
  lockTimeout?: string;
};

export type GroupedAccounts = { memberAccountId: number; sharedAccountId: number };

/**
 * A group's answer: committed, with each work's own outcome; or not committed, with its first failure and whether
 * its connection stopped answering.
 */
type GroupOutcome =
  | { ok: true; works: PromiseSettledResult<unknown>[] }
  | { ok: false; error: unknown; broken: boolean };

type Waiting = {
  accounts: GroupedAccounts;
  work: (db: DbOrTx) => Promise<unknown>;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
};

export function createCommitGroup(options: CommitGroupOptions): CommitGroup {
  const { db } = options;
  const lockTimeout = options.lockTimeout ?? '5s';
  const maxGroup = Math.max(1, Math.floor(options.maxGroup));
  // Sent groups waiting for their answers at most. Two would let PostgreSQL find the next group sent while this
  // process reads the answers to the one before, but the groups halve (bench/wallet-http.mjs: 3.2 statements per
  // credit instead of 2.6) and the callbacks measured 8-10% slower on a busy 2-core machine (2026-11-29).
  const groupsInFlight = 1;
  const queue: Waiting[] = [];
  let writing = false;
  /** Wakes the pipelined writer when a transfer arrives or a sent group is answered. */
  let wakeWriter: (() => void) | null = null;

  async function alone(item: Waiting): Promise<void> {
    try {
      item.resolve(await item.work(db));
    } catch (error) {
      item.reject(error);
    }
  }

  /** Locks every account the group's statements touch: members by id, then shared accounts by id (lockAccounts). */
  function groupAccounts(group: Waiting[]): number[] {
    const accounts = new Set<number>();
    for (const { accounts: touched } of group) {
      accounts.add(touched.memberAccountId);
      accounts.add(touched.sharedAccountId);
    }
    return [...accounts];
  }

  /** The group's transaction, its statements sent one after another; its works' results, or throws. */
  function transaction(group: Waiting[]): Promise<unknown[]> {
    return db.transaction(async (tx) => {
      await tx.execute(sql`select set_config('lock_timeout', ${lockTimeout}, true)`);
      await repo.lockAccounts(tx, groupAccounts(group));
      // All handed to the connection at once: it sends each as soon as the one before it is answered (in the
      // order given), without a turn of this process's event loop in between. Each is started inside an async
      // function, so that one that throws at once still leaves the others' promises awaited.
      return Promise.all(group.map((item) => (async () => item.work(tx))()));
    });
  }

  /**
   * Sends a group's transaction on a pipelined connection: (on a new connection, its session's lock timeout first)
   * BEGIN, the locks, every statement and COMMIT, at once and in this order, and PostgreSQL runs them back to back.
   * When one fails, the ones after it fail too (the transaction is aborted) and the COMMIT rolls back; a work that
   * failed before sending anything ends the transaction with ROLLBACK instead. Resolves once all is sent, with the
   * group's outcome: its works' results, or its first failure and whether the connection still answered (a database
   * error leaves it usable).
   */
  async function sendGroup(session: PipelineSession, group: Waiting[], newSession: boolean) {
    const sent: Array<Promise<unknown>> = [];
    let whole = true;
    const send = async (start: (target: Db) => Promise<unknown>) => {
      const handed = await session.send(start);
      sent.push(handed.result);
      whole &&= handed.sent;
    };
    // A transfer alone is its one statement, in its own implicit transaction, as without grouping.
    const lone = group.length === 1;
    const first = (newSession ? 1 : 0) + (lone ? 0 : 2);
    // In one write to the socket: one system call for the group, not one per statement.
    await session.batch(async () => {
      // The writer's connection waits at most `lockTimeout` for any lock, a lone transfer's too: set for the whole
      // session (in its own implicit transaction) before the first group on a new connection, not in every group.
      if (newSession) {
        await send((target) => target.execute(sql`select set_config('lock_timeout', ${lockTimeout}, false)`));
      }
      if (lone) {
        for (const item of group) await send(item.work);
        return;
      }
      await send((target) => target.execute(sql`begin`));
      await send((target) => repo.lockAccounts(target, groupAccounts(group)));
      for (const item of group) await send(item.work);
      await send((target) => target.execute(whole ? sql`commit` : sql`rollback`));
    });
    const answered = Promise.allSettled(sent).then((settled): GroupOutcome => {
      const works = settled.slice(first, first + group.length);
      if (lone) {
        const [only] = works;
        if (only?.status === 'fulfilled') return { ok: true, works };
        // Refused by the database, or failed before it was sent: its own answer. Lost with the connection: unknown.
        const broken = whole && !isDatabaseError(only?.reason);
        return { ok: false, error: only?.reason, broken };
      }
      // Committed only when the COMMIT was sent and answered so: a work that failed in this process after its
      // statement ran (decoding its answer) leaves the transaction committed, and gets its own error.
      const end = settled.at(-1);
      const committed =
        whole && end?.status === 'fulfilled' && (end.value as { command?: unknown }).command === 'COMMIT';
      if (committed) return { ok: true, works };
      const failed = settled.find((outcome) => outcome.status === 'rejected');
      // The connection is in step when its last statement was answered, by a result or by a database error.
      const inStep = end?.status === 'fulfilled' || isDatabaseError(end?.reason);
      return { ok: false, error: failed?.reason ?? new Error('group rolled back'), broken: !inStep };
    });
    return { answered };
  }

  /**
   * Tells the group's callers their results (or their own errors) once the group committed, or writes each alone
   * after it did not. A transfer alone gets its own error, or is written again when its connection was lost.
   */
  async function finishGroup(group: Waiting[], outcome: GroupOutcome) {
    if (outcome.ok) {
      group.forEach((item, index) => {
        const result = outcome.works[index];
        if (result?.status === 'fulfilled') item.resolve(result.value);
        else item.reject(result?.reason);
      });
      return;
    }
    const [lone] = group;
    // A transfer alone gets its own error, unless it only gave up waiting for a lock (the writer's lock timeout,
    // which keeps one held row from holding up every transfer after it): then it is written again on the pool.
    if (group.length === 1 && lone && !outcome.broken && !isLockTimeout(outcome.error)) {
      lone.reject(outcome.error);
      return;
    }
    try {
      options.onGroupFailed?.(outcome.error, group.length);
    } catch {
      // A listener's failure must not leave the group's callers waiting.
    }
    for (const item of group) await alone(item);
  }

  /**
   * The writer on a pipelined connection, held while there is work: every group (a lone transfer too) is sent as
   * soon as it is formed, while at most `groupsInFlight` sent groups wait for their answers. A connection that
   * stopped answering (or reported an error) is closed once its groups have settled, and the next group gets a new
   * one.
   */
  async function writePipelined(pool: PipelinePool): Promise<void> {
    let session: PipelineSession | null = null;
    /** Whether the held connection's lock timeout was sent (with its first group, once per connection). */
    let configured = false;
    let broken = false;
    let inFlight = 0;
    try {
      while (queue.length > 0 || inFlight > 0) {
        if (session && (broken || session.failed) && inFlight === 0) {
          session.release(true);
          session = null;
          broken = false;
        }
        if (queue.length === 0 || inFlight >= groupsInFlight || broken) {
          await new Promise<void>((resolve) => {
            wakeWriter = resolve;
          });
          continue;
        }
        const group = queue.splice(0, maxGroup);
        inFlight += 1;
        let answered: Promise<GroupOutcome>;
        try {
          if (!session) {
            session = await pool.acquire();
            configured = !session.fresh;
          }
          const newSession = !configured;
          configured = true;
          answered = (await sendGroup(session, group, newSession)).answered;
        } catch (error) {
          // No connection (nothing sent), or a failure while sending: that connection is not trusted again.
          answered = Promise.resolve({ ok: false, error, broken: session !== null });
        }
        void answered.then((outcome) => {
          if ((!outcome.ok && outcome.broken) || session?.failed) broken = true;
          inFlight -= 1;
          wake();
          return finishGroup(group, outcome);
        });
      }
    } finally {
      session?.release(broken);
    }
  }

  function wake(): void {
    const writer = wakeWriter;
    wakeWriter = null;
    writer?.();
  }

  /** Without a pipelined connection: one group at a time, a lone transfer alone. */
  async function writeInTurn(): Promise<void> {
    while (queue.length > 0) {
      const group = queue.splice(0, maxGroup);
      const [first] = group;
      if (group.length === 1 && first) {
        await alone(first);
        continue;
      }
      let outcome: GroupOutcome;
      try {
        const results = await transaction(group);
        outcome = { ok: true, works: results.map((value) => ({ status: 'fulfilled', value })) };
      } catch (error) {
        outcome = { ok: false, error, broken: false };
      }
      await finishGroup(group, outcome);
    }
  }

  async function write(): Promise<void> {
    writing = true;
    try {
      await (options.pipeline ? writePipelined(options.pipeline) : writeInTurn());
    } finally {
      writing = false;
      // One that arrived while the writer was finishing.
      if (queue.length > 0) void write();
    }
  }

  return {
    run<T>(accounts: GroupedAccounts, work: (db: DbOrTx) => Promise<T>): Promise<T> {
      // Groups off: each statement goes at once, side by side with the others, as before group commit.
      if (maxGroup === 1) return (async () => work(db))();
      return new Promise<T>((resolve, reject) => {
        queue.push({ accounts, work, resolve: resolve as (value: unknown) => void, reject });
        if (!writing) void write();
        else wake();
      });
    },
  };
}

import type { Db, DbOrTx } from '../../platform/db';
import * as repo from './wallet.repository';

/**
 * Group commit for the ledger's one-statement transfers (`repo.postGuardedTransfer`): the transfers that arrive while
 * one group is being written wait, and are then written together, each by its own statement as before, in one
 * transaction with one commit. A transfer alone is written as before, in its own implicit transaction.
 *
 * Why: every one-statement transfer updates a shared account (the payment clearing account for each gateway deposit,
 * a game's house account for each bet), and holds that row's lock until its commit is flushed, so transfers through
 * one shared account (or to one member) were written one commit flush after another, and each paid a commit of its
 * own. In a group they pay one; bench/wallet-http.mjs measured 769 -> 1,110 credits/s for one hot member and p99
 * 71 -> 20 ms (bench/RESULTS.md, 2026-11-29).
 *
 * Locks: a group first locks all its members' accounts in id order (`repo.lockAccounts`), then runs the statements
 * in arrival order, each locking its shared account by its update as its last step, as alone. So a group takes the
 * ledger's global order too (members by id, shared accounts last) and cannot deadlock with an ordinary transfer
 * over a member's row. Two groups never run at once in one process.
 *
 * Failures: a statement that fails (a lost race on an idempotency key, a deadlock between two shared accounts) aborts
 * its group's transaction, and then each transfer of the group is written alone, in arrival order, exactly as without
 * grouping, so each gets its own answer or error. When the commit itself fails (a lost connection), the group may or
 * may not have been committed; writing each alone is still safe, because each statement writes nothing when its
 * key is used already or its guard's row has changed (the caller's ordinary path then tells a replay).
 *
 * Each statement must be safe to run again after a rollback: it may run twice (in the group, rolled back; then alone).
 */
export type CommitGroup = {
  /** Writes `work` in the next group (or alone); resolves with its result once that has been committed. */
  run<T>(memberAccountId: number, work: (db: DbOrTx) => Promise<T>): Promise<T>;
};

export type CommitGroupOptions = {
  db: Db;
  /** Most transfers in one group; 1 turns grouping off (each statement is sent at once, in its own transaction). */
  maxGroup: number;
  /** Told when a group's transaction failed and its transfers are written one by one (for logs and metrics). */
  onGroupFailed?: (error: unknown, size: number) => void;
};

type Waiting = {
  memberAccountId: number;
  work: (db: DbOrTx) => Promise<unknown>;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
};

export function createCommitGroup(options: CommitGroupOptions): CommitGroup {
  const { db } = options;
  const maxGroup = Math.max(1, Math.floor(options.maxGroup));
  const queue: Waiting[] = [];
  let writing = false;

  async function alone(item: Waiting): Promise<void> {
    try {
      item.resolve(await item.work(db));
    } catch (error) {
      item.reject(error);
    }
  }

  async function together(group: Waiting[]): Promise<void> {
    let results: unknown[];
    try {
      results = await db.transaction(async (tx) => {
        const members = [...new Set(group.map((item) => item.memberAccountId))].sort((a, b) => a - b);
        await repo.lockAccounts(tx, members);
        // All handed to the connection at once: it sends each as soon as the one before it is answered (in the
        // order given), without a turn of this process's event loop in between.
        return Promise.all(group.map((item) => item.work(tx)));
      });
    } catch (error) {
      options.onGroupFailed?.(error, group.length);
      for (const item of group) await alone(item);
      return;
    }
    group.forEach((item, index) => {
      item.resolve(results[index]);
    });
  }

  async function write(): Promise<void> {
    writing = true;
    try {
      while (queue.length > 0) {
        const group = queue.splice(0, maxGroup);
        const [first] = group;
        if (group.length === 1 && first) await alone(first);
        else await together(group);
      }
    } finally {
      writing = false;
    }
  }

  return {
    run<T>(memberAccountId: number, work: (db: DbOrTx) => Promise<T>): Promise<T> {
      // Groups off: each statement goes at once, side by side with the others, as before group commit.
      if (maxGroup === 1) return work(db);
      return new Promise<T>((resolve, reject) => {
        queue.push({ memberAccountId, work, resolve: resolve as (value: unknown) => void, reject });
        if (!writing) void write();
      });
    },
  };
}

import type { Db } from './database';

/**
 * A PostgreSQL connection in pipeline mode (node-postgres `pipeline: true`): each statement handed to it is sent at
 * once, without waiting for the answers to the ones before it, and PostgreSQL runs them in the order sent, each
 * with its own Sync (so a failing one does not swallow the next: inside BEGIN … COMMIT the next ones fail with
 * "current transaction is aborted" and the COMMIT rolls back). A transaction of N statements then costs one round
 * trip instead of N + 2: the ledger's group commit (wallet.commit-group.ts) writes a whole group this way, so the
 * group's accounts stay locked for the time PostgreSQL takes to run it, not for N + 2 turns of this process's
 * event loop.
 *
 * Order: statements are sent in the order the connection is handed them. Drizzle hands a statement over after a
 * few turns of the microtask queue, so `send` waits (microtasks only, no I/O) until `start` has handed its first
 * statement over, or has settled without one, before the caller sends the next.
 */
export type PipelineSession = {
  /** Drizzle over this one connection. */
  readonly db: Db;
  /**
   * Runs `start` on this connection and resolves once it has handed its first statement over (`sent`) or settled
   * without one, with `start`'s own promise, which settles when that statement is answered.
   */
  send<T>(start: (db: Db) => Promise<T>): Promise<{ result: Promise<T>; sent: boolean }>;
  /**
   * Runs `sending` (which hands statements over and must not wait for their answers) with the connection's socket
   * corked: what it sends leaves in one write when it is done, instead of one system call per statement.
   */
  batch<T>(sending: () => Promise<T>): Promise<T>;
  /** True once the connection reported an error (lost, terminated): it must not be used again. */
  readonly failed: boolean;
  /** True when this connection is handed out for the first time (a new one): settings of its session go first. */
  readonly fresh: boolean;
  /** Gives the connection back; `broken`: close it instead (its state is unknown after a failure). */
  release(broken: boolean): void;
};

export type PipelinePool = {
  /** A connection of its own (the pool keeps `max` of them), waiting when all are in use. */
  acquire(): Promise<PipelineSession>;
  /** The node-postgres pool underneath (tests log its statements). */
  readonly pool: unknown;
  close(): Promise<void>;
};

type Socket = { cork(): void; uncork(): void };
type PooledClient = {
  query: (...args: unknown[]) => unknown;
  release: (error?: Error | boolean) => void;
  on?: (event: 'error', listener: (error: unknown) => void) => unknown;
  off?: (event: 'error', listener: (error: unknown) => void) => unknown;
  /** node-postgres's connection; its socket is corked for a batch. */
  connection?: { stream?: Partial<Socket> };
};
type PgPool = { connect(): Promise<PooledClient>; end(): Promise<void> };

/**
 * Wraps a node-postgres pool whose clients were made with `pipeline: true`. `wrap` builds the Drizzle handle over
 * something with a client's `query` (drizzle-orm/node-postgres, `drizzle({ client })`).
 */
export function createPipelinePool(pool: PgPool, wrap: (client: unknown) => Db): PipelinePool {
  type Tracked = { db: Db; waiting: Array<() => void> };
  const tracked = new WeakMap<PooledClient, Tracked>();

  function track(client: PooledClient): Tracked {
    const known = tracked.get(client);
    if (known) return known;
    const state: Tracked = { db: wrap({ query: handedOver }), waiting: [] };
    // Drizzle's handle sends through this, which tells the waiting `send` that its statement was handed over.
    function handedOver(...args: unknown[]) {
      const answer = client.query(...args);
      for (const wake of state.waiting.splice(0)) wake();
      return answer;
    }
    tracked.set(client, state);
    return state;
  }

  return {
    pool,
    async acquire() {
      const client = await pool.connect();
      const fresh = !tracked.has(client);
      const state = track(client);
      // The pool listens for a checked-out client's errors no more: a connection lost while held would otherwise
      // be an uncaught 'error' event. Its queries fail on their own; the holder sees `failed` and lets it go.
      let failed = false;
      const onError = () => {
        failed = true;
      };
      client.on?.('error', onError);
      return {
        db: state.db,
        fresh,
        get failed() {
          return failed;
        },
        async send<T>(start: (db: Db) => Promise<T>) {
          const handed = new Promise<boolean>((resolve) => {
            state.waiting.push(() => resolve(true));
          });
          const result = (async () => start(state.db))();
          // The caller collects `result`; until then a rejection must not count as unhandled.
          result.catch(ignore);
          // An answer needs I/O, so `result` settles first only when `start` handed nothing over.
          const sent = await Promise.race([handed, result.then(no, no)]);
          return { result, sent };
        },
        async batch(sending) {
          const socket = client.connection?.stream;
          socket?.cork?.();
          try {
            return await sending();
          } finally {
            socket?.uncork?.();
          }
        },
        release(broken) {
          state.waiting.length = 0;
          client.off?.('error', onError);
          client.release(broken || failed ? new Error('pipeline session failed') : undefined);
        },
      };
    },
    close: () => pool.end(),
  };
}

function ignore(): void {}
function no(): false {
  return false;
}

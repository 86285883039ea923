import type { Database } from '../platform/db';

/** The statements a database was sent while a log was open, in order; `stop` ends the log and unwraps the driver. */
export type StatementLog = { readonly texts: readonly string[]; stop(): void };

/**
 * `after`: given a statement's text and the driver's answer (a promise), returns the answer the app gets, so a test
 * can do something between a statement and its caller seeing the answer (as a concurrent request would). For the
 * statements of checked-out, pipelined and held clients and of PGlite; not for `pool.query` (given a callback).
 */
export type StatementLogOptions = { after?: (text: string, answer: Promise<unknown>) => Promise<unknown> };

type Query = (...args: unknown[]) => unknown;
type Queryable = { query: Query };
type PgliteLike = Queryable & {
  exec: Query;
  transaction(callback: (tx: Queryable & { exec: Query }) => unknown): unknown;
};
type PoolLike = { connect: (...args: unknown[]) => unknown };

function textOf(query: unknown): string {
  if (typeof query === 'string') return query;
  const text = (query as { text?: unknown } | null)?.text;
  return typeof text === 'string' ? text : String(query);
}

/**
 * Logs every statement the app sends to its database from now until `stop`, at the driver, below drizzle: what a
 * request costs in round trips, BEGIN and COMMIT included. On PostgreSQL each pool client's `query` is wrapped when
 * the pool hands it out (the pool's own `query` also checks a client out), so clients connected earlier count too,
 * and so are the pipelined connections' and the batched reads' (their statements count one each, though they are
 * sent in one go);
 * on PGlite the instance's `query` and `exec` are wrapped, and a transaction counts its BEGIN, its statements and
 * its COMMIT (or ROLLBACK), as PostgreSQL would receive them.
 */
export function logStatements(database: Database, options: StatementLogOptions = {}): StatementLog {
  const texts: string[] = [];
  const restore: Array<() => void> = [];
  const wrap = (target: Queryable & { exec?: Query }) => {
    for (const name of ['query', 'exec'] as const) {
      const original = target[name];
      if (typeof original !== 'function') continue;
      target[name] = function logged(this: unknown, ...args: unknown[]) {
        const text = textOf(args[0]);
        texts.push(text);
        const answer = original.apply(this, args);
        return options.after && answer instanceof Promise ? options.after(text, answer) : answer;
      };
      restore.push(() => {
        target[name] = original;
      });
    }
  };
  const client = (database.db as unknown as { $client: unknown }).$client;
  const wrapPool = (pool: PoolLike) => {
    const connect = pool.connect;
    const wrapped = new WeakSet<object>();
    const seen = (pooled: unknown) => {
      if (pooled && typeof pooled === 'object' && !wrapped.has(pooled)) {
        wrapped.add(pooled);
        wrap(pooled as Queryable);
      }
    };
    pool.connect = function loggedConnect(this: unknown, ...args: unknown[]) {
      const [callback] = args;
      if (typeof callback === 'function') {
        return connect.call(this, (error: unknown, pooled: unknown, done: unknown) => {
          seen(pooled);
          callback(error, pooled, done);
        });
      }
      return (connect.call(this) as Promise<unknown>).then((pooled) => {
        seen(pooled);
        return pooled;
      });
    };
    restore.push(() => {
      pool.connect = connect;
    });
    // Clients out of the pool already, such as the connection the batched reads hold, are wrapped too (pg-pool
    // keeps every client it opened, idle or not, in `_clients`).
    for (const pooled of (pool as { _clients?: unknown[] })._clients ?? []) seen(pooled);
  };
  if (database.kind === 'postgres') {
    wrapPool(client as PoolLike);
    // The pipelined connections (the ledger's group commit) too.
    if (database.pipeline) wrapPool(database.pipeline.pool as PoolLike);
    if (database.reads) wrapPool(database.reads.pool as PoolLike);
  } else {
    const pglite = client as PgliteLike;
    wrap(pglite);
    const transaction = pglite.transaction;
    pglite.transaction = function loggedTransaction(this: unknown, callback) {
      return transaction.call(this, async (tx) => {
        texts.push('BEGIN');
        wrap(tx);
        try {
          const result = await callback(tx);
          texts.push('COMMIT');
          return result;
        } catch (error) {
          texts.push('ROLLBACK');
          throw error;
        }
      });
    };
    restore.push(() => {
      pglite.transaction = transaction;
    });
  }
  return {
    texts,
    stop() {
      for (const undo of restore.reverse()) undo();
    },
  };
}

import { DrizzleQueryError } from 'drizzle-orm/errors';
import type { Db } from './database';
import { isDatabaseError } from './errors';
import type { PipelinePool, PipelineSession } from './pipeline';

/**
 * Short independent reads sent on one held connection in pipeline mode, those asked for in the same turn of the
 * event loop leaving in one write (the socket is corked until the turn's check phase). Each read is its own
 * statement with its own Sync, so its own implicit transaction and its own answer or error, as on the pool.
 *
 * Why: under load most of the server's time spent on a read that PostgreSQL answers in microseconds is the system
 * call that writes it (on loopback, the kernel delivers it to the backend inside that call) and the backend's wake-up.
 * Reads from the requests of one turn (a gateway callback's look at its deposit and nonce) share both.
 *
 * A read that fails with the connection (lost, terminated) is read again on the ordinary pool, once: a read
 * changes nothing, so repeating it is safe; the held connection is let go and the next read takes a new one. The
 * connection is also let go after `idleMs` without reads (the pool then closes it), so no connection sits idle for
 * hours where a firewall may drop it silently.
 *
 * Single statements only: a read runs in its own implicit transaction, beside other requests' reads. Never open a
 * transaction on the handle `run` gives (its BEGIN would take in the reads sent after it).
 */
export type BatchedReads = {
  run<T>(read: (db: Db) => Promise<T>): Promise<T>;
  /** Lets the held connection go (before its pool ends). */
  close(): void;
  /** The node-postgres pool underneath (tests log its statements). */
  readonly pool: unknown;
};

export function createBatchedReads(pipeline: PipelinePool, fallback: Db, idleMs = 30_000): BatchedReads {
  let session: PipelineSession | null = null;
  let reading = 0;
  // Lets the held connection go once no read came for `idleMs` (re-armed by each read), none being answered.
  const idle = setTimeout(() => {
    if (reading === 0) letGo(false);
    else idle.refresh();
  }, idleMs);
  idle.unref();
  let acquiring: Promise<PipelineSession> | null = null;
  let corked = false;
  let closed = false;

  function letGo(broken: boolean) {
    session?.release(broken);
    session = null;
  }

  async function held(): Promise<PipelineSession> {
    if (session?.failed) letGo(true);
    if (session) return session;
    acquiring ??= pipeline.acquire().then(
      (fresh) => {
        acquiring = null;
        if (closed) {
          fresh.release(false);
          throw new Error('batched reads closed');
        }
        session = fresh;
        return fresh;
      },
      (error: unknown) => {
        acquiring = null;
        throw error;
      },
    );
    return acquiring;
  }

  return {
    pool: pipeline.pool,
    async run(read) {
      if (closed) return read(fallback);
      let current: PipelineSession;
      try {
        current = await held();
      } catch {
        return read(fallback);
      }
      if (!corked) {
        corked = true;
        // Corked until this turn's check phase: every read handed over before then leaves in one write.
        void current.batch(
          () =>
            new Promise<void>((resolve) =>
              setImmediate(() => {
                corked = false;
                resolve();
              }),
            ),
        );
      }
      idle.refresh();
      reading += 1;
      try {
        return await read(current.db);
      } catch (error) {
        // Only a failure of the driver that PostgreSQL did not answer (the connection) is read again; an error of
        // the read's own code after its answer is its own.
        const lost = current.failed || (error instanceof DrizzleQueryError && !isDatabaseError(error));
        if (!lost) throw error;
        if (session === current) letGo(true);
        return read(fallback);
      } finally {
        reading -= 1;
      }
    },
    close() {
      closed = true;
      clearTimeout(idle);
      letGo(false);
    },
  };
}

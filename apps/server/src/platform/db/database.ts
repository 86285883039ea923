import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { autoPrepareClient, createStatementNamer } from './auto-prepare';
import { type BatchedReads, createBatchedReads } from './batched-reads';
import { createPipelinePool, type PipelinePool } from './pipeline';
import { findDatabaseTemplate } from './template';

/** The Drizzle handle every repository uses; the same type whether PGlite or PostgreSQL is underneath. */
export type Db = PgDatabase<PgQueryResultHKT>;
// biome-ignore lint/suspicious/noExplicitAny: the transaction's schema generics are not used by repositories.
export type Tx = PgTransaction<PgQueryResultHKT, any, any>;
/** Repository functions take either the root handle or a transaction opened by a service. */
export type DbOrTx = Db | Tx;

export type Database = {
  readonly db: Db;
  readonly kind: 'pglite' | 'postgres';
  /** The PostgreSQL connection string (for what needs its own session, such as the job leader lock); null on PGlite. */
  readonly connectionString: string | null;
  /**
   * Connections in pipeline mode, for writers that send a whole transaction at once (the ledger's group commit);
   * absent on PGlite, which answers each statement as it is asked.
   */
  readonly pipeline?: PipelinePool;
  /**
   * Short reads on a held pipelined connection, those of one turn of the event loop sent in one write
   * (batched-reads.ts), for the hottest read-before-write paths; absent on PGlite.
   */
  readonly reads?: BatchedReads;
  /** Runs `select 1`; rejects when the database cannot answer. */
  ping(): Promise<void>;
  migrate(): Promise<void>;
  close(): Promise<void>;
};

export type DatabaseOptions =
  | {
      kind: 'postgres';
      url: string;
      poolMax: number;
      /** Name repeated parameterised statements (auto-prepare.ts); default true. False behind PgBouncer < 1.21 in transaction mode. */
      autoPrepare?: boolean;
      /**
       * Open the pipelined connections (`pipeline`, `reads`); default true. False behind a proxy that does not let a
       * client send a statement before the earlier ones are answered.
       */
      pipeline?: boolean;
    }
  | { kind: 'pglite'; dataDir: string | null };

/**
 * Finds the committed migration folder (apps/server/drizzle) from wherever this file runs:
 * the TypeScript source under src/platform/db or the bundled dist/main.js.
 */
export function findMigrationsFolder(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (let depth = 0; depth < 6; depth += 1) {
    const candidate = path.join(dir, 'drizzle');
    if (existsSync(path.join(candidate, 'meta', '_journal.json'))) return candidate;
    dir = path.dirname(dir);
  }
  throw new Error('migrations folder (drizzle/meta/_journal.json) not found above the server code');
}

/**
 * The unpacked template handed to PGlite, which reads it only through `arrayBuffer()`: a Blob made from the bytes
 * would copy them once in and once more, in small chunks, on the way out (together a few hundred ms at start).
 */
class BytesBlob extends Blob {
  readonly #bytes: Uint8Array;
  constructor(bytes: Uint8Array) {
    super([]);
    this.#bytes = bytes;
  }
  override arrayBuffer(): Promise<ArrayBuffer> {
    const bytes = this.#bytes;
    const whole = bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength;
    return Promise.resolve((whole ? bytes.buffer : bytes.slice().buffer) as ArrayBuffer);
  }
}

/** Opens PostgreSQL through a node-postgres pool, or embedded PGlite (persisted in dataDir, or in memory). */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  const migrationsFolder = findMigrationsFolder();
  if (options.kind === 'postgres') {
    // Loaded only for PostgreSQL: the embedded database's start does not pay for node-postgres.
    const [{ default: pg }, { drizzle: drizzleNodePg }, { migrate: migrateNodePg }] = await Promise.all([
      import('pg'),
      import('drizzle-orm/node-postgres'),
      import('drizzle-orm/node-postgres/migrator'),
    ]);
    const pool = new pg.Pool({ connectionString: options.url, max: options.poolMax });
    // An idle client losing its connection must not crash the process; the next query reconnects.
    pool.on('error', () => {});
    // Connections in pipeline mode, unless turned off: one for writers that pipeline a transaction (pipeline.ts;
    // one, as the ledger's group commit writes one group at a time), and one, held, for batched reads
    // (batched-reads.ts).
    const pipelining = options.pipeline !== false;
    const pipelinedPool = () => {
      // TCP keepalive: the batched reads hold theirs while reads come (batched-reads.ts lets it go after 30 s
      // without), and a connection a firewall dropped is found out by the probes, not by a read that never returns.
      const opened = new pg.Pool({ connectionString: options.url, max: 1, pipeline: true, keepAlive: true });
      opened.on('error', () => {});
      return opened;
    };
    const pipelined = pipelining ? pipelinedPool() : null;
    const readsPool = pipelining ? pipelinedPool() : null;
    // Repeated parameterised statements become named prepared statements: parsed once per connection, not on
    // every call (see auto-prepare.ts). One namer for the pools, so a text has the same name on every connection.
    if (options.autoPrepare !== false) {
      const namer = createStatementNamer();
      for (const each of [pool, pipelined, readsPool]) {
        each?.on('connect', (client) => autoPrepareClient(client as never, namer));
      }
    }
    const db = drizzleNodePg(pool) as unknown as Db;
    const overPipelined = (client: unknown) => drizzleNodePg(client as never) as unknown as Db;
    const pipeline = pipelined ? createPipelinePool(pipelined as never, overPipelined) : undefined;
    const readsPipeline = readsPool ? createPipelinePool(readsPool as never, overPipelined) : undefined;
    const reads = readsPipeline ? createBatchedReads(readsPipeline, db) : undefined;
    return {
      db,
      kind: 'postgres',
      connectionString: options.url,
      ...(pipeline ? { pipeline } : {}),
      ...(reads ? { reads } : {}),
      ping: async () => {
        await pool.query('select 1');
      },
      migrate: () => migrateNodePg(db as never, { migrationsFolder }),
      close: async () => {
        reads?.close();
        await Promise.all([pool.end(), pipeline?.close(), readsPipeline?.close()]);
      },
    };
  }
  if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
  // A new database starts from the migrated template when one was built (see template.ts), skipping initdb.
  const fresh = !options.dataDir || !existsSync(path.join(options.dataDir, 'PG_VERSION'));
  const template = fresh ? findDatabaseTemplate(migrationsFolder) : null;
  // Unzipped here by Node's native zlib: PGlite's own (JavaScript) gunzip of the same file takes ~0.3 s longer.
  const loadDataDir = template ? new BytesBlob(gunzipSync(readFileSync(template))) : undefined;
  const client = options.dataDir
    ? new PGlite(options.dataDir, { loadDataDir })
    : new PGlite(loadDataDir ? { loadDataDir } : undefined);
  await client.waitReady;
  const db = drizzlePglite(client) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    connectionString: null,
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    migrate: () => migratePglite(db as never, { migrationsFolder }),
    close: () => client.close(),
  };
}

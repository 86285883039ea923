import { createHash } from 'node:crypto';
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';

/**
 * A fresh PGlite database costs an `initdb` (about 2.4 s of CPU here) plus the migrations. A template is
 * that result dumped once (PGlite's `dumpDataDir`) and unpacked into every new database instead
 * (`loadDataDir`, about 0.8 s): the first `npm start` and every server test file start from it. The
 * migrator still runs after loading, so a template older than the migration history is brought up to date,
 * and the file name carries the PGlite version and a hash of the migrations it holds, so a stale or
 * foreign template is never picked up.
 */
export function databaseTemplateName(migrationsFolder: string): string {
  const hash = createHash('sha256');
  hash.update(pgliteVersion());
  // What the template holds besides the migrations: since v2, only the `postgres` database (see below).
  hash.update('template v2');
  const journal = readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8');
  hash.update(journal);
  for (const entry of (JSON.parse(journal) as { entries: { tag: string }[] }).entries) {
    hash.update(readFileSync(path.join(migrationsFolder, `${entry.tag}.sql`)));
  }
  return `pglite-template-${hash.digest('hex').slice(0, 16)}.tar.gz`;
}

function pgliteVersion(): string {
  const require = createRequire(import.meta.url);
  const entry = require.resolve('@electric-sql/pglite');
  let dir = path.dirname(entry);
  while (!existsSync(path.join(dir, 'package.json'))) dir = path.dirname(dir);
  return (JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as { version: string }).version;
}

/** Where templates are looked for: next to the running code (the server bundle's dist/), then the temp folder. */
export function databaseTemplateCandidates(migrationsFolder: string): string[] {
  const name = databaseTemplateName(migrationsFolder);
  return [path.join(path.dirname(fileURLToPath(import.meta.url)), name), path.join(os.tmpdir(), name)];
}

export function findDatabaseTemplate(migrationsFolder: string): string | null {
  return databaseTemplateCandidates(migrationsFolder).find((candidate) => existsSync(candidate)) ?? null;
}

/** Builds the template for the current migration history into `file` (written atomically). */
export async function buildDatabaseTemplate(migrationsFolder: string, file: string): Promise<void> {
  const client = new PGlite();
  try {
    await migrate(drizzle(client), { migrationsFolder });
    // PGlite only ever opens `postgres`: initdb's template databases (template0, template1) are dropped, which
    // takes some 600 of 1,300 files out of what a first start writes to disk (file creation is most of its cost).
    for (const name of ['template0', 'template1']) {
      await client.exec(`ALTER DATABASE ${name} IS_TEMPLATE false`);
      await client.exec(`DROP DATABASE ${name}`);
    }
    const dump = await client.dumpDataDir('gzip');
    const partial = `${file}.${process.pid}.partial`;
    writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
    renameSync(partial, file);
  } finally {
    await client.close();
  }
}

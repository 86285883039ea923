import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { findMigrationsFolder, openDatabase } from './database';
import { findDatabaseTemplate } from './template';

describe('PGlite template (a first start on fresh data)', () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'portal-template-test-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('opens a persisted database from the template with every migration applied and only the postgres database', async () => {
    // The server project's global setup builds the template before any test file runs.
    expect(findDatabaseTemplate(findMigrationsFolder())).not.toBeNull();
    const database = await openDatabase({ kind: 'pglite', dataDir });
    try {
      await database.migrate();
      const databases = (await database.db.execute(sql`select datname from pg_database order by datname`)) as {
        rows: unknown[];
      };
      expect(databases.rows).toEqual([{ datname: 'postgres' }]);
      const applied = (await database.db.execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`)) as {
        rows: unknown[];
      };
      const journal = readdirSync(path.join(findMigrationsFolder())).filter((name) => name.endsWith('.sql'));
      expect(applied.rows[0]).toEqual({ n: journal.length });
    } finally {
      await database.close();
    }
    // Only the one database's files were written: initdb's template databases (base/1, base/4) are not there.
    expect(readdirSync(path.join(dataDir, 'base'))).toEqual(['5']);
    // And it opens again from what it wrote.
    const again = await openDatabase({ kind: 'pglite', dataDir });
    try {
      await again.ping();
    } finally {
      await again.close();
    }
  });
});

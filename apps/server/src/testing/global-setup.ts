import { readdirSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { findMigrationsFolder } from '../platform/db/database';
import { buildDatabaseTemplate, databaseTemplateName, findDatabaseTemplate } from '../platform/db/template';

/**
 * Vitest global setup of the server project: builds the migrated PGlite template once per migration history,
 * so each test file's fresh database is unpacked from it instead of running initdb and every migration.
 */
export default async function setup(): Promise<void> {
  const migrationsFolder = findMigrationsFolder();
  if (findDatabaseTemplate(migrationsFolder)) return;
  const name = databaseTemplateName(migrationsFolder);
  await buildDatabaseTemplate(migrationsFolder, path.join(os.tmpdir(), name));
  // Templates of earlier migration histories: removed once they are an hour old (another run may still use one).
  for (const entry of readdirSync(os.tmpdir())) {
    if (!entry.startsWith('pglite-template-') || entry === name) continue;
    const file = path.join(os.tmpdir(), entry);
    if (Date.now() - statSync(file).mtimeMs > 3_600_000) rmSync(file, { force: true });
  }
}

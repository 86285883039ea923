// Run by build.mjs after bundling: writes the migrated PGlite template next to the bundle (dist/), so the
// first `npm start` on fresh data skips initdb and the migrations (see template.ts).
import { readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { findMigrationsFolder } from './database';
import { buildDatabaseTemplate, databaseTemplateName } from './template';

const migrationsFolder = findMigrationsFolder();
const file = path.join(path.dirname(fileURLToPath(import.meta.url)), databaseTemplateName(migrationsFolder));
await buildDatabaseTemplate(migrationsFolder, file);
// Templates of earlier migration histories or PGlite versions are never picked up again (their names differ).
for (const name of readdirSync(path.dirname(file))) {
  if (/^pglite-template-[0-9a-f]{16}\.tar\.gz$/.test(name) && name !== path.basename(file)) {
    rmSync(path.join(path.dirname(file), name), { force: true });
  }
}
console.info(`database template: ${path.relative(process.cwd(), file)}`);

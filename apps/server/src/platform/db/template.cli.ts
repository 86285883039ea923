// Run by build.mjs after bundling: writes the migrated PGlite template next to the bundle (dist/), so the
// first `npm start` on fresh data skips initdb and the migrations (see template.ts).
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { findMigrationsFolder } from './database';
import { buildDatabaseTemplate, databaseTemplateName } from './template';

const migrationsFolder = findMigrationsFolder();
const file = path.join(path.dirname(fileURLToPath(import.meta.url)), databaseTemplateName(migrationsFolder));
await buildDatabaseTemplate(migrationsFolder, file);
console.info(`database template: ${path.relative(process.cwd(), file)}`);

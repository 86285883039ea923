import { defineConfig } from 'drizzle-kit';

/** Migrations are generated from every module's tables file and committed under drizzle/. */
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/modules/*/*.tables.ts',
  out: './drizzle',
  casing: 'snake_case',
});

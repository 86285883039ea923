/**
 * The permission response's schema on its own, for `permission.ts` to import on demand: zod and the schema are about
 * 25 KB gzip of code that would otherwise be downloaded, parsed and run before the first render, in the same task as
 * React. Imported dynamically, it downloads beside the start-up scripts and runs in a task of its own, before the
 * answer it checks arrives.
 */
export { permissionResponseSchema } from '@portal/contract';

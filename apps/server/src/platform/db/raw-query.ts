import { type Query, SQL, StringChunk } from 'drizzle-orm';
import type { DbOrTx } from './database';

/**
 * Raw statements (the repositories' `sql`…`` texts, among them the hottest: a ledger transfer written as one
 * statement, a gateway callback's first read), turned into text and parameters by a walk that knows only what they
 * are made of: text, nested `sql` fragments and plain parameter values. Drizzle's own builder asks every chunk in
 * turn whether it is a table, a column, a view, a parameter, a placeholder and more, and builds and merges a small
 * result object per chunk: with the statements' hundred-odd chunks that was ~9% of the server's CPU time per gateway
 * callback (bench/wallet-http.mjs profile, 2026-11-29). Anything else in a statement (a column, a table, a `Param`
 * with its encoder, an array, an object) sends the statement through Drizzle's builder as before, so the text and
 * parameters are always what Drizzle would have built.
 */
export function rawQuery(statement: SQL): Query | null {
  const text: string[] = [];
  const params: unknown[] = [];
  return walk(statement, text, params) ? { sql: text.join(''), params } : null;
}

function walk(statement: SQL, text: string[], params: unknown[]): boolean {
  // `sql`…`.inlineParams()` writes its values into the text: Drizzle's way.
  if ((statement as unknown as { shouldInlineParams: boolean }).shouldInlineParams) return false;
  for (const chunk of statement.queryChunks) {
    if (chunk instanceof StringChunk) {
      text.push(chunk.value.length === 1 ? (chunk.value[0] as string) : chunk.value.join(''));
    } else if (chunk instanceof SQL) {
      if (!walk(chunk, text, params)) return false;
    } else if (chunk === undefined) {
      // Drizzle writes nothing for it.
    } else if (
      chunk === null ||
      typeof chunk === 'string' ||
      typeof chunk === 'number' ||
      typeof chunk === 'bigint' ||
      typeof chunk === 'boolean'
    ) {
      params.push(chunk);
      text.push(`$${params.length}`);
    } else {
      return false;
    }
  }
  return true;
}

/** Runs a raw statement and gives its rows (PGlite and node-postgres both answer `{ rows }`). */
export async function rowsOf<T>(db: DbOrTx, statement: SQL): Promise<T[]> {
  const query = rawQuery(statement);
  const result = query
    ? await db._.session.prepareQuery(query, undefined, undefined, false).execute()
    : await db.execute(statement);
  return (result as unknown as { rows: T[] }).rows;
}

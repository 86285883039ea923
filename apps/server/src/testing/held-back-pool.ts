import { drizzle } from 'drizzle-orm/node-postgres';
import type { Db } from '../platform/db/database';
import { createPipelinePool } from '../platform/db/pipeline';

type Answer = { rows: unknown[]; rowCount: number; command: string; fields: unknown[] };

/**
 * A stand-in for a pipelined node-postgres pool of one client: it records each statement it is handed and holds
 * every answer back until the test gives it (`answerAll`), as a server that has not replied yet would. A COMMIT is
 * answered as committed unless `answerAll({ commitAs: 'ROLLBACK' })` (PostgreSQL's answer in an aborted
 * transaction); `failAll(error)` fails every statement waiting, as a lost connection does.
 */
export function heldBackPool() {
  const texts: string[] = [];
  const answers: Array<{ text: string; resolve: (answer: Answer) => void; reject: (error: unknown) => void }> = [];
  const released: Array<Error | boolean | undefined> = [];
  /** For each statement, whether the socket was corked when it was handed over (sent in one write with others). */
  const corked: boolean[] = [];
  let corks = 0;
  // A new connection after one was closed (released with an error), as a real pool opens one.
  const newClient = () => ({
    connection: {
      stream: {
        cork() {
          corks += 1;
        },
        uncork() {
          corks -= 1;
        },
      },
    },
    query(config: unknown) {
      const text = typeof config === 'string' ? config : String((config as { text?: unknown }).text);
      texts.push(text.trim().replace(/\s+/g, ' ').toLowerCase());
      corked.push(corks > 0);
      return new Promise((resolve, reject) => {
        answers.push({ text: texts.at(-1) ?? '', resolve, reject });
      });
    },
    release(error?: Error | boolean) {
      released.push(error);
      if (error) client = newClient();
    },
  });
  let client = newClient();
  const pool = createPipelinePool(
    { connect: async () => client, end: async () => {} },
    (queryable) => drizzle({ client: queryable as never }) as unknown as Db,
  );
  return {
    pool,
    texts,
    corked,
    get corks() {
      return corks;
    },
    answerAll(options: { commitAs?: 'COMMIT' | 'ROLLBACK' } = {}) {
      for (const { text, resolve } of answers.splice(0)) {
        const command =
          text === 'commit' ? (options.commitAs ?? 'COMMIT') : text === 'rollback' ? 'ROLLBACK' : 'SELECT';
        resolve({ rows: [], rowCount: 0, command, fields: [] });
      }
    },
    failAll(error: unknown) {
      for (const { reject } of answers.splice(0)) reject(error);
    },
    released,
  };
}

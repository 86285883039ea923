import { drizzle } from 'drizzle-orm/node-postgres';
import type { Db } from '../platform/db/database';
import { createPipelinePool } from '../platform/db/pipeline';

/**
 * A stand-in for a pipelined node-postgres pool of one client: it records each statement it is handed and holds
 * every answer back until the test gives it (`answerAll`), as a server that has not replied yet would.
 */
export function heldBackPool() {
  const texts: string[] = [];
  const answers: Array<() => void> = [];
  const released: Array<Error | boolean | undefined> = [];
  /** For each statement, whether the socket was corked when it was handed over (sent in one write with others). */
  const corked: boolean[] = [];
  let corks = 0;
  const client = {
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
      return new Promise((resolve) => {
        answers.push(() => resolve({ rows: [], rowCount: 0, command: 'SELECT', fields: [] }));
      });
    },
    release(error?: Error | boolean) {
      released.push(error);
    },
  };
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
    answerAll() {
      for (const answer of answers.splice(0)) answer();
    },
    released,
  };
}

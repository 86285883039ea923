import type { Db } from '../../platform/db';
import type { IdempotencyRecord, IdempotencyStorage } from '../../platform/idempotency';
import * as repo from './wallet.repository';

function toRecord(row: repo.IdempotencyKeyRow): IdempotencyRecord {
  return {
    requestHash: row.requestHash,
    state: row.state as IdempotencyRecord['state'],
    statusCode: row.statusCode,
    contentType: row.contentType,
    body: row.body,
  };
}

/**
 * The PostgreSQL storage of the platform's HTTP idempotency plugin (table `wallet_idempotency_keys`): a claim is
 * one INSERT … ON CONFLICT, so two server instances racing for a key cannot both win it.
 */
export function createWalletIdempotencyStorage(deps: { db: Db }): IdempotencyStorage & {
  /** Forgets answers older than the cut-off (a scheduled job calls it; keys are meant for retries, not forever). */
  purge(olderThan: Date): Promise<number>;
} {
  return {
    async claim(input) {
      // The holder can release between our insert and our read; a few rounds settle who has the key.
      for (let round = 0; round < 3; round += 1) {
        if (await repo.claimIdempotencyKey(deps.db, input)) return { claimed: true };
        const existing = await repo.findIdempotencyKey(deps.db, input.scope, input.key);
        if (existing) return { claimed: false, record: toRecord(existing) };
      }
      return {
        claimed: false,
        record: {
          requestHash: input.requestHash,
          state: 'in_progress',
          statusCode: null,
          contentType: null,
          body: null,
        },
      };
    },
    complete: (scope, key, response) => repo.completeIdempotencyKey(deps.db, scope, key, response),
    release: (scope, key) => repo.releaseIdempotencyKey(deps.db, scope, key),
    purge: (olderThan) => repo.purgeIdempotencyKeys(deps.db, olderThan),
  };
}

import { expect } from 'vitest';
import type { Database } from '../../platform/db';
import { createTestDatabase } from '../../testing';
import { createWalletService, type WalletService } from './wallet.service';

export const currency = 'BDT';
export const merchantCode = 'DEMO';

export type Ledger = {
  database: Database;
  wallet: WalletService;
  /** House account players deposit from (a payment clearing account, allowed to go negative). */
  clearing: number;
  /** A fresh player cash account, optionally funded from the clearing account. */
  player(fundsMinor?: bigint): Promise<number>;
  /** Fails the test with the breaches listed when the ledger does not reconcile. */
  expectReconciled(): Promise<void>;
  close(): Promise<void>;
};

let nextPlayerId = 1;

/** A fresh migrated database (PGlite, or PostgreSQL with TEST_DATABASE_URL) with the wallet service on it. */
export async function openLedger(options: { onRaceLost?: (error: unknown) => void } = {}): Promise<Ledger> {
  const database = await createTestDatabase();
  const wallet = createWalletService({
    db: database.db,
    merchantCode,
    pipeline: database.pipeline,
    ...options,
  });
  const clearing = (await wallet.ensureAccount({ type: 'house' }, 'PAYMENT_CLEARING', currency)).id;
  return {
    database,
    wallet,
    clearing,
    async player(fundsMinor = 0n) {
      const playerId = nextPlayerId;
      nextPlayerId += 1;
      const account = await wallet.ensureAccount({ type: 'player', id: playerId }, 'PLAYER_CASH', currency);
      if (fundsMinor > 0n) {
        await wallet.transfer({
          idempotencyKey: `fund-${account.id}`,
          debit: clearing,
          credit: account.id,
          amountMinor: fundsMinor,
          currency,
          kind: 'DEPOSIT',
        });
      }
      return account.id;
    },
    async expectReconciled() {
      const report = await wallet.verifyLedger();
      expect(report.breaches).toEqual([]);
      expect(report.ok).toBe(true);
      for (const net of Object.values(report.netByCurrency)) expect(net).toBe('0');
    },
    close: () => database.close(),
  };
}

/** The catalogue codes of the rejected results, counted. */
export function countOutcomes(results: PromiseSettledResult<unknown>[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const result of results) {
    const code =
      result.status === 'fulfilled' ? 'ok' : String((result.reason as { code?: unknown }).code ?? result.reason);
    counts[code] = (counts[code] ?? 0) + 1;
  }
  return counts;
}

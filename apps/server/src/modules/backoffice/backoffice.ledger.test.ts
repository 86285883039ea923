import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BackofficeTestApp, buildBackofficeTestApp, createOperatorAndSignIn } from './backoffice.test-helpers';

describe('back office: ledger reconciliation', () => {
  let bo: BackofficeTestApp;
  let owner: string;

  beforeAll(async () => {
    bo = await buildBackofficeTestApp();
    owner = await bo.signIn('owner');
  }, 60_000);
  afterAll(() => bo.app.close());

  it('reconciles the ledger for operators who may read the audit, and for nobody else', async () => {
    const asOwner = await bo.call('GET', '/ledger/verify', { cookie: owner });
    expect(asOwner.statusCode).toBe(200);
    expect(asOwner.json().value).toMatchObject({ ok: true, breaches: [] });
    expect((await bo.call('GET', '/ledger/verify')).statusCode).toBe(401);
    const support = await createOperatorAndSignIn(bo, owner, 'support.ledger', 'support');
    expect((await bo.call('GET', '/ledger/verify', { cookie: support })).statusCode).toBe(403);
  });

  it('reports a breach of the ledger to the operator', async () => {
    const wallet = bo.app.services.wallet;
    const house = await wallet.ensureAccount({ type: 'house' }, 'PAYMENT_CLEARING', 'BDT');
    const player = await wallet.ensureAccount({ type: 'player', id: 42 }, 'PLAYER_CASH', 'BDT');
    await wallet.transfer({
      idempotencyKey: 'bo-ledger-1',
      debit: house.id,
      credit: player.id,
      amountMinor: 500n,
      currency: 'BDT',
      kind: 'DEPOSIT',
    });
    // Cached balances are the one mutable part of the ledger; corrupt one as a broken writer would.
    await bo.app.database.db.execute(sql`update wallet_accounts set balance = balance + 1 where id = ${player.id}`);
    const report = (await bo.call('GET', '/ledger/verify', { cookie: owner })).json().value;
    expect(report.ok).toBe(false);
    expect(report.breaches.length).toBeGreaterThan(0);
  });
});

import { randomBytes, randomUUID } from 'node:crypto';
import type { Adjustment, AuditEntry } from '@portal/contract';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adjustmentTransferKey } from './backoffice.adjustments.service';
import { type BackofficeTestApp, buildBackofficeTestApp, createOperatorAndSignIn } from './backoffice.test-helpers';

/** BO_ADJUSTMENT_APPROVAL_THRESHOLD_MINOR of these tests: 100.00 BDT. */
const thresholdMinor = 10_000n;

let bo: BackofficeTestApp;
let app: FastifyInstance;
let owner: string;
let financeA: string;
let financeB: string;
let support: string;

async function newPlayer(funds = 0n): Promise<number> {
  const account = await app.services.identity.createAccount({
    username: `thr${randomBytes(4).toString('hex')}`,
    password: 'Secret#2026',
    type: 0,
  });
  if (funds > 0n) {
    const { wallet } = app.services;
    const [clearing, cash] = await Promise.all([
      wallet.ensureAccount({ type: 'house' }, 'PAYMENT_CLEARING', 'BDT'),
      wallet.ensureAccount({ type: 'player', id: account.id }, 'PLAYER_CASH', 'BDT'),
    ]);
    await wallet.transfer({
      idempotencyKey: `thr-test-fund:${randomBytes(8).toString('hex')}`,
      debit: clearing.id,
      credit: cash.id,
      amountMinor: funds,
      currency: 'BDT',
      kind: 'DEPOSIT',
    });
  }
  return account.id;
}

async function cash(playerId: number): Promise<bigint> {
  return (await app.services.wallet.ensureAccount({ type: 'player', id: playerId }, 'PLAYER_CASH', 'BDT')).balanceMinor;
}

function adjust(cookie: string, playerId: number, direction: 'credit' | 'debit', amount: string) {
  return bo.call('POST', '/adjustments', {
    cookie,
    body: { playerId, direction, amount, reason: 'compensation', note: 'Ticket 5150' },
    headers: { 'idempotency-key': randomUUID() },
  });
}

async function auditOf(target: string): Promise<AuditEntry[]> {
  const response = await bo.call('GET', `/audit?target=${encodeURIComponent(target)}&pageSize=50`, { cookie: owner });
  return response.json().value.items;
}

async function expectLedgerOk() {
  const report = await app.services.wallet.verifyLedger();
  expect(report.breaches).toEqual([]);
  expect(report.ok).toBe(true);
}

beforeAll(async () => {
  bo = await buildBackofficeTestApp({ config: { boAdjustmentApprovalThresholdMinor: thresholdMinor } });
  app = bo.app;
  owner = await bo.signIn('owner');
  financeA = await createOperatorAndSignIn(bo, owner, 'thr_alice', 'finance');
  financeB = await createOperatorAndSignIn(bo, owner, 'thr_bob', 'finance');
  support = await createOperatorAndSignIn(bo, owner, 'thr_sam', 'support');
}, 120_000);

afterAll(async () => {
  await app?.close();
});

describe('manual adjustments with an approval threshold', () => {
  it('tells the console the threshold', async () => {
    const response = await bo.call('GET', '/adjustments/policy', { cookie: support });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().value).toEqual({
      currency: 'BDT',
      approvalThreshold: { amount: '100.00', minor: '10000' },
      directWindowHours: 24,
      windowTotal: null,
    });
  });

  it("tells the console a player's direct total in the window: credits and debits add up, waiting ones do not", async () => {
    const playerId = await newPlayer(5_000n);
    const policy = async () => {
      const response = await bo.call('GET', `/adjustments/policy?playerId=${playerId}`, { cookie: support });
      expect(response.statusCode, response.body).toBe(200);
      return response.json().value.windowTotal;
    };
    expect(await policy()).toEqual({ amount: '0.00', minor: '0' });
    expect((await adjust(financeA, playerId, 'credit', '30.00')).json().value.direct).toBe(true);
    const debit = (await adjust(financeA, playerId, 'debit', '20.00')).json().value as Adjustment;
    expect(debit.direct).toBe(true);
    expect(await policy()).toEqual({ amount: '50.00', minor: '5000' });
    // One finished by another operator after its request died (the stale-claim approve names a decider): still a
    // direct adjustment, and still in the window.
    await app.database.db.execute(
      sql`update backoffice_adjustments a set decided_by = (select o.id from backoffice_operators o where o.id <> a.proposed_by order by o.id limit 1) where a.id = ${debit.id}`,
    );
    expect(await policy()).toEqual({ amount: '50.00', minor: '5000' });
    const listed = await bo.call('GET', `/adjustments?playerId=${playerId}`, { cookie: support });
    expect((listed.json().value.items as Adjustment[]).find((item) => item.id === debit.id)).toMatchObject({
      direct: true,
      approvalReason: null,
    });
    // 60.00 more would make 110.00 in the window: it waits, and a waiting one does not count.
    const held = (await adjust(financeA, playerId, 'credit', '60.00')).json().value;
    expect(held).toMatchObject({ status: 'pending', approvalReason: 'window_total' });
    expect(await policy()).toEqual({ amount: '50.00', minor: '5000' });
    const refused = await bo.call('GET', '/adjustments/policy?playerId=abc', { cookie: support });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().code).toBe('VALIDATION_FAILED');
  });

  it('applies an adjustment at the threshold at once, once, audited, with nobody else deciding', async () => {
    const playerId = await newPlayer();
    const response = await adjust(financeA, playerId, 'credit', '100.00');
    expect(response.statusCode, response.body).toBe(200);
    const adjustment = response.json().value as Adjustment;
    expect(adjustment).toMatchObject({ status: 'approved', direct: true, proposedBy: 'thr_alice', decidedBy: null });
    expect(adjustment.decidedAt).not.toBeNull();
    expect(await cash(playerId)).toBe(10_000n);
    const transfer = await app.services.wallet.getTransferByKey(adjustmentTransferKey(adjustment.id));
    expect(transfer?.id).toBe(adjustment.ledgerTransferId);
    expect(transfer?.kind).toBe('ADJUSTMENT');

    // Nothing is left to decide: another operator's approval moves nothing more.
    const again = await bo.call('POST', `/adjustments/${adjustment.id}/approve`, { cookie: financeB, body: {} });
    expect(again.json().code).toBe('BO_ADJUSTMENT_NOT_PENDING');
    expect(await cash(playerId)).toBe(10_000n);
    const pending = await bo.call('GET', `/adjustments?status=pending&playerId=${playerId}`, { cookie: owner });
    expect(pending.json().value.total).toBe(0);

    const entries = await auditOf(`adjustment:${adjustment.id}`);
    expect(entries.map((entry) => entry.action).sort()).toEqual([
      'players.adjustment.applied',
      'players.adjustment.proposed',
    ]);
    const applied = entries.find((entry) => entry.action === 'players.adjustment.applied');
    expect(applied?.operatorUsername).toBe('thr_alice');
    expect(applied?.after).toMatchObject({ status: 'approved', amountMinor: '10000', decidedBy: null });
    await expectLedgerOk();
  });

  it('keeps an adjustment above the threshold for a second operator, never its proposer', async () => {
    const playerId = await newPlayer();
    const response = await adjust(financeA, playerId, 'credit', '100.01');
    const adjustment = response.json().value as Adjustment;
    expect(adjustment).toMatchObject({ status: 'pending', direct: false, decidedBy: null });
    expect(await cash(playerId)).toBe(0n);
    const own = await bo.call('POST', `/adjustments/${adjustment.id}/approve`, { cookie: financeA, body: {} });
    expect(own.statusCode).toBe(403);
    expect(own.json().code).toBe('BO_ADJUSTMENT_SELF_APPROVAL');
    expect(await cash(playerId)).toBe(0n);
    const approved = await bo.call('POST', `/adjustments/${adjustment.id}/approve`, { cookie: financeB, body: {} });
    expect(approved.json().value).toMatchObject({ status: 'approved', direct: false, decidedBy: 'thr_bob' });
    expect(await cash(playerId)).toBe(10_001n);
    await expectLedgerOk();
  });

  it('refuses a direct debit above the balance with a translated error, moves nothing and records why', async () => {
    const playerId = await newPlayer(5_000n);
    const refused = await bo.call('POST', '/adjustments', {
      cookie: financeA,
      headers: { language: 'bn', 'idempotency-key': randomUUID() },
      body: { playerId, direction: 'debit', amount: '50.01', reason: 'correction', note: 'Duplicate credit' },
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('WALLET_INSUFFICIENT_FUNDS');
    expect(refused.json().message).toMatch(/[\u0980-\u09FF]/);
    expect(await cash(playerId)).toBe(5_000n);
    const list = await bo.call('GET', `/adjustments?playerId=${playerId}`, { cookie: owner });
    const [recorded] = list.json().value.items as Adjustment[];
    expect(recorded).toMatchObject({
      status: 'rejected',
      direct: true,
      rejectReason: 'WALLET_INSUFFICIENT_FUNDS',
      ledgerTransferId: null,
    });
    expect(await app.services.wallet.getTransferByKey(adjustmentTransferKey(recorded?.id ?? 0))).toBeNull();
    expect((await auditOf(`adjustment:${recorded?.id}`)).map((entry) => entry.action)).toContain(
      'players.adjustment.refused',
    );

    // Within the balance it goes through, down to exactly zero.
    const exact = await adjust(financeA, playerId, 'debit', '50.00');
    expect(exact.json().value).toMatchObject({ status: 'approved', direct: true });
    expect(await cash(playerId)).toBe(0n);
    await expectLedgerOk();
  });

  it('lets only roles with the adjustment permission apply one, however small', async () => {
    const playerId = await newPlayer();
    const refused = await adjust(support, playerId, 'credit', '1.00');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('BO_FORBIDDEN');
    const anonymous = await bo.call('POST', '/adjustments', {
      body: { playerId, direction: 'credit', amount: '1.00', reason: 'bonus', note: 'x' },
    });
    expect(anonymous.statusCode).toBe(401);
    // A money-moving call: without an Idempotency-Key a double submit would adjust twice, so none is accepted.
    const keyless = await bo.call('POST', '/adjustments', {
      cookie: financeA,
      body: { playerId, direction: 'credit', amount: '1.00', reason: 'bonus', note: 'x' },
    });
    expect(keyless.statusCode).toBe(400);
    expect(keyless.json().code).toBe('VALIDATION_FAILED');
    expect(await cash(playerId)).toBe(0n);
  });

  it('moves money once when a direct adjustment is retried with the same Idempotency-Key', async () => {
    const playerId = await newPlayer();
    const body = { playerId, direction: 'credit', amount: '20.00', reason: 'bonus', note: 'Retry test' };
    const headers = { 'idempotency-key': `adj-${randomBytes(6).toString('hex')}` };
    const first = await bo.call('POST', '/adjustments', { cookie: financeA, body, headers });
    expect(first.statusCode, first.body).toBe(200);
    const again = await bo.call('POST', '/adjustments', { cookie: financeA, body, headers });
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json().value.id).toBe(first.json().value.id);
    expect(await cash(playerId)).toBe(2_000n);
    const list = await bo.call('GET', `/adjustments?playerId=${playerId}`, { cookie: owner });
    expect(list.json().value.total).toBe(1);

    // The key is the caller's: another body under it is refused, and another operator's same key is their own.
    const changed = await bo.call('POST', '/adjustments', {
      cookie: financeA,
      body: { ...body, amount: '21.00' },
      headers,
    });
    expect(changed.json().code).toBe('IDEMPOTENCY_KEY_REUSED');
    const other = await bo.call('POST', '/adjustments', { cookie: financeB, body, headers });
    expect(other.statusCode, other.body).toBe(200);
    expect(other.headers['idempotent-replayed']).toBeUndefined();
    expect(await cash(playerId)).toBe(4_000n);
    await expectLedgerOk();
  });
});

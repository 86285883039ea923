import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../platform/http/app-error';
import { type BackofficeTestApp, buildBackofficeTestApp, createOperatorAndSignIn } from './backoffice.test-helpers';

/**
 * A direct adjustment whose transfer failed for a passing reason (the wallet gave up after losing races: a 503 that
 * tells the client to retry) is not a refusal by the ledger: the retry under the same Idempotency-Key must go on
 * and move the money, once, instead of finding the adjustment closed as rejected.
 */

const thresholdMinor = 10_000n;

let bo: BackofficeTestApp;
let app: FastifyInstance;
let finance: string;
/** While true, every request gets a key space of its own: as for a key whose lease ran out while its request ran. */
let layerForgets = false;

async function newPlayer(): Promise<number> {
  const account = await app.services.identity.createAccount({
    username: `flt${randomBytes(4).toString('hex')}`,
    password: 'Secret#2026',
    type: 0,
  });
  return account.id;
}

async function cash(playerId: number): Promise<bigint> {
  return (await app.services.wallet.ensureAccount({ type: 'player', id: playerId }, 'PLAYER_CASH', 'BDT')).balanceMinor;
}

beforeAll(async () => {
  bo = await buildBackofficeTestApp({
    config: { boAdjustmentApprovalThresholdMinor: thresholdMinor },
    idempotency: {
      scope: (request) =>
        layerForgets
          ? `forgotten:${randomBytes(8).toString('hex')}`
          : request.operator
            ? `operator:${request.operator.operatorId}`
            : 'public',
    },
  });
  app = bo.app;
  const owner = await bo.signIn('owner');
  finance = await createOperatorAndSignIn(bo, owner, 'flt_alice', 'finance');
}, 120_000);

afterAll(async () => {
  await app?.close();
});

describe('a direct adjustment whose transfer failed for a passing reason', () => {
  // Found in review: `applyDirectly` closed the adjustment as rejected on any AppError, also on a 503 that moved
  // nothing, so the retry found it rejected. Only a ledger refusal (4xx) closes it now.
  it('is finished by the retry under the same key, not closed as rejected', async () => {
    const playerId = await newPlayer();
    const key = `adj-${randomBytes(8).toString('hex')}`;
    const body = { playerId, direction: 'credit', amount: '20.00', reason: 'compensation', note: 'Ticket 9' };
    const { wallet } = app.services;
    const transfer = wallet.transfer;
    // The wallet's answer when a write kept losing races (wallet.service.ts `write`): nothing moved, retry later.
    wallet.transfer = async () => {
      throw new AppError('SERVICE_UNAVAILABLE');
    };
    let first: Awaited<ReturnType<typeof bo.call>>;
    try {
      first = await bo.call('POST', '/adjustments', { cookie: finance, body, headers: { 'idempotency-key': key } });
    } finally {
      wallet.transfer = transfer;
    }
    expect(first.statusCode, first.body).toBe(503);
    expect(await cash(playerId)).toBe(0n);

    // A 5xx: the Idempotency-Key layer gave the key up, so the console's retry runs the proposal again.
    const retry = await bo.call('POST', '/adjustments', { cookie: finance, body, headers: { 'idempotency-key': key } });
    expect(retry.statusCode, retry.body).toBe(200);
    expect(retry.json().value).toMatchObject({ status: 'approved', direct: true });
    expect(await cash(playerId)).toBe(2_000n);
    const report = await wallet.verifyLedger();
    expect(report.breaches).toEqual([]);
  });
});

describe('a direct debit refused by the ledger while a retry of it runs', () => {
  // Found in review: the first request closed the row as rejected after the ledger refused its transfer, not knowing
  // that a retry under the same key (which needs the first request to outlive its 60 s key lease) had meanwhile moved
  // the money under the same ledger key. The ledger decides now: the refusal looks for the key's transfer while it
  // holds the row, and a transfer that lands after a refusal turns the row into an applied one.
  it('never leaves a posted ledger transfer behind a rejected adjustment', async () => {
    const playerId = await newPlayer();
    const { wallet } = app.services;
    const [clearing, cashAccount] = await Promise.all([
      wallet.ensureAccount({ type: 'house' }, 'PAYMENT_CLEARING', 'BDT'),
      wallet.ensureAccount({ type: 'player', id: playerId }, 'PLAYER_CASH', 'BDT'),
    ]);
    const key = `adj-${randomBytes(8).toString('hex')}`;
    const body = { playerId, direction: 'debit', amount: '50.00', reason: 'compensation', note: 'Ticket 10' };
    const transfer = wallet.transfer;
    let adjustmentCalls = 0;
    let firstRefused!: () => void;
    const refused = new Promise<void>((resolve) => {
      firstRefused = resolve;
    });
    let letFirstGoOn!: () => void;
    const firstMayGoOn = new Promise<void>((resolve) => {
      letFirstGoOn = resolve;
    });
    let firstResponse: Promise<Awaited<ReturnType<typeof bo.call>>> | null = null;
    wallet.transfer = async (input) => {
      if (!input.idempotencyKey.startsWith('bo-adjustment:')) return transfer(input);
      adjustmentCalls += 1;
      if (adjustmentCalls === 1) {
        // The first request: the ledger refuses (no money yet); it reports back only once the retry has moved it.
        try {
          return await transfer(input);
        } catch (error) {
          firstRefused();
          await firstMayGoOn;
          throw error;
        }
      }
      // The retry: the money has arrived meanwhile, so the same ledger key now moves it; the first request then
      // records its refusal before the retry records the approval.
      const moved = await transfer(input);
      letFirstGoOn();
      await firstResponse;
      return moved;
    };
    let second: Awaited<ReturnType<typeof bo.call>>;
    layerForgets = true;
    try {
      firstResponse = bo.call('POST', '/adjustments', { cookie: finance, body, headers: { 'idempotency-key': key } });
      await refused;
      await transfer({
        idempotencyKey: `flt-fund:${randomBytes(8).toString('hex')}`,
        debit: clearing.id,
        credit: cashAccount.id,
        amountMinor: 10_000n,
        currency: 'BDT',
        kind: 'DEPOSIT',
      });
      second = await bo.call('POST', '/adjustments', { cookie: finance, body, headers: { 'idempotency-key': key } });
    } finally {
      layerForgets = false;
      wallet.transfer = transfer;
    }
    // The first request's own transfer was refused, but its adjustment was applied by the retry under the same key:
    // both answer the applied adjustment.
    const first = await firstResponse;
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().value).toMatchObject({ status: 'approved', direct: true });
    // 100.00 deposited, 50.00 debited by the adjustment's ledger key.
    expect(await cash(playerId)).toBe(5_000n);
    const listed = await bo.call('GET', `/adjustments?playerId=${playerId}&pageSize=10`, { cookie: finance });
    const [row] = listed.json().value.items as Array<{ id: number; status: string; ledgerTransferId: number | null }>;
    const posting = await wallet.getTransferByKey(`bo-adjustment:${row?.id}`);
    expect(posting?.state).toBe('posted');
    // What the operator sees must say the money moved.
    expect({ status: row?.status, ledgerTransferId: row?.ledgerTransferId, second: second.statusCode }).toEqual({
      status: 'approved',
      ledgerTransferId: posting?.id,
      second: 200,
    });
  });
});

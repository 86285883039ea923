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
  bo = await buildBackofficeTestApp({ config: { boAdjustmentApprovalThresholdMinor: thresholdMinor } });
  app = bo.app;
  const owner = await bo.signIn('owner');
  finance = await createOperatorAndSignIn(bo, owner, 'flt_alice', 'finance');
}, 120_000);

afterAll(async () => {
  await app?.close();
});

describe('a direct adjustment whose transfer failed for a passing reason', () => {
  // KNOWN DEFECT (review of issue 7): `applyDirectly` closes the adjustment as rejected on any AppError, also on a
  // 503 SERVICE_UNAVAILABLE that moved nothing, so the retry finds it rejected (reason SERVICE_UNAVAILABLE) and answers
  // 200. Fix: refuse only on `error.statusCode < 500`. Marked `fails` until then; drop `.fails` with the fix.
  it.fails('is finished by the retry under the same key, not closed as rejected', async () => {
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

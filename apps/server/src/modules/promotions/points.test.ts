import { calls } from '@portal/contract';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../testing';
import { type PointsService, pointsUnit } from './points.service';

/**
 * The points mall through the real app: the rate and the exchange-rate table, a member's points and history, and
 * converting points into cash, with the ledger reconciled after every scenario (ARCHITECTURE.md section 4).
 */

let app: FastifyInstance;
/** The same service the app runs, for crediting points directly (earning from play has its own test). */
let points: PointsService;
let awards = 0;

const paymentPassword = '246810';
const loginPassword = 'Secret#2026';
let members = 0;

type Member = { id: number; token: string };

/** A fresh member, logged in, with a payment password (the wallet tests' helpers are the wallet module's own). */
async function newMember(): Promise<Member> {
  members += 1;
  const username = `pts${Date.now().toString(36).slice(-5)}${members}`.slice(0, 16);
  const account = await app.services.identity.createAccount({
    username,
    password: loginPassword,
    type: 0,
    uplineId: null,
  });
  await app.services.identity.setPaymentPassword(account.id, paymentPassword);
  const { token } = await app.services.identity.login(
    { username, password: loginPassword },
    { ip: `10.8.${members % 250}.${(members >> 8) % 250}` },
  );
  return { id: account.id, token };
}

async function trialToken(): Promise<string> {
  const response = await app.inject({ method: 'POST', url: calls.freePlay.path, payload: {} });
  if (response.statusCode !== 200) throw new Error(`free play: ${response.body}`);
  return response.json().value.token as string;
}

function call(
  url: string,
  member: Member | null,
  options: { payload?: unknown; key?: string } = {},
): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'POST',
    url,
    headers: {
      ...(member ? { authorization: member.token } : {}),
      ...(options.key ? { 'idempotency-key': options.key } : {}),
    },
    ...(options.payload === undefined ? {} : { payload: options.payload as object }),
  });
}

async function cashOf(member: Member): Promise<bigint> {
  const account = await app.services.wallet.ensureAccount({ type: 'player', id: member.id }, 'PLAYER_CASH', 'BDT');
  return account.balanceMinor;
}

/** The ledger reconciliation the wallet tests run (npm run ledger:verify): no breach anywhere. */
async function expectLedgerReconciled(): Promise<void> {
  const report = await app.services.wallet.verifyLedger();
  expect(report.breaches).toEqual([]);
  expect(report.ok).toBe(true);
}

beforeAll(async () => {
  app = await buildTestApp({ rateLimitPerMinute: 100_000, loginRateLimitPerMinute: 100_000 });
  await app.ready();
  points = app.services.points;
});

afterAll(async () => {
  await app?.close();
});

async function award(member: Member, amount: bigint): Promise<void> {
  awards += 1;
  await points.award(member.id, amount, `test-award:${member.id}:${awards}`, 'test');
}

async function pointsOf(member: Member) {
  const account = await app.services.wallet.ensureAccount(
    { type: 'player', id: member.id },
    'PLAYER_POINTS',
    pointsUnit,
  );
  return { balance: account.balanceMinor, pending: account.pendingDebitsMinor };
}

const convert = (member: Member, body: { points: string; paymentPassword?: string }, key: string) =>
  call(calls.convertPoint.path, member, {
    key,
    payload: { paymentPassword, ...body },
  });

describe('points mall: reading', () => {
  it('answers the rate, the minimum and the exchange-rate table without a session', async () => {
    const config = await app.inject({ method: 'POST', url: calls.pointConfig.path });
    expect(config.statusCode).toBe(200);
    expect(config.json().value).toEqual({
      ratioPoints: '100',
      ratioAmount: { amount: '1.00', minor: '100' },
      minPoints: '1000',
      stepPoints: '100',
      currency: { code: 'BDT', symbol: expect.any(String), scale: 2 },
      expires: false,
    });
    const rewards = await app.inject({ method: 'POST', url: calls.pointRewards.path });
    expect(rewards.json().value.items).toEqual([
      { id: 'CASH_1000', kind: 'CASH', points: '1000', amount: { amount: '10.00', minor: '1000' } },
      { id: 'CASH_5000', kind: 'CASH', points: '5000', amount: { amount: '50.00', minor: '5000' } },
      { id: 'CASH_10000', kind: 'CASH', points: '10000', amount: { amount: '100.00', minor: '10000' } },
      { id: 'CASH_50000', kind: 'CASH', points: '50000', amount: { amount: '500.00', minor: '50000' } },
    ]);
  });

  it('shows a member their points and what they are worth, and refuses visitors and trial users', async () => {
    const member = await newMember();
    const empty = await call(calls.pointBalance.path, member);
    expect(empty.json().value).toEqual({ points: '0', worth: { amount: '0.00', minor: '0' } });
    await award(member, 12_550n);
    const balance = await call(calls.pointBalance.path, member);
    // Only whole steps of 100 points are worth cash: 12,550 points are 125.00.
    expect(balance.json().value).toEqual({ points: '12550', worth: { amount: '125.00', minor: '12500' } });

    const visitor = await app.inject({ method: 'POST', url: calls.pointBalance.path });
    expect(visitor.json().code).toBe('AUTH_REQUIRED');
    const trial = await app.inject({
      method: 'POST',
      url: calls.pointBalance.path,
      headers: { authorization: await trialToken() },
    });
    expect(trial.json().code).toBe('IDENTITY_REAL_ACCOUNT_REQUIRED');
  });
});

describe('points mall: converting points into cash', () => {
  it('converts points at the rate into the main wallet and lists the change in the history', async () => {
    const member = await newMember();
    await award(member, 12_500n);
    const response = await convert(member, { points: '5000' }, 'convert-1');
    expect(response.statusCode).toBe(200);
    expect(response.json().value).toEqual({
      points: '5000',
      amount: { amount: '50.00', minor: '5000' },
      balance: '7500',
      status: 'APPROVED',
    });
    expect(await pointsOf(member)).toEqual({ balance: 7_500n, pending: 0n });
    expect(await cashOf(member)).toBe(5_000n);

    const history = await call(calls.redeemPointList.path, member, { payload: {} });
    const items = history.json().value.items;
    expect(items).toHaveLength(2);
    expect(items[0]).toMatchObject({
      type: 'CONVERT',
      changedPoints: '-5000',
      balanceAfter: '7500',
      redeemAmount: { amount: '50.00', minor: '5000' },
      status: 'APPROVED',
    });
    expect(items[1]).toMatchObject({ type: 'AWARD', changedPoints: '12500', redeemAmount: null, remark: 'test' });
    await expectLedgerReconciled();
  });

  it('refuses below the minimum, off the step, beyond the balance and with a wrong payment password; nothing moves', async () => {
    const member = await newMember();
    await award(member, 2_000n);
    const below = await convert(member, { points: '900' }, 'refuse-1');
    expect(below.json()).toMatchObject({ code: 'PROMOTIONS_POINTS_BELOW_MINIMUM', params: { minPoints: '1000' } });
    const step = await convert(member, { points: '1050' }, 'refuse-2');
    expect(step.json()).toMatchObject({ code: 'PROMOTIONS_POINTS_STEP', params: { stepPoints: '100' } });
    const beyond = await convert(member, { points: '3000' }, 'refuse-3');
    expect(beyond.json()).toMatchObject({
      code: 'PROMOTIONS_POINTS_INSUFFICIENT',
      params: { availablePoints: '2000', requestedPoints: '3000' },
    });
    const wrong = await convert(member, { points: '1000', paymentPassword: '000000' }, 'refuse-4');
    expect(wrong.json().code).toBe('CASHIER_PAYMENT_PASSWORD_INCORRECT');
    expect(await pointsOf(member)).toEqual({ balance: 2_000n, pending: 0n });
    expect(await cashOf(member)).toBe(0n);
    await expectLedgerReconciled();
  });

  it('converts once for a repeated Idempotency-Key and refuses the key with other points', async () => {
    const member = await newMember();
    await award(member, 5_000n);
    const first = await convert(member, { points: '2000' }, 'same-key');
    const again = await convert(member, { points: '2000' }, 'same-key');
    expect(again.statusCode).toBe(200);
    expect(again.json().value).toEqual(first.json().value);
    const other = await convert(member, { points: '1000' }, 'same-key');
    expect(other.statusCode).toBe(409);
    expect(await pointsOf(member)).toEqual({ balance: 3_000n, pending: 0n });
    expect(await cashOf(member)).toBe(2_000n);
    await expectLedgerReconciled();
  });

  it('keeps long Idempotency-Keys apart that share their first 120 characters', async () => {
    const member = await newMember();
    await award(member, 4_000n);
    const stem = 'k'.repeat(120);
    const first = await convert(member, { points: '1000' }, `${stem}-1`);
    const second = await convert(member, { points: '1000' }, `${stem}-2`);
    expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
    expect(await pointsOf(member)).toEqual({ balance: 2_000n, pending: 0n });
    expect(await cashOf(member)).toBe(2_000n);
    await expectLedgerReconciled();
  });

  it('finishes a conversion that stopped after its points were held when the member retries with the same key', async () => {
    const member = await newMember();
    await award(member, 4_000n);
    // As if the server stopped right after step 1: the points are held, no cash is paid.
    const { wallet } = app.services;
    const [memberPoints, housePoints] = await Promise.all([
      wallet.ensureAccount({ type: 'player', id: member.id }, 'PLAYER_POINTS', pointsUnit),
      wallet.ensureAccount({ type: 'house' }, 'HOUSE_POINTS', pointsUnit),
    ]);
    await wallet.hold({
      idempotencyKey: `points:${member.id}:hold:interrupted`,
      debit: memberPoints.id,
      credit: housePoints.id,
      amountMinor: 3_000n,
      currency: pointsUnit,
      kind: 'POINTS_CONVERT',
      metadata: { source: 'POINTS_MALL', points: '3000', amountMinor: '3000' },
    });
    expect(await pointsOf(member)).toEqual({ balance: 4_000n, pending: 3_000n });
    const balance = await call(calls.pointBalance.path, member);
    expect(balance.json().value.points).toBe('1000');

    const retry = await convert(member, { points: '3000' }, 'interrupted');
    expect(retry.json().value).toMatchObject({ points: '3000', balance: '1000', status: 'APPROVED' });
    expect(await pointsOf(member)).toEqual({ balance: 1_000n, pending: 0n });
    expect(await cashOf(member)).toBe(3_000n);
    await expectLedgerReconciled();
  });

  it('converts exactly what the balance covers when many conversions race (different keys)', async () => {
    const member = await newMember();
    await award(member, 10_000n);
    const responses = await Promise.all(
      Array.from({ length: 8 }, (_, n) => convert(member, { points: '3000' }, `race-${n}`)),
    );
    const codes = responses.map((response) => (response.json().success ? 'OK' : response.json().code));
    expect(codes.filter((code) => code === 'OK')).toHaveLength(3);
    expect(codes.filter((code) => code === 'PROMOTIONS_POINTS_INSUFFICIENT')).toHaveLength(5);
    expect(await pointsOf(member)).toEqual({ balance: 1_000n, pending: 0n });
    expect(await cashOf(member)).toBe(9_000n);
    await expectLedgerReconciled();
  });

  it('converts once when the same key races with itself', async () => {
    const member = await newMember();
    await award(member, 10_000n);
    const responses = await Promise.all(
      Array.from({ length: 6 }, () => convert(member, { points: '4000' }, 'twin-key')),
    );
    const succeeded = responses.filter((response) => response.json().success);
    expect(succeeded.length).toBeGreaterThanOrEqual(1);
    for (const response of responses) {
      if (!response.json().success) expect(response.json().code).toBe('IDEMPOTENCY_IN_PROGRESS');
    }
    expect(await pointsOf(member)).toEqual({ balance: 6_000n, pending: 0n });
    expect(await cashOf(member)).toBe(4_000n);
    await expectLedgerReconciled();
  });
});

import { calls, pointsBackofficePaths } from '@portal/contract';
import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../../testing/test-app';
import { type PointsService, pointsJobNames, pointsUnit } from '../promotions';
import { type BackofficeTestApp, buildBackofficeTestApp, createOperatorAndSignIn } from './backoffice.test-helpers';

/**
 * The rest of the points mall through the real app: goods redeemed with their points held and stock taken in one
 * transaction, the operators' queue (approve posts the hold, reject voids it and gives the stock back), the
 * operator's settings, points earned from settled play, and conversions a crash left half done. The ledger is
 * reconciled after every money scenario (ARCHITECTURE.md section 4).
 */

let bo: BackofficeTestApp;
let points: PointsService;
let owner: string;
let finance: string;
let finance2: string;
let content: string;

const paymentPassword = '246810';
const loginPassword = 'Secret#2026';
let members = 0;
let awards = 0;

type Member = { id: number; token: string };

async function newMember(): Promise<Member> {
  members += 1;
  const username = `mall${Date.now().toString(36).slice(-5)}${members}`.slice(0, 16);
  const { identity } = bo.app.services;
  const account = await identity.createAccount({ username, password: loginPassword, type: 0, uplineId: null });
  await identity.setPaymentPassword(account.id, paymentPassword);
  const { token } = await identity.login(
    { username, password: loginPassword },
    { ip: `10.7.${members % 250}.${(members >> 8) % 250}` },
  );
  return { id: account.id, token };
}

async function award(member: Member, amount: bigint): Promise<void> {
  awards += 1;
  await points.award(member.id, amount, `mall-test-award:${member.id}:${awards}`, 'test');
}

async function pointsOf(member: Member) {
  const account = await bo.app.services.wallet.ensureAccount(
    { type: 'player', id: member.id },
    'PLAYER_POINTS',
    pointsUnit,
  );
  return { balance: account.balanceMinor, pending: account.pendingDebitsMinor };
}

async function expectLedgerReconciled(): Promise<void> {
  const report = await bo.app.services.wallet.verifyLedger();
  expect(report.breaches).toEqual([]);
  expect(report.ok).toBe(true);
}

function redeem(member: Member, goodsId: number, key: string, extra: Record<string, unknown> = {}) {
  return bo.app.inject({
    method: 'POST',
    url: calls.redeemPointReward.path,
    headers: { authorization: member.token, 'idempotency-key': key },
    payload: { goodsId, paymentPassword, address: '12 Lake Road, Dhaka', mobile: '+8801711000000', ...extra },
  });
}

function memberCall(url: string, member: Member | null, payload: object = {}): Promise<LightMyRequestResponse> {
  return bo.app.inject({ method: 'POST', url, headers: member ? { authorization: member.token } : {}, payload });
}

let goodsCount = 0;
async function newGoods(stock: number, price = '1000'): Promise<number> {
  goodsCount += 1;
  const response = await bo.call('POST', pointsBackofficePaths.goods, {
    cookie: content,
    body: {
      names: { en: `Headphones ${goodsCount}`, bn: `হেডফোন ${goodsCount}` },
      imageUrl: '/static/goods/headphones.png',
      points: price,
      stock,
      enabled: true,
      sortOrder: goodsCount,
    },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().value.id as number;
}

async function stockOf(goodsId: number): Promise<number> {
  const response = await bo.call('GET', pointsBackofficePaths.goods, { cookie: owner });
  return (response.json().value.items as Array<{ id: number; stock: number }>).find((row) => row.id === goodsId)
    ?.stock as number;
}

const decidePath = (action: 'approve' | 'reject', id: number) =>
  (action === 'approve' ? pointsBackofficePaths.redemptionApprove : pointsBackofficePaths.redemptionReject).replace(
    ':id',
    String(id),
  );

beforeAll(async () => {
  bo = await buildBackofficeTestApp({
    config: { rateLimitPerMinute: 100_000, loginRateLimitPerMinute: 100_000 } as never,
  });
  points = bo.app.services.points;
  owner = await bo.signIn('owner');
  finance = await createOperatorAndSignIn(bo, owner, 'mall_finance', 'finance');
  finance2 = await createOperatorAndSignIn(bo, owner, 'mall_finance2', 'finance');
  content = await createOperatorAndSignIn(bo, owner, 'mall_content', 'content');
}, 120_000);

afterAll(async () => {
  await bo?.app.close();
});

describe('points mall: goods', () => {
  it('lists enabled goods to everyone in the request language, and lets only goods operators change them', async () => {
    const id = await newGoods(5, '2500');
    const rewards = await bo.app.inject({ method: 'POST', url: calls.pointRewards.path, headers: { language: 'bn' } });
    expect(rewards.json().value.goods).toEqual(
      expect.arrayContaining([
        {
          id,
          name: expect.stringMatching(/^হেডফোন/),
          imageUrl: '/static/goods/headphones.png',
          points: '2500',
          stock: 5,
        },
      ]),
    );
    const forbidden = await bo.call('POST', pointsBackofficePaths.goods, {
      cookie: finance,
      body: { names: { en: 'x' }, points: '1', stock: 1 },
    });
    expect(forbidden.json().code).toBe('BO_FORBIDDEN');

    const disabled = await bo.call('PUT', pointsBackofficePaths.goodsItem.replace(':id', String(id)), {
      cookie: content,
      body: { names: { en: 'Headphones off' }, points: '2500', stock: 5, enabled: false },
    });
    expect(disabled.json().value).toMatchObject({ enabled: false, names: { en: 'Headphones off' } });
    const after = await bo.app.inject({ method: 'POST', url: calls.pointRewards.path });
    expect((after.json().value.goods as Array<{ id: number }>).map((row) => row.id)).not.toContain(id);
    const member = await newMember();
    await award(member, 5_000n);
    expect((await redeem(member, id, 'disabled-1')).json().code).toBe('PROMOTIONS_GOODS_NOT_FOUND');

    const audit = await bo.call('GET', '/audit?action=points.goods.updated', { cookie: owner });
    expect(JSON.stringify(audit.json().value)).toContain(`points-goods:${id}`);
  });
});

describe('points mall: redeeming goods', () => {
  it('holds the points, takes one from stock and shows the redemption In Process', async () => {
    const id = await newGoods(2, '3000');
    const member = await newMember();
    await award(member, 5_000n);
    const response = await redeem(member, id, 'redeem-1');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().value).toMatchObject({
      redemption: { goodsId: id, points: '3000', status: 'IN_PROCESS', address: '12 Lake Road, Dhaka' },
      balance: '2000',
    });
    expect(await pointsOf(member)).toEqual({ balance: 5_000n, pending: 3_000n });
    expect(await stockOf(id)).toBe(1);
    const list = await memberCall(calls.redeemGoodsList.path, member);
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().value.items).toEqual([expect.objectContaining({ goodsId: id, status: 'IN_PROCESS' })]);
    // Not enough points for a second one; a wrong payment password moves nothing.
    expect((await redeem(member, id, 'redeem-2')).json().code).toBe('PROMOTIONS_POINTS_INSUFFICIENT');
    expect((await redeem(member, id, 'redeem-3', { paymentPassword: '000000' })).json().code).toBe(
      'CASHIER_PAYMENT_PASSWORD_INCORRECT',
    );
    expect(await stockOf(id)).toBe(1);
    await expectLedgerReconciled();
  });

  it('gives stock 3 to exactly 3 of 10 members racing for it, and never goes below 0', async () => {
    const id = await newGoods(3, '1000');
    const racers = await Promise.all(Array.from({ length: 10 }, () => newMember()));
    for (const member of racers) await award(member, 1_500n);
    const responses = await Promise.all(racers.map((member, n) => redeem(member, id, `stock-race-${n}`)));
    const codes = responses.map((response) => (response.json().success ? 'OK' : response.json().code));
    expect(codes.filter((code) => code === 'OK')).toHaveLength(3);
    expect(codes.filter((code) => code === 'PROMOTIONS_GOODS_OUT_OF_STOCK')).toHaveLength(7);
    expect(await stockOf(id)).toBe(0);
    const held = await Promise.all(racers.map((member) => pointsOf(member)));
    expect(held.filter((entry) => entry.pending === 1_000n)).toHaveLength(3);
    expect(held.filter((entry) => entry.pending === 0n)).toHaveLength(7);
    const queue = await bo.call('GET', `${pointsBackofficePaths.redemptions}?status=IN_PROCESS&pageSize=100`, {
      cookie: finance,
    });
    expect((queue.json().value.items as Array<{ goodsId: number }>).filter((row) => row.goodsId === id)).toHaveLength(
      3,
    );
    await expectLedgerReconciled();
  });

  it('redeems once when the same key is retried, and once when it races itself', async () => {
    const id = await newGoods(10, '1000');
    const member = await newMember();
    await award(member, 5_000n);
    const twins = await Promise.all(Array.from({ length: 4 }, () => redeem(member, id, 'same-key')));
    const first = twins.find((response) => response.statusCode === 200);
    for (const response of twins) {
      // The HTTP layer answers a twin still in flight with IDEMPOTENCY_IN_PROGRESS; the ledger key backs it.
      if (response.statusCode !== 200) expect(response.json().code).toBe('IDEMPOTENCY_IN_PROGRESS');
    }
    const again = await redeem(member, id, 'same-key');
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().value.redemption.id).toBe(first?.json().value.redemption.id);
    expect(await pointsOf(member)).toEqual({ balance: 5_000n, pending: 1_000n });
    expect(await stockOf(id)).toBe(9);
    // The same key with another address is refused, not a second redemption.
    const other = await redeem(member, id, 'same-key', { address: '99 Other Street, Khulna' });
    expect(other.statusCode).toBe(409);
    const list = await memberCall(calls.redeemGoodsList.path, member);
    expect(list.json().value.total).toBe(1);
    await expectLedgerReconciled();
  });
});

describe('points mall: the operators’ redemption queue', () => {
  it('approving posts the held points once and tells the member; the history lists it Approved', async () => {
    const id = await newGoods(5, '2000');
    const member = await newMember();
    await award(member, 3_000n);
    const redemptionId = (await redeem(member, id, 'approve-1')).json().value.redemption.id as number;
    const approved = await bo.call('POST', decidePath('approve', redemptionId), {
      cookie: finance,
      body: { remark: 'Shipped by courier' },
    });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().value).toMatchObject({ status: 'APPROVED', operator: 'mall_finance' });
    expect(await pointsOf(member)).toEqual({ balance: 1_000n, pending: 0n });
    expect(await stockOf(id)).toBe(4);
    const list = await memberCall(calls.redeemGoodsList.path, member);
    expect(list.json().value.items[0]).toMatchObject({ status: 'APPROVED', remark: 'Shipped by courier' });
    const inbox = () => bo.app.services.content.listInbox(member.id, { pageNo: 1, pageSize: 10 }, 'en');
    await expect.poll(async () => (await inbox()).content[0]?.kind).toBe('points_redemption_approved');
    expect((await inbox()).total).toBe(1);
    const history = await memberCall(calls.redeemPointList.path, member);
    expect(history.json().value.items[0]).toMatchObject({ type: 'REDEEM', changedPoints: '-2000' });
    // Deciding again is refused.
    const again = await bo.call('POST', decidePath('reject', redemptionId), { cookie: finance, body: { remark: 'x' } });
    expect(again.json()).toMatchObject({ code: 'PROMOTIONS_REDEMPTION_DECIDED', params: { status: 'APPROVED' } });
    // Goods operators do not decide redemptions.
    expect((await bo.call('GET', pointsBackofficePaths.redemptions, { cookie: content })).json().code).toBe(
      'BO_FORBIDDEN',
    );
    await expectLedgerReconciled();
  });

  it('rejecting voids the hold, gives the stock back and tells the member why', async () => {
    const id = await newGoods(1, '2000');
    const member = await newMember();
    await award(member, 2_000n);
    const redemptionId = (await redeem(member, id, 'reject-1')).json().value.redemption.id as number;
    expect(await stockOf(id)).toBe(0);
    const noReason = await bo.call('POST', decidePath('reject', redemptionId), { cookie: finance, body: {} });
    expect(noReason.statusCode).toBe(400);
    const rejected = await bo.call('POST', decidePath('reject', redemptionId), {
      cookie: finance,
      body: { remark: 'Address incomplete' },
    });
    expect(rejected.json().value).toMatchObject({ status: 'REJECTED', remark: 'Address incomplete' });
    expect(await pointsOf(member)).toEqual({ balance: 2_000n, pending: 0n });
    expect(await stockOf(id)).toBe(1);
    await expect
      .poll(async () => {
        const page = await bo.app.services.content.listInbox(member.id, { pageNo: 1, pageSize: 10 }, 'en');
        return page.content[0]?.content ?? '';
      })
      .toContain('Address incomplete');
    await expectLedgerReconciled();
  });

  it('posts or voids exactly once when two operators decide the same redemption at once', async () => {
    for (const [first, second] of [
      ['approve', 'reject'],
      ['approve', 'approve'],
      ['reject', 'reject'],
    ] as const) {
      const id = await newGoods(1, '1000');
      const member = await newMember();
      await award(member, 1_000n);
      const redemptionId = (await redeem(member, id, `race-${first}-${second}`)).json().value.redemption.id as number;
      const answers = await Promise.all([
        bo.call('POST', decidePath(first, redemptionId), { cookie: finance, body: { remark: 'one' } }),
        bo.call('POST', decidePath(second, redemptionId), { cookie: finance2, body: { remark: 'two' } }),
      ]);
      const ok = answers.filter((response) => response.statusCode === 200);
      expect(ok, `${first}/${second}: ${answers.map((response) => response.body).join(' | ')}`).toHaveLength(1);
      expect(answers.find((response) => response.statusCode !== 200)?.json().code).toBe(
        'PROMOTIONS_REDEMPTION_DECIDED',
      );
      const status = ok[0]?.json().value.status as string;
      expect(await pointsOf(member)).toEqual(
        status === 'APPROVED' ? { balance: 0n, pending: 0n } : { balance: 1_000n, pending: 0n },
      );
      expect(await stockOf(id)).toBe(status === 'APPROVED' ? 0 : 1);
    }
    await expectLedgerReconciled();
  });
});

describe('points mall: settings', () => {
  it('replaces the code defaults with the operator’s settings, at once for members, and audits the change', async () => {
    const before = await bo.call('GET', pointsBackofficePaths.settings, { cookie: finance });
    expect(before.json().value).toMatchObject({ ratioPoints: '100', ratioAmountMinor: '100', minPoints: '1000' });
    // Warm the members' cache first: the change must still show at once.
    await bo.app.inject({ method: 'POST', url: calls.pointConfig.path });
    const body = {
      ratioPoints: '50',
      ratioAmountMinor: '100',
      minPoints: '500',
      packages: ['500', '2000'],
      earnRules: [
        { category: 'ALL', turnoverMinor: '100', points: '1' },
        { category: 'LIVE', turnoverMinor: '100', points: '2' },
      ],
    };
    const bad = await bo.call('PUT', pointsBackofficePaths.settings, {
      cookie: finance,
      body: { ...body, minPoints: '510' },
    });
    expect(bad.statusCode).toBe(400);
    expect((await bo.call('PUT', pointsBackofficePaths.settings, { cookie: content, body })).json().code).toBe(
      'BO_FORBIDDEN',
    );
    const saved = await bo.call('PUT', pointsBackofficePaths.settings, { cookie: finance, body });
    expect(saved.json().value).toEqual(body);
    const config = await bo.app.inject({ method: 'POST', url: calls.pointConfig.path });
    expect(config.json().value).toMatchObject({ ratioPoints: '50', minPoints: '500', stepPoints: '50' });
    const rewards = await bo.app.inject({ method: 'POST', url: calls.pointRewards.path });
    expect(rewards.json().value.items.map((item: { points: string }) => item.points)).toEqual(['500', '2000']);
    const audit = await bo.call('GET', '/audit?action=points.settings.updated', { cookie: owner });
    expect(audit.json().value.total).toBe(1);
    // Back to the defaults for the tests below.
    const defaults = { ...before.json().value };
    expect((await bo.call('PUT', pointsBackofficePaths.settings, { cookie: finance, body: defaults })).statusCode).toBe(
      200,
    );
  });
});

describe('points mall: earning points from play', () => {
  /** A round as the gaming module records it (fixtures only: the job reads rounds through the gaming service). */
  async function round(accountId: number, stakeMinor: number, status: string, vendor = 'PT'): Promise<number> {
    const started = new Date(bo.clock.now().getTime() - 10 * 60_000);
    const result = await bo.app.database.db.execute(sql`
      insert into gaming_rounds (merchant_code, aggregator, round_id, account_id, vendor_code, game_code, currency,
        stake_minor, win_minor, status, started_at, updated_at, closed_at)
      values (${testConfig().merchantCode}, 'test', ${`r-${Math.random().toString(36).slice(2)}`},
        ${accountId}, ${vendor}, 'g1', 'BDT', ${stakeMinor}, 0, ${status}, ${started}, ${started},
        ${status === 'closed' ? started : null})
      returning id`);
    return Number((result as unknown as { rows: Array<{ id: number }> }).rows[0]?.id);
  }

  it('awards each settled round once however often the job runs, and nothing for open or rolled-back rounds', async () => {
    const member = await newMember();
    const before = await pointsOf(member);
    await round(member.id, 25_050, 'closed'); // 250 whole units: 250 points at 1 per 1.00 (ALL rule)
    await round(member.id, 10_000, 'rolled_back');
    const open = await round(member.id, 10_000, 'open');
    expect(await bo.app.jobs.tick(pointsJobNames.earnFromPlay)).toBe('ran');
    expect(await bo.app.jobs.tick(pointsJobNames.earnFromPlay)).toBe('ran');
    expect((await pointsOf(member)).balance - before.balance).toBe(250n);
    // The open round settles later: the next run awards it (the watermark waited for it), once.
    await bo.app.database.db.execute(sql`update gaming_rounds set status = 'closed' where id = ${open}`);
    await Promise.all([
      bo.app.jobs.tick(pointsJobNames.earnFromPlay),
      points.award(member.id, 100n, `points-earn:${open}`, 'Points from play', { roundId: open }),
    ]);
    expect(await bo.app.jobs.tick(pointsJobNames.earnFromPlay)).toBe('ran');
    expect((await pointsOf(member)).balance - before.balance).toBe(350n);
    // Trial (play-money) accounts collect no points.
    const trial = await bo.app.inject({ method: 'POST', url: calls.freePlay.path, payload: {} });
    const trialId = (await bo.app.services.identity.resolveSession(trial.json().value.token as string))?.auth.accountId;
    expect(trialId).toBeGreaterThan(0);
    await round(trialId as number, 50_000, 'closed');
    expect(await bo.app.jobs.tick(pointsJobNames.earnFromPlay)).toBe('ran');
    const trialPoints = await bo.app.services.wallet.ensureAccount(
      { type: 'player', id: trialId as number },
      'PLAYER_POINTS',
      pointsUnit,
    );
    expect(trialPoints.balanceMinor).toBe(0n);
    await expectLedgerReconciled();
  });
});

describe('points mall: stuck conversions', () => {
  it('finishes a conversion left with its points held, once, and a member retry afterwards changes nothing', async () => {
    const member = await newMember();
    await award(member, 5_000n);
    const { wallet } = bo.app.services;
    // As if the server stopped right after the hold: the conversion row and the hold exist, nothing else.
    const convert = wallet.hold.bind(wallet);
    const originalHold = wallet.hold;
    let stop = true;
    (wallet as { hold: typeof wallet.hold }).hold = async (input, options) => {
      const transfer = await convert(input, options);
      if (stop && input.kind === 'POINTS_CONVERT') throw new Error('server stopped');
      return transfer;
    };
    const key = 'stuck-conversion';
    const interrupted = await bo.app.inject({
      method: 'POST',
      url: calls.convertPoint.path,
      headers: { authorization: member.token, 'idempotency-key': key },
      payload: { points: '2000', paymentPassword },
    });
    (wallet as { hold: typeof wallet.hold }).hold = originalHold;
    stop = false;
    expect(interrupted.statusCode).toBe(500);
    const cash = () =>
      wallet.ensureAccount({ type: 'player', id: member.id }, 'PLAYER_CASH', 'BDT').then((row) => row.balanceMinor);
    expect(await pointsOf(member)).toEqual({ balance: 5_000n, pending: 2_000n });

    // Too young for the job: left alone.
    expect(await points.recoverConversions(bo.clock.now(), 5 * 60_000)).toMatchObject({ finished: 0 });
    const later = new Date(bo.clock.now().getTime() + 6 * 60_000);
    const [first, second] = await Promise.all([
      points.recoverConversions(later, 5 * 60_000),
      points.recoverConversions(later, 5 * 60_000),
    ]);
    expect(first.finished + second.finished).toBeGreaterThanOrEqual(1);
    expect(await pointsOf(member)).toEqual({ balance: 3_000n, pending: 0n });
    expect(await cash()).toBe(2_000n);
    expect(await points.recoverConversions(later, 5 * 60_000)).toMatchObject({ found: 0 });
    const retry = await bo.app.inject({
      method: 'POST',
      url: calls.convertPoint.path,
      headers: { authorization: member.token, 'idempotency-key': key },
      payload: { points: '2000', paymentPassword },
    });
    expect(retry.json().value).toMatchObject({ points: '2000', status: 'APPROVED' });
    expect(await pointsOf(member)).toEqual({ balance: 3_000n, pending: 0n });
    expect(await cash()).toBe(2_000n);
    await expectLedgerReconciled();
  });
});

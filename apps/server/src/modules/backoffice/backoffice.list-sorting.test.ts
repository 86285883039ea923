import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BackofficeTestApp, buildBackofficeTestApp, createOperatorAndSignIn } from './backoffice.test-helpers';

// Server-side sorting of the back office's older lists: every list takes `sort` (a column its schema names) and
// `order`, breaks ties by id in the same direction, and refuses any other column before it reaches SQL.

const loginPassword = 'Secret#2026';
const paymentPassword = '246810';

let bo: BackofficeTestApp;
let app: FastifyInstance;
let owner: string;
let finance: string;
/** A prefix only this file's players carry, so a search finds exactly them. */
const prefix = `srt${randomBytes(2).toString('hex')}`;

type Member = { id: number; headers(key?: string): Record<string, string> };

async function newMember(suffix: string, options: { login?: boolean } = {}): Promise<Member> {
  const username = `${prefix}${suffix}`;
  const account = await app.services.identity.createAccount({ username, password: loginPassword, type: 0 });
  await app.services.identity.setPaymentPassword(account.id, paymentPassword);
  if (options.login === false) return { id: account.id, headers: () => ({}) };
  const { token } = await app.services.identity.login({ username, password: loginPassword }, { ip: '10.9.0.1' });
  return {
    id: account.id,
    headers: (key?: string) => ({ authorization: token, ...(key ? { 'idempotency-key': key } : {}) }),
  };
}

async function fund(accountId: number, amountMinor: bigint): Promise<void> {
  const { wallet } = app.services;
  const [clearing, cash] = await Promise.all([
    wallet.ensureAccount({ type: 'house' }, 'PAYMENT_CLEARING', 'BDT'),
    wallet.ensureAccount({ type: 'player', id: accountId }, 'PLAYER_CASH', 'BDT'),
  ]);
  await wallet.transfer({
    idempotencyKey: `sort-test-fund:${randomBytes(8).toString('hex')}`,
    debit: clearing.id,
    credit: cash.id,
    amountMinor,
    currency: 'BDT',
    kind: 'DEPOSIT',
  });
}

async function list<T>(path: string, cookie = owner): Promise<T[]> {
  const response = await bo.call('GET', path, { cookie });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().value.items as T[];
}

/** `[amount, id]` pairs in the order the server answered. */
function amountsAndIds(items: { id: number; amount: { amount: string } }[]): [string, number][] {
  return items.map((item) => [item.amount.amount, item.id]);
}

/** The expected order of `[key, id]` pairs: by key, then id, both in one direction. */
function sortedPairs<K extends string | number>(pairs: [K, number][], order: 'asc' | 'desc'): [K, number][] {
  const sign = order === 'asc' ? 1 : -1;
  const compareKeys = (a: K, b: K) =>
    typeof a === 'number' && typeof b === 'number' ? a - b : String(a).localeCompare(String(b));
  return [...pairs].sort((a, b) => sign * (compareKeys(a[0], b[0]) || a[1] - b[1]));
}

async function expectRefused(path: string) {
  const response = await bo.call('GET', path, { cookie: owner });
  expect(response.statusCode, response.body).toBe(400);
  expect(response.json().code).toBe('VALIDATION_FAILED');
}

beforeAll(async () => {
  bo = await buildBackofficeTestApp({
    config: {
      rateLimitPerMinute: 100_000,
      withdrawMinAmount: '100',
      withdrawMaxAmount: '50000',
      withdrawDailyMaxCount: 100,
      withdrawDailyMaxAmount: '10000000',
      boAdjustmentApprovalThresholdMinor: 1_000_000n,
      paymentSimEnabled: true,
      paymentSimSecret: 'sort-test-simulator-secret-0123456789',
    },
  });
  app = bo.app;
  owner = await bo.signIn('owner');
  finance = await createOperatorAndSignIn(bo, owner, 'sort_fin', 'finance');
}, 120_000);

afterAll(async () => {
  await app?.close();
});

describe('players list sorting', () => {
  let ids: Record<string, number>;

  beforeAll(async () => {
    ids = {};
    // Created out of alphabetical order, so id order and name order differ.
    // `aa` never logs in.
    for (const suffix of ['cc', 'aa', 'bb']) ids[suffix] = (await newMember(suffix, { login: suffix !== 'aa' })).id;
  });

  const names = (items: { username: string }[]) => items.map((item) => item.username.slice(prefix.length));

  it('sorts by username either way', async () => {
    type Row = { username: string };
    expect(names(await list<Row>(`/players?q=${prefix}&sort=username&order=asc`))).toEqual(['aa', 'bb', 'cc']);
    expect(names(await list<Row>(`/players?q=${prefix}&sort=username&order=desc`))).toEqual(['cc', 'bb', 'aa']);
  });

  it('sorts newest first by default, by id and by last login', async () => {
    type Row = { id: number; username: string };
    const byDefault = await list<Row>(`/players?q=${prefix}`);
    expect(names(byDefault)).toEqual(['bb', 'aa', 'cc']);
    expect(names(await list<Row>(`/players?q=${prefix}&sort=id&order=asc`))).toEqual(['cc', 'aa', 'bb']);
    // Accounts that never logged in come last in both directions: the operator is looking for activity.
    for (const order of ['asc', 'desc']) {
      const lastLogin = await list<Row>(`/players?q=${prefix}&sort=lastLoginAt&order=${order}`);
      expect(names(lastLogin)[2]).toBe('aa');
    }
  });

  it('breaks ties by id in the chosen direction and keeps pages apart', async () => {
    // Every account of this file was created within the same clock tick or close to it; whatever the times, the
    // union of the pages is the whole list with no row twice.
    type Row = { id: number };
    const first = await list<Row>(`/players?q=${prefix}&sort=createdAt&order=asc&pageSize=2&pageNo=1`);
    const second = await list<Row>(`/players?q=${prefix}&sort=createdAt&order=asc&pageSize=2&pageNo=2`);
    const seen = [...first, ...second].map((row) => row.id);
    expect(new Set(seen).size).toBe(3);
    expect(seen.sort((a, b) => a - b)).toEqual(Object.values(ids).sort((a, b) => a - b));
  });

  it('refuses a column it does not know and a direction other than asc or desc', async () => {
    await expectRefused('/players?sort=password_hash');
    await expectRefused('/players?sort=username&order=sideways');
  });
});

describe('cashier lists sorting', () => {
  let depositIds: number[];
  let withdrawalIds: number[];

  beforeAll(async () => {
    const depositor = await newMember('dep');
    depositIds = [];
    for (const amount of ['300', '500', '300', '700']) {
      const response = await app.inject({
        method: 'POST',
        url: '/wps/cashier/deposit',
        headers: depositor.headers(`sort-dep-${randomBytes(6).toString('hex')}`),
        payload: { channelCode: 'SIM_EWALLET', amount },
      });
      expect(response.statusCode, response.body).toBe(200);
      depositIds.push(response.json().value.id);
    }
    const withdrawer = await newMember('wd');
    await fund(withdrawer.id, 1_000_000n);
    const bound = await app.inject({
      method: 'POST',
      url: '/wps/member/bank-accounts',
      headers: withdrawer.headers(),
      payload: { bankCode: 'BKASH', accountNumber: '01712345678', holderName: 'Rahim Uddin' },
    });
    expect(bound.statusCode, bound.body).toBe(200);
    withdrawalIds = [];
    for (const amount of ['200', '150', '200']) {
      const response = await app.inject({
        method: 'POST',
        url: '/wps/cashier/withdraw',
        headers: withdrawer.headers(`sort-wd-${randomBytes(6).toString('hex')}`),
        payload: { amount, bankAccountId: bound.json().value.id, paymentPassword },
      });
      expect(response.statusCode, response.body).toBe(200);
      withdrawalIds.push(response.json().value.id);
    }
  });

  type Row = { id: number; amount: { amount: string } };

  it('lists deposits oldest first by default and by amount either way, ties by id', async () => {
    const byDefault = await list<Row>('/cashier/deposits?view=all&pageSize=100', finance);
    expect(byDefault.map((row) => row.id)).toEqual(depositIds);
    const pairs = amountsAndIds(byDefault);
    for (const order of ['asc', 'desc'] as const) {
      const sorted = await list<Row>(`/cashier/deposits?view=all&sort=amount&order=${order}&pageSize=100`, finance);
      const numeric = amountsAndIds(sorted).map(([amount, id]) => [Number(amount), id] as [number, number]);
      expect(numeric).toEqual(
        sortedPairs(
          pairs.map(([amount, id]) => [Number(amount), id]),
          order,
        ),
      );
    }
    const newest = await list<Row>('/cashier/deposits?view=all&sort=createdAt&order=desc&pageSize=100', finance);
    expect(newest.map((row) => row.id)).toEqual([...depositIds].reverse());
  });

  it('sorts the withdrawal queue by amount, ties by id', async () => {
    const asc = await list<Row>('/cashier/withdrawals?sort=amount&order=asc&pageSize=100', finance);
    const [w200a, w150, w200b] = withdrawalIds as [number, number, number];
    expect(asc.map((row) => row.id)).toEqual([w150, w200a, w200b]);
    const desc = await list<Row>('/cashier/withdrawals?view=pending&sort=amount&order=desc&pageSize=100', finance);
    expect(desc.map((row) => row.id)).toEqual([w200b, w200a, w150]);
  });

  it('refuses a sort column the cashier lists do not offer', async () => {
    await expectRefused('/cashier/deposits?sort=accountId');
    await expectRefused('/cashier/withdrawals?sort=amount;drop table wallet_withdrawals');
  });
});

describe('audit log and adjustments sorting', () => {
  it('sorts the audit log by action, ties by id, and newest first by default', async () => {
    type Row = { id: number; action: string };
    const byDefault = await list<Row>('/audit?pageSize=100');
    const ids = byDefault.map((row) => row.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    const pairs = byDefault.map((row) => [row.action, row.id] as [string, number]);
    for (const order of ['asc', 'desc'] as const) {
      const sorted = await list<Row>(`/audit?sort=action&order=${order}&pageSize=100`);
      // PostgreSQL compares the ASCII action names byte by byte here, as a plain comparison does.
      const expected = [...pairs].sort((a, b) => {
        const byKey = a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0;
        return (order === 'asc' ? 1 : -1) * (byKey || a[1] - b[1]);
      });
      expect(sorted.map((row) => [row.action, row.id])).toEqual(expected);
    }
    await expectRefused('/audit?sort=hash');
  });

  it('sorts adjustments by amount, ties by id, newest first by default', async () => {
    const player = await newMember('adj');
    const proposed: number[] = [];
    for (const amount of ['20.00', '10.00', '20.00']) {
      const response = await bo.call('POST', '/adjustments', {
        cookie: finance,
        body: { playerId: player.id, direction: 'credit', amount, reason: 'compensation', note: 'Sorting test' },
        headers: { 'idempotency-key': `sort-adj-${randomBytes(6).toString('hex')}` },
      });
      expect(response.statusCode, response.body).toBe(200);
      proposed.push(response.json().value.id);
    }
    const [a20, a10, b20] = proposed as [number, number, number];
    type Row = { id: number };
    const path = `/adjustments?playerId=${player.id}`;
    expect((await list<Row>(path)).map((row) => row.id)).toEqual([b20, a10, a20]);
    expect((await list<Row>(`${path}&sort=amount&order=asc`)).map((row) => row.id)).toEqual([a10, a20, b20]);
    expect((await list<Row>(`${path}&sort=amount&order=desc`)).map((row) => row.id)).toEqual([b20, a20, a10]);
    await expectRefused('/adjustments?sort=note');
  });
});

describe('operators list sorting', () => {
  it('sorts operators by username, role and last sign-in, oldest account first by default', async () => {
    const created = await bo.call('POST', '/operators', {
      cookie: owner,
      body: { username: 'Sort_Amy', role: 'support' },
    });
    expect(created.statusCode, created.body).toBe(200);
    type Row = { id: number; username: string; role: string; lastLoginAt: string | null };
    const byDefault = await list<Row>('/operators');
    expect(byDefault.map((row) => row.id)).toEqual([...byDefault.map((row) => row.id)].sort((a, b) => a - b));
    const names = (rows: Row[]) => rows.map((row) => row.username);
    // Any case: "Sort_Amy" between "owner" and "sort_fin".
    expect(names(await list<Row>('/operators?sort=username&order=asc'))).toEqual(['owner', 'Sort_Amy', 'sort_fin']);
    expect(names(await list<Row>('/operators?sort=username&order=desc'))).toEqual(['sort_fin', 'Sort_Amy', 'owner']);
    expect((await list<Row>('/operators?sort=role&order=asc')).map((row) => row.role)).toEqual([
      'finance',
      'owner',
      'support',
    ]);
    // Sort_Amy never signed in: last either way.
    for (const order of ['asc', 'desc']) {
      expect(names(await list<Row>(`/operators?sort=lastLoginAt&order=${order}`)).at(-1)).toBe('Sort_Amy');
    }
    await expectRefused('/operators?sort=password_hash');
  });
});

describe('inbox messages and feedback sorting', () => {
  async function feedback(type: number, content: string, ip: string): Promise<void> {
    const captcha = await app.inject({ method: 'GET', url: '/wps/captcha', remoteAddress: ip });
    const { captchaId } = captcha.json().value;
    const answer = await app.services.identity.peekCaptchaAnswer(captchaId);
    const response = await app.inject({
      method: 'PUT',
      url: '/wps/feedback',
      remoteAddress: ip,
      payload: { type, content, sender: 'Karim', captchaId, captcha: answer },
    });
    expect(response.statusCode, response.body).toBe(200);
  }

  it('sorts sent messages by title (any case), ties by id, newest first by default', async () => {
    const sent: number[] = [];
    for (const title of ['beta', 'Alpha', 'beta']) {
      const response = await bo.call('POST', '/content/messages', {
        cookie: owner,
        body: { to: 'all', title, content: 'Sorting test' },
        headers: { 'idempotency-key': `sort-msg-${randomBytes(6).toString('hex')}` },
      });
      expect(response.statusCode, response.body).toBe(200);
      sent.push(response.json().value.id);
    }
    const [beta1, alpha, beta2] = sent as [number, number, number];
    const ids = async (query: string) => {
      const response = await bo.call('GET', `/content/messages${query}`, { cookie: owner });
      expect(response.statusCode, response.body).toBe(200);
      return (response.json().value.content as { id: number }[]).map((row) => row.id);
    };
    expect(await ids('')).toEqual([beta2, alpha, beta1]);
    expect(await ids('?sort=title&order=asc')).toEqual([alpha, beta1, beta2]);
    expect(await ids('?sort=title&order=desc')).toEqual([beta2, beta1, alpha]);
    await expectRefused('/content/messages?sort=content');
  });

  it('sorts feedback by type, ties by id', async () => {
    await feedback(6, 'First, type 6', '10.51.0.1');
    await feedback(1, 'Second, type 1', '10.51.0.2');
    await feedback(6, 'Third, type 6', '10.51.0.3');
    type Row = { id: number; type: number };
    const rows = async (query: string) => {
      const response = await bo.call('GET', `/content/feedback${query}`, { cookie: owner });
      expect(response.statusCode, response.body).toBe(200);
      return (response.json().value.content as Row[]).map((row) => [row.type, row.id]);
    };
    const newest = await rows('');
    expect(newest.map(([, id]) => id)).toEqual([...newest.map(([, id]) => id)].sort((a, b) => (b ?? 0) - (a ?? 0)));
    const byType = await rows('?sort=type&order=asc');
    expect(byType).toEqual([...newest].sort((a, b) => (a[0] ?? 0) - (b[0] ?? 0) || (a[1] ?? 0) - (b[1] ?? 0)));
    const byTypeDesc = await rows('?sort=type&order=desc');
    expect(byTypeDesc).toEqual([...byType].reverse());
    await expectRefused('/content/feedback?sort=sender');
  });
});

import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  backofficeApiPrefix,
  backofficeSessionCookie,
  type CashierQueueMessage,
  cashierQueueMessageSchema,
  cashierQueuePaths,
  type OperatorWithdrawal,
} from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { Database } from '../../platform/db';
import { createKv, type Kv } from '../../platform/kv';
import { buildTestApp, createTestDatabase, testEnv } from '../../testing';
import { createTestClock, operatorSessions, ownerPassword } from './backoffice.test-helpers';

/**
 * The live cashier queues: the operators' socket under `/bo/api/cashier/events` on two instances that share the
 * database and the pub/sub (Redis when TEST_REDIS_URL is set, each instance with its own connection, as in
 * production; one in-process pub/sub otherwise). A queue change made through instance A reaches an operator whose
 * console is connected to instance B.
 */

const loginPassword = 'Secret#2026';
const paymentPassword = '246810';

type Closed = { code: number; reason: string };

/** A socket client that keeps every frame it hears and waits for the ones a test expects. */
class QueueClient {
  readonly messages: CashierQueueMessage[] = [];
  readonly opened: Promise<void>;
  readonly closed: Promise<Closed>;
  readonly socket: WebSocket;

  constructor(url: string, options: WebSocket.ClientOptions) {
    this.socket = new WebSocket(url, options);
    this.socket.on('message', (data) => {
      this.messages.push(cashierQueueMessageSchema.parse(JSON.parse(data.toString())));
    });
    this.opened = new Promise((resolve, reject) => {
      this.socket.once('open', () => resolve());
      this.socket.once('error', reject);
    });
    this.closed = new Promise((resolve) => {
      this.socket.once('close', (code, reason) => resolve({ code, reason: reason.toString() }));
    });
  }

  async next<K extends CashierQueueMessage['type']>(
    type: K,
    where: (message: Extract<CashierQueueMessage, { type: K }>) => boolean = () => true,
  ): Promise<Extract<CashierQueueMessage, { type: K }>> {
    const find = () =>
      this.messages.find(
        (message): message is Extract<CashierQueueMessage, { type: K }> =>
          message.type === type && where(message as Extract<CashierQueueMessage, { type: K }>),
      );
    await expect.poll(() => find() !== undefined, { timeout: 5000, interval: 10 }).toBe(true);
    const found = find();
    if (!found) throw new Error(`no ${type} message`);
    return found;
  }

  close(): void {
    this.socket.close();
  }
}

const socketUrl = (app: FastifyInstance) =>
  `ws://127.0.0.1:${(app.server.address() as AddressInfo).port}${backofficeApiPrefix}${cashierQueuePaths.socket}`;

/** The HTTP status the upgrade is answered with (101 when the socket opens). */
function upgradeStatus(app: FastifyInstance, headers: Record<string, string>): Promise<number> {
  const socket = new WebSocket(socketUrl(app), { headers });
  return new Promise<number>((resolve) => {
    socket.on('unexpected-response', (_request, response) => resolve(response.statusCode ?? 0));
    socket.on('open', () => {
      socket.close();
      resolve(101);
    });
  });
}

function pngBytes(): Buffer {
  const png = new PNG({ width: 4, height: 3 });
  png.data.fill(200);
  return PNG.sync.write(png);
}

/** A multipart/form-data body of a manual deposit with one PNG receipt. */
function manualDepositForm(amount: string) {
  const boundary = `----boqueue${randomBytes(8).toString('hex')}`;
  const field = (name: string, value: string) =>
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`);
  const payload = Buffer.concat([
    field('channelCode', 'MANUAL_BANK'),
    field('amount', amount),
    field('reference', 'TX-LIVE-1'),
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="receipts"; filename="receipt.png"\r\nContent-Type: image/png\r\n\r\n`,
    ),
    pngBytes(),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, contentType: `multipart/form-data; boundary=${boundary}` };
}

describe('live cashier queues across two instances', () => {
  const clock = createTestClock();
  const uploadsDir = mkdtempSync(path.join(tmpdir(), 'bo-queue-uploads-'));
  const keyPrefix = `bo-queue:${randomBytes(6).toString('hex')}:`;
  let database: Database;
  let kvA: Kv;
  let kvB: Kv;
  let appA: FastifyInstance;
  let appB: FastifyInstance;
  const clients: QueueClient[] = [];
  const cookies: Record<'owner' | 'finance' | 'finance2' | 'risk' | 'support' | 'content', string> = {
    owner: '',
    finance: '',
    finance2: '',
    risk: '',
    support: '',
    content: '',
  };
  let members = 0;
  let keys = 0;
  const key = (label: string) => `queue-${label}-${Date.now()}-${++keys}`;

  const sessions = operatorSessions(() => appA, clock);
  const { bo, signIn } = sessions;
  const operator = (username: string, role: string) => sessions.operator(cookies.owner, username, role);

  async function openQueue(app: FastifyInstance, cookie: string): Promise<QueueClient> {
    const client = new QueueClient(socketUrl(app), { headers: { cookie: `${backofficeSessionCookie}=${cookie}` } });
    clients.push(client);
    await client.opened;
    await client.next('ready');
    return client;
  }

  async function newMember(funds?: string) {
    members += 1;
    const username = `boq${Date.now().toString(36).slice(-6)}${members}`.slice(0, 16);
    const account = await appA.services.identity.createAccount({
      username,
      password: loginPassword,
      type: 0,
      uplineId: null,
    });
    await appA.services.identity.setPaymentPassword(account.id, paymentPassword);
    await appA.services.identity.setPayeeNameIfEmpty(account.id, 'Rahim Uddin');
    const { token } = await appA.services.identity.login(
      { username, password: loginPassword },
      { ip: `10.7.${members % 250}.1` },
    );
    if (funds) {
      const { wallet } = appA.services;
      const [clearing, cash] = await Promise.all([
        wallet.ensureAccount({ type: 'house' }, 'PAYMENT_CLEARING', 'BDT'),
        wallet.ensureAccount({ type: 'player', id: account.id }, 'PLAYER_CASH', 'BDT'),
      ]);
      await wallet.transfer({
        idempotencyKey: `queue-fund:${randomBytes(8).toString('hex')}`,
        debit: clearing.id,
        credit: cash.id,
        amountMinor: BigInt(funds) * 100n,
        currency: 'BDT',
        kind: 'DEPOSIT',
      });
    }
    return { id: account.id, username, token };
  }

  async function manualDeposit(app: FastifyInstance, member: { token: string }, amount: string): Promise<number> {
    const form = manualDepositForm(amount);
    const response = await app.inject({
      method: 'POST',
      url: '/wps/cashier/deposit/manual',
      headers: { authorization: member.token, 'idempotency-key': key('dep'), 'content-type': form.contentType },
      payload: form.payload,
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().value.id as number;
  }

  const boundAccounts = new Map<string, number>();
  async function requestWithdrawal(app: FastifyInstance, member: { token: string }, amount: string): Promise<number> {
    const headers = { authorization: member.token };
    let bankAccountId = boundAccounts.get(member.token);
    if (bankAccountId === undefined) {
      const bound = await app.inject({
        method: 'POST',
        url: '/wps/member/bank-accounts',
        headers,
        payload: { bankCode: 'BKASH', accountNumber: '01712345678', holderName: 'Rahim Uddin' },
      });
      expect(bound.statusCode, bound.body).toBe(200);
      bankAccountId = bound.json().value.id as number;
      boundAccounts.set(member.token, bankAccountId);
    }
    const response = await app.inject({
      method: 'POST',
      url: '/wps/cashier/withdraw',
      headers: { ...headers, 'idempotency-key': key('wd') },
      payload: { amount, bankAccountId, paymentPassword },
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().value.id as number;
  }

  beforeAll(async () => {
    database = await createTestDatabase();
    kvA = createKv({ redisUrl: testEnv.redisUrl, keyPrefix });
    kvB = testEnv.redisUrl ? createKv({ redisUrl: testEnv.redisUrl, keyPrefix }) : kvA;
    const config = {
      publicUrl: 'https://portal.example',
      boOwnerPassword: ownerPassword,
      uploadsDir,
      rateLimitPerMinute: 100_000,
      loginRateLimitPerMinute: 100_000,
      withdrawMinAmount: '100',
      withdrawDailyMaxCount: 100,
    };
    appA = await buildTestApp(config, { database, kv: kvA, now: clock.now });
    appB = await buildTestApp(config, { database, kv: kvB, now: clock.now });
    await appA.listen({ port: 0, host: '127.0.0.1' });
    await appB.listen({ port: 0, host: '127.0.0.1' });
    cookies.owner = await signIn('owner', ownerPassword);
    cookies.finance = await operator('finance.live', 'finance');
    cookies.finance2 = await operator('finance.other', 'finance');
    cookies.risk = await operator('risk.live', 'risk');
    cookies.support = await operator('support.live', 'support');
    cookies.content = await operator('content.live', 'content');
  }, 120_000);

  afterAll(async () => {
    for (const client of clients) client.close();
    await appA?.close();
    await appB?.close();
    await kvA?.close();
    if (kvB && kvB !== kvA) await kvB.close();
    await database?.close();
    rmSync(uploadsDir, { recursive: true, force: true });
  });

  it('refuses the socket without a session, with a player token, without cashier.read, and from another site', async () => {
    const member = await newMember();
    expect(await upgradeStatus(appA, {})).toBe(401);
    expect(await upgradeStatus(appA, { authorization: member.token })).toBe(401);
    expect(await upgradeStatus(appA, { cookie: `${backofficeSessionCookie}=${member.token}` })).toBe(401);
    for (const role of ['support', 'content'] as const) {
      expect(await upgradeStatus(appA, { cookie: `${backofficeSessionCookie}=${cookies[role]}` }), role).toBe(403);
    }
    expect(
      await upgradeStatus(appA, {
        cookie: `${backofficeSessionCookie}=${cookies.finance}`,
        origin: 'https://evil.example',
      }),
    ).toBe(403);
    // Risk may look at the queues (cashier.read), so it may watch them live; the console's own origin is fine.
    expect(
      await upgradeStatus(appB, {
        cookie: `${backofficeSessionCookie}=${cookies.risk}`,
        origin: `http://127.0.0.1:${(appB.server.address() as AddressInfo).port}`,
      }),
    ).toBe(101);
  });

  it('says ready with the queue sizes, then pushes a filed manual deposit and its approval with the new sizes', async () => {
    const watcher = await openQueue(appA, cookies.risk);
    const start = (await watcher.next('ready')).counts;
    const member = await newMember();

    const id = await manualDeposit(appA, member, '2500');
    const submitted = await watcher.next('deposit', (event) => event.depositId === id && event.action === 'submitted');
    expect(submitted).toEqual({
      type: 'deposit',
      action: 'submitted',
      depositId: id,
      amount: '2500.00',
      currency: 'BDT',
      member: { id: member.id, username: member.username },
      by: null,
      counts: { ...start, deposits: start.deposits + 1 },
    });

    const approved = await bo(appA, 'POST', `/cashier/deposits/${id}/approve`, { cookie: cookies.finance, body: {} });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(
      await watcher.next('deposit', (event) => event.depositId === id && event.action === 'approved'),
    ).toMatchObject({ by: 'finance.live', counts: start });

    const rejectedId = await manualDeposit(appA, member, '800');
    const rejected = await bo(appA, 'POST', `/cashier/deposits/${rejectedId}/reject`, {
      cookie: cookies.finance,
      body: { reason: 'No such transfer' },
    });
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(
      await watcher.next('deposit', (event) => event.depositId === rejectedId && event.action === 'rejected'),
    ).toMatchObject({ amount: '800.00', by: 'finance.live', counts: start });
  });

  it('reaches an operator on instance B when a member asks on A, and another operator’s decision on A empties everyone’s queue', async () => {
    const onB = await openQueue(appB, cookies.finance);
    const alsoOnA = await openQueue(appA, cookies.risk);
    const start = (await onB.next('ready')).counts;
    const member = await newMember('5000');

    const id = await requestWithdrawal(appA, member, '1200');
    for (const client of [onB, alsoOnA]) {
      expect(
        await client.next('withdrawal', (event) => event.withdrawalId === id && event.action === 'requested'),
      ).toMatchObject({
        amount: '1200.00',
        member: { id: member.id, username: member.username },
        counts: { withdrawals: start.withdrawals + 1 },
      });
    }
    // What B's console refetches on that event shows the new request.
    const queueOnB = await bo(appB, 'GET', '/cashier/withdrawals?pageSize=100', { cookie: cookies.finance });
    expect(queueOnB.json().value.items.map((item: OperatorWithdrawal) => item.id)).toContain(id);

    // Another finance operator, on instance A, pays it out.
    const paid = await bo(appA, 'POST', `/cashier/withdrawals/${id}/approve`, { cookie: cookies.finance2, body: {} });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(
      await onB.next('withdrawal', (event) => event.withdrawalId === id && event.action === 'approved'),
    ).toMatchObject({ by: 'finance.other', counts: { withdrawals: start.withdrawals } });
    const afterOnB = await bo(appB, 'GET', '/cashier/withdrawals?pageSize=100', { cookie: cookies.finance });
    expect(afterOnB.json().value.items.map((item: OperatorWithdrawal) => item.id)).not.toContain(id);

    const rejectedId = await requestWithdrawal(appB, member, '500');
    await alsoOnA.next('withdrawal', (event) => event.withdrawalId === rejectedId && event.action === 'requested');
    const rejected = await bo(appB, 'POST', `/cashier/withdrawals/${rejectedId}/reject`, {
      cookie: cookies.finance,
      body: { reason: 'Name mismatch' },
    });
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(
      await alsoOnA.next('withdrawal', (event) => event.withdrawalId === rejectedId && event.action === 'rejected'),
    ).toMatchObject({ by: 'finance.live', counts: { withdrawals: start.withdrawals } });
  });

  it('pushes a paid withdrawal the member disputes into the disputed count', async () => {
    const watcher = await openQueue(appB, cookies.finance);
    const start = (await watcher.next('ready')).counts;
    const member = await newMember('3000');
    const id = await requestWithdrawal(appA, member, '1000');
    const paid = await bo(appA, 'POST', `/cashier/withdrawals/${id}/approve`, { cookie: cookies.finance, body: {} });
    expect(paid.statusCode, paid.body).toBe(200);
    const proof = await appA.inject({
      method: 'POST',
      url: '/wps/cashier/withdraw/confirm',
      headers: { authorization: member.token },
      payload: { withdrawalId: id, result: 'not_received' },
    });
    expect(proof.statusCode, proof.body).toBe(200);
    expect(
      await watcher.next('withdrawal', (event) => event.withdrawalId === id && event.action === 'disputed'),
    ).toMatchObject({ by: null, counts: { disputed: start.disputed + 1, withdrawals: start.withdrawals } });
  });

  it('closes the operators’ sockets with "going away" when the instance shuts down', async () => {
    const extra = await buildTestApp(
      { publicUrl: 'https://portal.example', uploadsDir, rateLimitPerMinute: 100_000 },
      { database, kv: kvA, now: clock.now },
    );
    await extra.listen({ port: 0, host: '127.0.0.1' });
    const client = await openQueue(extra, cookies.finance);
    await extra.close();
    expect((await client.closed).code).toBe(1001);
  });
});

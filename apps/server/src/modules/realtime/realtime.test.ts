import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type RealtimeServerMessage, realtimeCloseCodes, realtimeServerMessageSchema } from '@portal/contract';
import Fastify, { type FastifyInstance, type LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import WebSocket from 'ws';
import { createKv, MemoryPubSub } from '../../platform/kv';
import { buildTestApp, createTestDatabase, testEnv } from '../../testing';
import { realtimeRoutes } from './realtime.routes';
import { createRealtimeService } from './realtime.service';

// Cashier set-up for these tests (the wallet module's test helpers are its own): the simulator PSP with its callbacks
// delivered through inject, members created and logged in through the identity service, funded through the ledger.
const loginPassword = 'Secret#2026';
const paymentPassword = '246810';

async function buildCashierApp(): Promise<FastifyInstance> {
  const uploadsDir = mkdtempSync(path.join(tmpdir(), 'realtime-uploads-'));
  const holder: { app: FastifyInstance | null } = { app: null };
  const app = await buildTestApp(
    {
      paymentSimEnabled: true,
      paymentSimSecret: 'test-simulator-secret-0123456789',
      uploadsDir,
      rateLimitPerMinute: 100_000,
      loginRateLimitPerMinute: 100_000,
    },
    {
      paymentSimTransport: async ({ url, headers, body }) => {
        if (!holder.app) throw new Error('app not ready');
        const response = await holder.app.inject({
          method: 'POST',
          url: new URL(url).pathname,
          headers,
          payload: body,
        });
        return { statusCode: response.statusCode, body: response.body };
      },
    },
  );
  holder.app = app;
  app.addHook('onClose', async () => rmSync(uploadsDir, { recursive: true, force: true }));
  return app;
}

type Member = { id: number; token: string };
let memberCount = 0;

async function newMember(app: FastifyInstance, options: { funds?: string; payeeName?: string } = {}): Promise<Member> {
  memberCount += 1;
  const username = `rt${Date.now().toString(36).slice(-6)}${memberCount}`.slice(0, 16);
  const account = await app.services.identity.createAccount({
    username,
    password: loginPassword,
    type: 0,
    uplineId: null,
  });
  await app.services.identity.setPaymentPassword(account.id, paymentPassword);
  if (options.payeeName) await app.services.identity.setPayeeNameIfEmpty(account.id, options.payeeName);
  const { token } = await app.services.identity.login(
    { username, password: loginPassword },
    { ip: `10.8.${memberCount % 250}.1` },
  );
  if (options.funds) {
    const { wallet } = app.services;
    const [clearing, cash] = await Promise.all([
      wallet.ensureAccount({ type: 'house' }, 'PAYMENT_CLEARING', 'BDT'),
      wallet.ensureAccount({ type: 'player', id: account.id }, 'PLAYER_CASH', 'BDT'),
    ]);
    await wallet.transfer({
      idempotencyKey: `test-fund:${randomBytes(8).toString('hex')}`,
      debit: clearing.id,
      credit: cash.id,
      amountMinor: BigInt(options.funds) * 100n,
      currency: 'BDT',
      kind: 'DEPOSIT',
    });
  }
  return { id: account.id, token };
}

async function trialToken(app: FastifyInstance): Promise<string> {
  const response = await app.inject({ method: 'POST', url: '/wps/session/login/freeplay', payload: {} });
  if (response.statusCode !== 200) throw new Error(`free play: ${response.body}`);
  return response.json().value.token as string;
}

function call(
  app: FastifyInstance,
  method: 'GET' | 'POST' | 'DELETE',
  url: string,
  member: Member,
  options: { payload?: object; key?: string } = {},
): Promise<LightMyRequestResponse> {
  return app.inject({
    method,
    url,
    headers: { authorization: member.token, ...(options.key ? { 'idempotency-key': options.key } : {}) },
    ...(options.payload === undefined ? {} : { payload: options.payload }),
  });
}

type Closed = { code: number; reason: string };

/** A `ws` client that records what the server sends and how the socket ended. */
class Client {
  readonly messages: RealtimeServerMessage[] = [];
  readonly opened: Promise<void>;
  readonly closed: Promise<Closed>;
  readonly socket: WebSocket;

  constructor(url: string, options: WebSocket.ClientOptions = {}) {
    this.socket = new WebSocket(url, options);
    this.socket.on('message', (data) => {
      this.messages.push(realtimeServerMessageSchema.parse(JSON.parse(data.toString())));
    });
    this.opened = new Promise((resolve, reject) => {
      this.socket.once('open', () => resolve());
      this.socket.once('error', reject);
    });
    this.closed = new Promise((resolve) => {
      this.socket.once('close', (code, reason) => resolve({ code, reason: reason.toString() }));
    });
  }

  send(message: unknown): void {
    this.socket.send(JSON.stringify(message));
  }

  /** Waits for a message of the type (and matching `where`), already received or to come. */
  async next<T extends RealtimeServerMessage['type']>(
    type: T,
    where: (message: Extract<RealtimeServerMessage, { type: T }>) => boolean = () => true,
    timeoutMs = 3000,
  ): Promise<Extract<RealtimeServerMessage, { type: T }>> {
    const find = () =>
      this.messages.find(
        (message): message is Extract<RealtimeServerMessage, { type: T }> =>
          message.type === type && where(message as Extract<RealtimeServerMessage, { type: T }>),
      );
    await expect.poll(() => find() !== undefined, { timeout: timeoutMs, interval: 10 }).toBe(true);
    const found = find();
    if (!found) throw new Error(`no ${type} message`);
    return found;
  }

  close(): void {
    this.socket.close();
  }
}

function socketUrl(app: FastifyInstance): string {
  const address = app.server.address() as AddressInfo;
  return `ws://127.0.0.1:${address.port}/wps/realtime`;
}

/** Opens a socket and authenticates it with the token; resolves once the server says `ready`. */
async function connect(app: FastifyInstance, token: string): Promise<Client> {
  const client = new Client(socketUrl(app));
  await client.opened;
  client.send({ type: 'auth', token });
  await client.next('ready');
  return client;
}

const noticeEvent = (text: string) => ({ type: 'notice', kind: 'test', params: { text } }) as const;

describe('realtime socket on the real app', () => {
  let app: FastifyInstance;
  const clients: Client[] = [];
  const open = async (token: string) => {
    const client = await connect(app, token);
    clients.push(client);
    return client;
  };

  beforeAll(async () => {
    app = await buildCashierApp();
    await app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    for (const client of clients) client.close();
    await app.close();
  });

  it('accepts a session token as the first message and answers pings', async () => {
    const member = await newMember(app);
    const client = await open(member.token);
    expect(await client.next('ready')).toEqual({ type: 'ready', accountId: member.id });
    expect(app.services.realtime.connectionCount(member.id)).toBe(1);
    client.send({ type: 'ping' });
    await client.next('pong');
  });

  it('says whether an account has a socket connected, for callers that build events only for a listener', async () => {
    const member = await newMember(app);
    expect(await app.services.realtime.isListening(member.id)).toBe(false);
    const client = await connect(app, member.token);
    expect(await app.services.realtime.isListening(member.id)).toBe(true);
    client.close();
    await vi.waitFor(async () => expect(await app.services.realtime.isListening(member.id)).toBe(false));
  });

  it('closes with the policy code on a bad token, a wrong first message or a trial session', async () => {
    const cases: Array<{ message: unknown; reason: string }> = [
      { message: { type: 'auth', token: 'not-a-session' }, reason: 'unauthorized' },
      { message: { hello: 'world' }, reason: 'auth expected' },
      { message: { type: 'auth', token: await trialToken(app) }, reason: 'real account required' },
    ];
    for (const { message, reason } of cases) {
      const client = new Client(socketUrl(app));
      await client.opened;
      client.send(message);
      expect(await client.closed).toEqual({ code: realtimeCloseCodes.policy, reason });
      expect(client.messages).toEqual([]);
    }
  });

  it('no longer accepts a token after logout', async () => {
    const member = await newMember(app);
    const logout = await call(app, 'DELETE', '/wps/session/logout', member);
    expect(logout.statusCode, logout.body).toBe(200);
    const client = new Client(socketUrl(app));
    await client.opened;
    client.send({ type: 'auth', token: member.token });
    expect((await client.closed).code).toBe(realtimeCloseCodes.policy);
  });

  it("delivers an account's event to its sockets only", async () => {
    const alice = await newMember(app);
    const bob = await newMember(app);
    const aliceTabs = [await open(alice.token), await open(alice.token)];
    const bobTab = await open(bob.token);
    await app.services.realtime.publishToAccount(alice.id, noticeEvent('for alice'));
    for (const tab of aliceTabs) expect(await tab.next('notice')).toMatchObject({ params: { text: 'for alice' } });
    await app.services.realtime.publishToAccount(bob.id, noticeEvent('for bob'));
    await bobTab.next('notice');
    expect(bobTab.messages.filter((message) => message.type === 'notice')).toEqual([noticeEvent('for bob')]);
    for (const tab of aliceTabs) expect(tab.messages.filter((message) => message.type === 'notice')).toHaveLength(1);
  });

  it('rejects an event that does not match the contract', async () => {
    await expect(
      app.services.realtime.publishToAccount(1, { type: 'deposit' } as unknown as ReturnType<typeof noticeEvent>),
    ).rejects.toThrow();
  });

  async function startDeposit(member: Member, amount: string) {
    const response = await call(app, 'POST', '/wps/cashier/deposit', member, {
      key: `rt-dep-${Date.now()}-${Math.random()}`,
      payload: { channelCode: 'SIM_EWALLET', amount },
    });
    expect(response.statusCode, response.body).toBe(200);
    const deposit = response.json().value as { id: number; redirectUrl: string };
    const intentId = /\/gateway-sim\/pay\/(sim_[0-9a-f]+)/.exec(deposit.redirectUrl)?.[1];
    if (!intentId) throw new Error(`no intent in ${deposit.redirectUrl}`);
    return { deposit, intentId };
  }

  it('tells the member when a simulator deposit arrives, with the new balance, and when one fails', async () => {
    const member = await newMember(app, { funds: '50' });
    const client = await open(member.token);
    const simulator = app.services.paymentSimulator;
    if (!simulator) throw new Error('simulator off');

    const arrived = await startDeposit(member, '1200.50');
    await simulator.decide(arrived.intentId, 'approve');
    expect(await client.next('deposit', (event) => event.depositId === arrived.deposit.id)).toMatchObject({
      type: 'deposit',
      status: 'arrived',
      amount: '1200.50',
      currency: 'BDT',
      balance: { currency: 'BDT', main: { amount: '1250.50', minor: '125050' }, total: { amount: '1250.50' } },
    });

    const failed = await startDeposit(member, '300');
    await simulator.decide(failed.intentId, 'decline');
    expect(await client.next('deposit', (event) => event.depositId === failed.deposit.id)).toMatchObject({
      status: 'failed',
      amount: '300.00',
      balance: { main: { amount: '1250.50' } },
    });
  });

  it('tells the member when a withdrawal is approved or rejected, with the balance after it', async () => {
    const member = await newMember(app, { funds: '5000', payeeName: 'Rahim Uddin' });
    const bank = await call(app, 'POST', '/wps/member/bank-accounts', member, {
      payload: { bankCode: 'BKASH', accountNumber: '01712345678', holderName: 'Rahim Uddin' },
    });
    expect(bank.statusCode, bank.body).toBe(200);
    const withdraw = async (amount: string) => {
      const response = await call(app, 'POST', '/wps/cashier/withdraw', member, {
        key: `rt-wd-${Date.now()}-${Math.random()}`,
        payload: { amount, bankAccountId: bank.json().value.id, paymentPassword },
      });
      expect(response.statusCode, response.body).toBe(200);
      return response.json().value.id as number;
    };
    const client = await open(member.token);
    const operator = { operatorId: 7, username: 'ops.rt' };

    const approvedId = await withdraw('1000');
    await app.services.cashier.withdrawals.approveWithdrawal(approvedId, operator);
    expect(await client.next('withdrawal', (event) => event.withdrawalId === approvedId)).toMatchObject({
      status: 'approved',
      amount: '1000.00',
      balance: { main: { amount: '4000.00' }, onHold: { amount: '0.00' } },
    });

    const rejectedId = await withdraw('500');
    await app.services.cashier.withdrawals.rejectWithdrawal(rejectedId, 'name mismatch', operator);
    expect(await client.next('withdrawal', (event) => event.withdrawalId === rejectedId)).toMatchObject({
      status: 'rejected',
      reason: 'name mismatch',
      balance: { main: { amount: '4000.00' }, onHold: { amount: '0.00' } },
    });
  });
});

describe('realtime across instances', () => {
  it('an event published on one instance reaches a socket on another through the shared pub/sub', async () => {
    const database = await createTestDatabase();
    const keyPrefix = `test:${Date.now()}:${Math.random().toString(36).slice(2)}:`;
    const kvA = createKv({ redisUrl: testEnv.redisUrl, keyPrefix });
    const kvB = testEnv.redisUrl ? createKv({ redisUrl: testEnv.redisUrl, keyPrefix }) : kvA;
    const a = await buildTestApp({}, { database, kv: kvA });
    const b = await buildTestApp({}, { database, kv: kvB });
    const clients: Client[] = [];
    try {
      await b.listen({ port: 0, host: '127.0.0.1' });
      const member = await newMember(a);
      const other = await newMember(a);
      const client = await connect(b, member.token);
      const otherClient = await connect(b, other.token);
      clients.push(client, otherClient);
      await a.services.realtime.publishToAccount(member.id, noticeEvent('from a'));
      expect(await client.next('notice')).toEqual(noticeEvent('from a'));
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(otherClient.messages.filter((message) => message.type === 'notice')).toEqual([]);
    } finally {
      for (const client of clients) client.close();
      await a.close();
      await b.close();
      await kvA.close();
      if (kvB !== kvA) await kvB.close();
      await database.close();
    }
  });
});

describe('realtime shutdown', () => {
  it('app.close() closes the sockets with "going away", authenticated or not', async () => {
    const app = await buildCashierApp();
    await app.listen({ port: 0, host: '127.0.0.1' });
    const member = await newMember(app);
    const client = await connect(app, member.token);
    const pending = new Client(socketUrl(app));
    await pending.opened;
    await app.close();
    expect((await client.closed).code).toBe(realtimeCloseCodes.goingAway);
    expect((await pending.closed).code).toBe(realtimeCloseCodes.goingAway);
    expect(app.services.realtime.connectionCount()).toBe(0);
  });
});

describe('realtime routes with short timers', () => {
  let app: FastifyInstance;
  const sessions: Record<string, number> = { 'token-1': 1, 'token-2': 2 };

  beforeAll(async () => {
    app = Fastify();
    const realtime = createRealtimeService({
      pubsub: new MemoryPubSub(),
      log: app.log,
      maxConnectionsPerAccount: 2,
      heartbeatIntervalMs: 100,
    });
    await app.register(realtimeRoutes, {
      realtime,
      authTimeoutMs: 150,
      identity: {
        resolveSession: async (token: string) => {
          const accountId = sessions[token];
          return accountId
            ? { auth: { accountId, sessionId: token, accountType: 0, role: 'member' }, passwordChangeRequired: false }
            : null;
        },
      },
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => app.close());

  it('closes a socket that does not authenticate in time', async () => {
    const client = new Client(socketUrl(app));
    await client.opened;
    expect(await client.closed).toEqual({ code: realtimeCloseCodes.policy, reason: 'auth timeout' });
  });

  it('drops a socket that stops answering pings, keeps one that answers', async () => {
    const silent = new Client(socketUrl(app), { autoPong: false });
    await silent.opened;
    silent.send({ type: 'auth', token: 'token-2' });
    await silent.next('ready');
    const lively = await connect(app, 'token-1');
    expect((await silent.closed).code).toBe(realtimeCloseCodes.idle);
    expect(lively.socket.readyState).toBe(WebSocket.OPEN);
    lively.close();
  });

  it('pushes the oldest socket out beyond the per-account cap', async () => {
    const first = await connect(app, 'token-1');
    const second = await connect(app, 'token-1');
    const third = await connect(app, 'token-1');
    expect(await first.closed).toEqual({ code: realtimeCloseCodes.replaced, reason: 'too many connections' });
    expect(second.socket.readyState).toBe(WebSocket.OPEN);
    expect(third.socket.readyState).toBe(WebSocket.OPEN);
    second.close();
    third.close();
  });
});

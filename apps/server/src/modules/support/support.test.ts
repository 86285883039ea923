import type { AddressInfo } from 'node:net';
import {
  backofficeApiPrefix,
  backofficeSessionCookie,
  type ChatServerMessage,
  chatServerMessageSchema,
  type OperatorChatEvent,
  operatorChatEventSchema,
} from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { Database } from '../../platform/db';
import { AppError } from '../../platform/http/app-error';
import { createKv, type Kv } from '../../platform/kv';
import { buildTestApp, createTestDatabase } from '../../testing';
import { createTestClock, operatorSessions, ownerPassword } from '../backoffice/backoffice.test-helpers';
import { checkMessageText } from './support.service';
import { signChatToken, verifyChatToken } from './support.token';

describe('chat tokens', () => {
  const secret = 'a-test-secret-of-enough-length';
  const now = new Date('2026-11-22T04:00:00Z');
  const later = new Date(now.getTime() + 60_000);

  it('accepts its own token until it expires', () => {
    const token = signChatToken(secret, 42, later);
    expect(verifyChatToken(secret, token, now)).toBe(42);
    expect(verifyChatToken(secret, token, later)).toBeNull();
  });

  it('refuses a token signed with another secret, edited, or malformed', () => {
    const token = signChatToken(secret, 42, later);
    expect(verifyChatToken('another-secret-of-enough-length', token, now)).toBeNull();
    expect(verifyChatToken(secret, token.replace('v1.42.', 'v1.43.'), now)).toBeNull();
    const [v, id, , sig] = token.split('.');
    expect(verifyChatToken(secret, `${v}.${id}.${later.getTime() + 1}.${sig}`, now)).toBeNull();
    for (const bad of ['', 'v1.42', 'v2.42.1.x', `${token}.x`, 'x'.repeat(300)]) {
      expect(verifyChatToken(secret, bad, now)).toBeNull();
    }
  });
});

describe('message text rules', () => {
  const code = (text: string) => {
    try {
      checkMessageText(text);
      return 'ok';
    } catch (error) {
      return error instanceof AppError ? error.code : 'other';
    }
  };

  it('refuses empty and whitespace-only messages', () => {
    expect(code('')).toBe('SUPPORT_MESSAGE_EMPTY');
    expect(code('  \n\t ')).toBe('SUPPORT_MESSAGE_EMPTY');
  });

  it('allows 1000 characters (code points) and refuses 1001', () => {
    expect(code('a'.repeat(1000))).toBe('ok');
    expect(code('😀'.repeat(1000))).toBe('ok');
    expect(code('a'.repeat(1001))).toBe('SUPPORT_MESSAGE_TOO_LONG');
  });

  it('keeps markup as plain text (trimmed)', () => {
    expect(checkMessageText('  <b>hi</b>  ')).toBe('<b>hi</b>');
  });
});

// ------------------------------------------------------------------------------------ two instances

type Closed = { code: number; reason: string };

/** A WebSocket client that keeps every message it hears and waits for the ones a test expects. */
class Client<T extends { type: string }> {
  readonly messages: T[] = [];
  readonly opened: Promise<void>;
  readonly closed: Promise<Closed>;
  readonly socket: WebSocket;
  private waiters: (() => void)[] = [];

  constructor(url: string, parse: (value: unknown) => T, options: WebSocket.ClientOptions = {}) {
    this.socket = new WebSocket(url, options);
    this.socket.on('message', (data) => {
      this.messages.push(parse(JSON.parse(data.toString())));
      for (const wake of this.waiters.splice(0)) wake();
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

  async next<K extends T['type']>(type: K, where: (message: Extract<T, { type: K }>) => boolean = () => true) {
    const deadline = Date.now() + 5000;
    for (;;) {
      const found = this.messages.find(
        (message): message is Extract<T, { type: K }> =>
          message.type === type && where(message as Extract<T, { type: K }>),
      );
      if (found) return found;
      if (Date.now() > deadline) throw new Error(`no ${type} message; got ${JSON.stringify(this.messages)}`);
      await new Promise<void>((resolve) => {
        this.waiters.push(resolve);
        setTimeout(resolve, 100);
      });
    }
  }

  close(): void {
    this.socket.close();
  }
}

const chatUrl = (app: FastifyInstance) =>
  `ws://127.0.0.1:${(app.server.address() as AddressInfo).port}/wps/support/chat`;
const operatorUrl = (app: FastifyInstance) =>
  `ws://127.0.0.1:${(app.server.address() as AddressInfo).port}${backofficeApiPrefix}/support/socket`;

describe('live chat across two instances sharing the database and the pub/sub', () => {
  const clock = createTestClock();
  let database: Database;
  let kv: Kv;
  let appA: FastifyInstance;
  let appB: FastifyInstance;
  const clients: Client<{ type: string }>[] = [];
  let supportCookie = '';
  let financeCookie = '';
  let ownerCookie = '';
  let memberToken = '';
  let memberName = '';

  const sessions = operatorSessions(() => appA, clock);
  const { bo, signIn } = sessions;
  const operator = (username: string, role: string) => sessions.operator(ownerCookie, username, role);

  const launch = (app: FastifyInstance, body: unknown, headers: Record<string, string> = {}) =>
    app.inject({ method: 'POST', url: '/wps/relay/CBS_launchChat', payload: body as object, headers });

  async function openChat(app: FastifyInstance, chatToken: string) {
    const client = new Client<ChatServerMessage>(chatUrl(app), (value) => chatServerMessageSchema.parse(value));
    clients.push(client);
    await client.opened;
    client.send({ type: 'auth', chatToken });
    await client.next('ready');
    return client;
  }

  async function openOperator(app: FastifyInstance, cookie: string) {
    const client = new Client<OperatorChatEvent>(operatorUrl(app), (value) => operatorChatEventSchema.parse(value), {
      headers: { cookie: `${backofficeSessionCookie}=${cookie}` },
    });
    clients.push(client);
    await client.opened;
    await client.next('ready');
    return client;
  }

  beforeAll(async () => {
    database = await createTestDatabase();
    kv = createKv({ keyPrefix: 'support-test:' });
    const config = {
      publicUrl: 'https://portal.example',
      boOwnerPassword: ownerPassword,
      chatTokenSecret: 'shared-chat-secret-0123456789',
      rateLimitPerMinute: 100_000,
      loginRateLimitPerMinute: 100_000,
    };
    appA = await buildTestApp(config, { database, kv, now: clock.now });
    appB = await buildTestApp(config, { database, kv, now: clock.now });
    await appA.listen({ port: 0, host: '127.0.0.1' });
    await appB.listen({ port: 0, host: '127.0.0.1' });
    ownerCookie = await signIn('owner', ownerPassword);
    supportCookie = await operator('helpdesk1', 'support');
    financeCookie = await operator('money1', 'finance');
    memberName = `chat${Date.now().toString(36).slice(-6)}`;
    await appA.services.identity.createAccount({
      username: memberName,
      password: 'Secret#2026',
      type: 0,
      uplineId: null,
    });
    memberToken = (
      await appA.services.identity.login({ username: memberName, password: 'Secret#2026' }, { ip: '10.9.0.1' })
    ).token;
  });

  afterAll(async () => {
    for (const client of clients) client.close();
    await appA?.close();
    await appB?.close();
    await kv?.close();
    await database?.close();
  });

  it('lists live chat and the configured contact links (CBS_modelList)', async () => {
    await appA.services.system.setCustomerService([
      { csType: 'TELEGRAM', title: 'Telegram help', url: 'https://t.me/example', sort: 2, enabled: true },
      { csType: 'LIVECHAT', title: 'Live chat', url: 'https://old-vendor.example/chat', sort: 1, enabled: true },
      { csType: 'WHATSAPP', title: 'Off', url: 'https://wa.me/1', sort: 3, enabled: false },
    ]);
    const response = await appB.inject({ method: 'POST', url: '/wps/relay/CBS_modelList' });
    expect(response.statusCode).toBe(200);
    expect(response.json().value).toEqual([
      { csType: 'LIVECHAT', title: 'Live chat', url: null, sort: 1 },
      { csType: 'TELEGRAM', title: 'Telegram help', url: 'https://t.me/example', sort: 2 },
    ]);
  });

  it('asks a visitor for a name, in the caller’s language', async () => {
    const en = await launch(appA, {});
    expect(en.statusCode).toBe(400);
    expect(en.json()).toMatchObject({
      code: 'SUPPORT_NAME_REQUIRED',
      message: 'Please tell us your name to start the chat',
    });
    const bn = await launch(appA, { name: '   ' }, { language: 'bn' });
    expect(bn.json()).toMatchObject({ code: 'SUPPORT_NAME_REQUIRED', message: 'চ্যাট শুরু করতে অনুগ্রহ করে আপনার নাম লিখুন' });
  });

  it('gives a member one open conversation under their username, with a chatUrl carrying a signed token', async () => {
    const first = await launch(appA, {}, { authorization: memberToken });
    expect(first.statusCode).toBe(200);
    const value = first.json().value;
    expect(value.chatUrl).toBe(`/live-chat?chatToken=${encodeURIComponent(value.chatToken)}`);
    expect(new Date(value.expiresAt).getTime() - clock.now().getTime()).toBe(120 * 60_000);
    const again = await launch(appB, {}, { authorization: memberToken });
    expect(again.json().value.conversationId).toBe(value.conversationId);
    const client = await openChat(appB, value.chatToken);
    const ready = await client.next('ready');
    expect(ready.conversation).toMatchObject({ name: memberName, accountId: expect.any(Number), status: 'waiting' });
  });

  it('keeps operator calls to operators with the support permission', async () => {
    expect((await bo(appA, 'GET', '/support/conversations')).statusCode).toBe(401);
    const player = await appA.inject({
      method: 'GET',
      url: `${backofficeApiPrefix}/support/conversations`,
      headers: { authorization: memberToken },
    });
    expect(player.statusCode).toBe(401);
    expect((await bo(appA, 'GET', '/support/conversations', { cookie: financeCookie })).statusCode).toBe(403);
    expect((await bo(appB, 'GET', '/support/conversations', { cookie: supportCookie })).statusCode).toBe(200);
    const refused = new WebSocket(operatorUrl(appA), {
      headers: { cookie: `${backofficeSessionCookie}=${financeCookie}` },
    });
    const status = await new Promise<number>((resolve) => {
      refused.on('unexpected-response', (_request, response) => resolve(response.statusCode ?? 0));
      refused.on('open', () => resolve(101));
    });
    expect(status).toBe(403);
    const crossSite = new WebSocket(operatorUrl(appA), {
      headers: { cookie: `${backofficeSessionCookie}=${supportCookie}`, origin: 'https://evil.example' },
    });
    const crossStatus = await new Promise<number>((resolve) => {
      crossSite.on('unexpected-response', (_request, response) => resolve(response.statusCode ?? 0));
      crossSite.on('open', () => resolve(101));
    });
    expect(crossStatus).toBe(403);
  });

  it('delivers a visitor’s message to operators on the other instance and the answer back, live', async () => {
    const operatorSocket = await openOperator(appA, supportCookie);
    const { chatToken, conversationId } = (await launch(appB, { name: '<img src=x onerror=alert(1)>' })).json().value;
    await operatorSocket.next('conversation', (event) => event.conversation.id === conversationId);
    const member = await openChat(appB, chatToken);
    member.send({ type: 'send', text: '  Hello, my deposit is late  ' });
    const heard = await operatorSocket.next('message', (event) => event.message.conversationId === conversationId);
    expect(heard.message).toMatchObject({ sender: 'member', text: 'Hello, my deposit is late' });
    await operatorSocket.next(
      'conversation',
      (event) => event.conversation.id === conversationId && event.conversation.unread === 1,
    );

    const list = await bo(appB, 'GET', '/support/conversations?status=waiting', { cookie: supportCookie });
    expect(list.json().value.find((entry: { id: number }) => entry.id === conversationId)).toMatchObject({
      name: '<img src=x onerror=alert(1)>',
      unread: 1,
      lastMessage: 'Hello, my deposit is late',
    });

    const assigned = await bo(appA, 'POST', `/support/conversations/${conversationId}/assign`, {
      cookie: supportCookie,
      body: {},
    });
    expect(assigned.json().value).toMatchObject({ status: 'assigned', assignedTo: 'helpdesk1' });
    await member.next('status', (event) => event.conversation.status === 'assigned');

    const reply = await bo(appA, 'POST', `/support/conversations/${conversationId}/messages`, {
      cookie: supportCookie,
      body: { text: 'We are checking it now' },
    });
    expect(reply.statusCode).toBe(200);
    const answer = await member.next('message', (event) => event.message.sender === 'operator');
    expect(answer.message).toMatchObject({ text: 'We are checking it now', senderName: 'helpdesk1' });

    const opened = await bo(appB, 'GET', `/support/conversations/${conversationId}`, { cookie: supportCookie });
    expect(opened.json().value.conversation.unread).toBe(0);
    expect(opened.json().value.messages.map((entry: { text: string }) => entry.text)).toEqual([
      'Hello, my deposit is late',
      'We are checking it now',
    ]);
  });

  it('refuses empty, too long and too fast messages with translated codes, and stores none of them', async () => {
    const { chatToken, conversationId } = (await launch(appA, { name: 'Fast typer' })).json().value;
    const member = await openChat(appA, chatToken);
    member.send({ type: 'send', text: '   ', clientId: 'c-empty' });
    expect(await member.next('error', (event) => event.clientId === 'c-empty')).toMatchObject({
      code: 'SUPPORT_MESSAGE_EMPTY',
    });
    member.send({ type: 'send', text: 'x'.repeat(1001), clientId: 'c-long' });
    expect(await member.next('error', (event) => event.clientId === 'c-long')).toMatchObject({
      code: 'SUPPORT_MESSAGE_TOO_LONG',
      params: { max: 1000 },
    });
    for (let index = 1; index <= 6; index += 1) {
      member.send({ type: 'send', text: `message ${index}`, clientId: `c-${index}` });
      if (index <= 5) await member.next('message', (event) => event.message.text === `message ${index}`);
    }
    expect(await member.next('error', (event) => event.clientId === 'c-6')).toMatchObject({
      code: 'SUPPORT_RATE_LIMITED',
    });
    const stored = await bo(appA, 'GET', `/support/conversations/${conversationId}`, { cookie: supportCookie });
    expect(stored.json().value.messages).toHaveLength(5);
    // After the window the member may write again.
    clock.advance(11_000);
    member.send({ type: 'send', text: 'message 7' });
    await member.next('message', (event) => event.message.text === 'message 7');
  });

  it('closes a conversation (audited): the member sees it closed and can no longer write', async () => {
    const { chatToken, conversationId } = (await launch(appA, { name: 'Closing visitor' })).json().value;
    const member = await openChat(appB, chatToken);
    const closed = await bo(appA, 'POST', `/support/conversations/${conversationId}/close`, {
      cookie: supportCookie,
      body: {},
    });
    expect(closed.json().value.status).toBe('closed');
    await member.next('status', (event) => event.conversation.status === 'closed');
    member.send({ type: 'send', text: 'still there?', clientId: 'late' });
    expect(await member.next('error', (event) => event.clientId === 'late')).toMatchObject({
      code: 'SUPPORT_CONVERSATION_CLOSED',
    });
    const reply = await bo(appA, 'POST', `/support/conversations/${conversationId}/messages`, {
      cookie: supportCookie,
      body: { text: 'late answer' },
    });
    expect(reply.json()).toMatchObject({ code: 'SUPPORT_CONVERSATION_CLOSED' });

    const audit = await bo(appA, 'GET', '/audit', { cookie: ownerCookie });
    const actions = audit
      .json()
      .value.items.map((entry: { action: string; target: string | null }) => `${entry.action} ${entry.target}`);
    expect(actions).toContain(`support.close conversation:${conversationId}`);
    expect(actions.some((action: string) => action.startsWith('support.assign conversation:'))).toBe(true);
  });

  // Last: it moves the clock two hours on, past the operators' sessions too.
  it('refuses a forged or expired chat token on the socket', async () => {
    const { chatToken } = (await launch(appA, { name: 'Expiring visitor' })).json().value;
    const forged = new Client(chatUrl(appA), (value) => value as ChatServerMessage);
    await forged.opened;
    forged.send({ type: 'auth', chatToken: `${chatToken.slice(0, -2)}xx` });
    expect(await forged.closed).toEqual({ code: 1008, reason: 'invalid chat token' });
    clock.advance(121 * 60_000);
    const expired = new Client(chatUrl(appA), (value) => value as ChatServerMessage);
    await expired.opened;
    expired.send({ type: 'auth', chatToken });
    expect(await expired.closed).toEqual({ code: 1008, reason: 'invalid chat token' });
  });
});

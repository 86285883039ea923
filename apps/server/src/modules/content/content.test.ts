import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  type AnnouncementInput,
  catalogues,
  inboxUnreadNoticeKind,
  interpolate,
  type RealtimeEvent,
} from '@portal/contract';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp } from '../../testing';
import { demoAnnouncements } from './content.seed';
import { contentAnnouncements } from './content.tables';

const loginPassword = 'Secret#2026';
const bnCatalogue = catalogues.bn;

/** The real app with the simulator PSP (callbacks delivered through inject) and a tight feedback limit. */
async function buildContentApp(): Promise<FastifyInstance> {
  const uploadsDir = mkdtempSync(path.join(tmpdir(), 'content-uploads-'));
  const holder: { app: FastifyInstance | null } = { app: null };
  const app = await buildTestApp(
    {
      paymentSimEnabled: true,
      paymentSimSecret: 'test-simulator-secret-0123456789',
      uploadsDir,
      rateLimitPerMinute: 100_000,
      loginRateLimitPerMinute: 100_000,
      feedbackRateLimitPerMinute: 1000,
      captchaRefreshIntervalMs: 0,
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
  await app.ready();
  return app;
}

type Member = { id: number; username: string; token: string };
let memberCount = 0;

async function newMember(app: FastifyInstance): Promise<Member> {
  memberCount += 1;
  const username = `ct${Date.now().toString(36).slice(-6)}${memberCount}`.slice(0, 16);
  const account = await app.services.identity.createAccount({
    username,
    password: loginPassword,
    type: 0,
    uplineId: null,
  });
  await app.services.identity.setPaymentPassword(account.id, '246810');
  const { token } = await app.services.identity.login({ username, password: loginPassword }, { ip: '10.20.0.1' });
  return { id: account.id, username, token };
}

async function solveCaptcha(app: FastifyInstance, ip = '10.30.0.1') {
  const response = await app.inject({ method: 'GET', url: '/wps/captcha', remoteAddress: ip });
  const { captchaId } = response.json().value as { captchaId: string };
  const answer = await app.services.identity.peekCaptchaAnswer(captchaId);
  if (!answer) throw new Error('no captcha answer');
  return { captchaId, captcha: answer };
}

function relay(
  app: FastifyInstance,
  url: string,
  payload: unknown,
  options: { token?: string; language?: string; method?: 'POST' | 'PUT' | 'GET' | 'DELETE'; ip?: string } = {},
): Promise<LightMyRequestResponse> {
  return app.inject({
    method: options.method ?? 'POST',
    url,
    headers: {
      ...(options.token ? { authorization: options.token } : {}),
      ...(options.language ? { language: options.language } : {}),
    },
    ...(options.ip ? { remoteAddress: options.ip } : {}),
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

const listAnnouncements = (app: FastifyInstance, payload: unknown = { types: 'B,PL,PU,PR,H' }, language = 'en') =>
  relay(app, '/wps/relay/MCSFE_getListAnnouncements', payload, { language });

const operator = { username: 'tester' };

function announcement(overrides: Partial<AnnouncementInput> = {}): AnnouncementInput {
  return {
    type: 'PL',
    texts: { en: { title: 'Hello', content: '<p>Hi</p>' }, bn: { title: 'হ্যালো', content: '<p>হাই</p>' } },
    ...overrides,
  };
}

const hostile =
  '<p onclick="steal()">Read <a href="javascript:alert(1)">this</a> <img src="x.png" onerror="alert(2)"> <img src="javascript:alert(3)"></p><script>alert(4)</script><iframe src="https://evil.example"></iframe><a href="https://ok.example">ok</a><style>body{}</style>';

function expectClean(html: string) {
  expect(html).not.toMatch(/<script|<iframe|<style|onclick|onerror|javascript:/i);
}

describe('content', () => {
  let app: FastifyInstance;

  beforeAll(async () => {
    app = await buildContentApp();
  });
  afterAll(async () => {
    await app.close();
  });

  describe('announcements', () => {
    beforeAll(async () => {
      await app.services.content.seedAnnouncements(demoAnnouncements);
    });

    it('lists live announcements grouped by kind, sorted, in the request language', async () => {
      const en = await listAnnouncements(app);
      expect(en.statusCode, en.body).toBe(200);
      const value = en.json().value;
      const group = (name: string) =>
        value.banners.filter((b: { groupName: string }) => b.groupName === name).map((b: { sort: number }) => b.sort);
      expect(group('w_home')).toEqual([1, 2, 3, 4]);
      expect(group('w_promotion')).toEqual([1, 2]);
      expect(value.player.map((n: { sort: number }) => n.sort)).toEqual([1, 2, 3]);
      expect(value.popup).toHaveLength(3);
      expect(value.popup[0].audiences).toEqual(['A', 'B']);
      expect(value.popup[2].audiences).toEqual(['F']);
      expect(value.promotion.map((p: { sort: number }) => p.sort)).toEqual([1, 2, 3]);
      expect(value.help).toHaveLength(1);
      expect(value.banners[0].announcementImages[0].url).toBe('/wps/content/media/welcome-bonus.svg');
      const bn = (await listAnnouncements(app, { types: ['PL'] }, 'bn')).json().value;
      expect(bn.player[0].title).toMatch(/রক্ষণাবেক্ষণ/);
      expect(bn.banners).toEqual([]);
    });

    it('falls back to English when the announcement has no text in the language', async () => {
      const created = await app.services.content.createAnnouncement(
        announcement({ type: 'PR', texts: { en: { title: 'English only', content: '<p>x</p>' } } }),
        operator,
      );
      const bn = (await listAnnouncements(app, { types: 'PR' }, 'bn')).json().value;
      expect(bn.promotion.find((p: { id: number }) => p.id === created.id).title).toBe('English only');
      await app.services.content.deleteAnnouncement(created.id);
    });

    it('leaves out switched-off announcements and those outside their window', async () => {
      const day = 86_400_000;
      const off = await app.services.content.createAnnouncement(announcement({ enabled: false }), operator);
      const future = await app.services.content.createAnnouncement(
        announcement({ startAt: new Date(Date.now() + day).toISOString() }),
        operator,
      );
      const past = await app.services.content.createAnnouncement(
        announcement({
          startAt: new Date(Date.now() - 2 * day).toISOString(),
          endAt: new Date(Date.now() - day).toISOString(),
        }),
        operator,
      );
      const ids = (await listAnnouncements(app, { types: 'PL' })).json().value.player.map((p: { id: number }) => p.id);
      for (const hidden of [off, future, past]) {
        expect(ids).not.toContain(hidden.id);
        const detail = await relay(app, '/wps/relay/MCSFE_getAnnouncement', { id: hidden.id });
        expect(detail.statusCode).toBe(404);
        await app.services.content.deleteAnnouncement(hidden.id);
      }
    });

    it('refuses an unknown type list and answers an unknown id with a translated not-found', async () => {
      const bad = await listAnnouncements(app, { types: 'B,XX' });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().code).toBe('VALIDATION_FAILED');
      const en = await relay(app, '/wps/relay/MCSFE_getAnnouncement', { id: 999_999 }, { language: 'en' });
      expect(en.statusCode).toBe(404);
      expect(en.json()).toMatchObject({ code: 'CONTENT_ANNOUNCEMENT_NOT_FOUND' });
      expect(en.json().message).toMatch(/announcement was not found/);
      const bn = await relay(app, '/wps/relay/MCSFE_getAnnouncement', { id: 999_999 }, { language: 'bn' });
      expect(bn.json().message).toMatch(/ঘোষণাটি/);
    });

    it('strips script, event handlers and javascript: URLs before storing', async () => {
      const created = await app.services.content.createAnnouncement(
        announcement({ texts: { en: { title: 'Hostile', content: hostile } } }),
        operator,
      );
      const [row] = await app.database.db
        .select({ texts: contentAnnouncements.texts })
        .from(contentAnnouncements)
        .where(eq(contentAnnouncements.id, created.id));
      const stored = row?.texts.en?.content;
      expect(stored).toBeDefined();
      expectClean(stored ?? '');
      expect(stored).toContain('<a href="https://ok.example" target="_blank" rel="noopener noreferrer">ok</a>');
      expect(stored).toContain('Read');
      await app.services.content.deleteAnnouncement(created.id);
    });

    it('strips them again on the way out, when dirty HTML reached the table by other means', async () => {
      const now = new Date();
      const [row] = await app.database.db
        .insert(contentAnnouncements)
        .values({
          merchantCode: 'DEMO',
          type: 'PU',
          audiences: ['B'],
          texts: { en: { title: 'Legacy', content: hostile } },
          images: [{ url: 'javascript:alert(1)', sequence: 1 }],
          linkageType: 'URL',
          linkage: 'javascript:alert(2)',
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      if (!row) throw new Error('insert failed');
      const detail = await relay(app, '/wps/relay/MCSFE_getAnnouncement', { id: row.id });
      expect(detail.statusCode, detail.body).toBe(200);
      expectClean(detail.json().value.content);
      expect(detail.json().value.announcementImages).toEqual([]);
      expect(detail.json().value.linkage).toBeNull();
      const listed = (await listAnnouncements(app, { types: 'PU' })).json().value.popup;
      expectClean(listed.find((p: { id: number }) => p.id === row.id).content);
      await app.services.content.deleteAnnouncement(row.id);
    });

    it('refuses unsafe image and link URLs from operators and stores nothing', async () => {
      const before = (await app.services.content.listOperatorAnnouncements()).length;
      await expect(
        app.services.content.createAnnouncement(
          announcement({ type: 'B', groupName: 'w_home', images: [{ url: 'javascript:alert(1)', sequence: 1 }] }),
          operator,
        ),
      ).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
      await expect(
        app.services.content.createAnnouncement(
          announcement({ linkageType: 'URL', linkage: 'data:text/html,<script>1</script>' }),
          operator,
        ),
      ).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
      await expect(
        app.services.content.createAnnouncement(announcement({ type: 'B' }), operator),
      ).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
      expect((await app.services.content.listOperatorAnnouncements()).length).toBe(before);
    });

    it('serves the demo banner art as SVG and 404s an unknown picture', async () => {
      const svg = await app.inject({ method: 'GET', url: '/wps/content/media/welcome-bonus.svg' });
      expect(svg.statusCode).toBe(200);
      expect(svg.headers['content-type']).toMatch(/image\/svg\+xml/);
      expect(svg.body).toMatch(/^<svg/);
      expect((await app.inject({ method: 'GET', url: '/wps/content/media/nope.svg' })).statusCode).toBe(404);
    });
  });

  describe('feedback', () => {
    const submit = (payload: unknown, options: { token?: string; language?: string; ip?: string } = {}) =>
      relay(app, '/wps/feedback', payload, { ...options, method: 'PUT' });

    it('stores a visitor feedback with the given name, and a member feedback with the account as sender', async () => {
      const visitorCaptcha = await solveCaptcha(app);
      const visitor = await submit({
        type: 4,
        content: '  The live chat took long to answer.  ',
        sender: 'Rahim',
        ...visitorCaptcha,
      });
      expect(visitor.statusCode, visitor.body).toBe(200);
      const member = await newMember(app);
      const memberCaptcha = await solveCaptcha(app);
      const mine = await submit(
        { type: 1, content: 'Deposit was slow', sender: 'someone else', ...memberCaptcha },
        { token: member.token },
      );
      expect(mine.statusCode, mine.body).toBe(200);
      const list = await app.services.content.listFeedback({ pageNo: 1, pageSize: 10 });
      expect(list.content[0]).toMatchObject({ sender: member.username, accountId: member.id, type: 1, status: 'open' });
      expect(list.content[1]).toMatchObject({
        sender: 'Rahim',
        accountId: null,
        type: 4,
        content: 'The live chat took long to answer.',
      });
    });

    it('answers each empty field with "{field} is empty" in the request language and stores nothing', async () => {
      const before = await app.services.content.countFeedback();
      const en = await submit({ content: '   ' }, { language: 'en' });
      expect(en.statusCode).toBe(400);
      expect(en.json().code).toBe('VALIDATION_FAILED');
      const messages = en
        .json()
        .issues.map((issue: { path: string; message: string }) => `${issue.path}: ${issue.message}`);
      expect(messages).toEqual([
        'body.type: Type is empty',
        'body.content: Description is empty',
        'body.sender: Name is empty',
        'body.captcha: Captcha is empty',
      ]);
      const bn = await submit({ type: 1, sender: 'x', content: '' }, { language: 'bn' });
      expect(bn.json().issues.map((issue: { message: string }) => issue.message)).toEqual([
        interpolate(bnCatalogue.validation.fieldEmpty, { field: 'বিবরণ' }),
        interpolate(bnCatalogue.validation.fieldEmpty, { field: 'ক্যাপচা' }),
      ]);
      expect(await app.services.content.countFeedback()).toBe(before);
    });

    it('refuses a description over 200 characters after trimming, and an unknown type, storing nothing', async () => {
      const before = await app.services.content.countFeedback();
      const tooLong = await submit({
        type: 0,
        sender: 'A',
        content: `  ${'x'.repeat(201)}  `,
        ...(await solveCaptcha(app)),
      });
      expect(tooLong.statusCode).toBe(400);
      expect(tooLong.json().issues).toEqual([
        expect.objectContaining({ path: 'body.content', message: 'At most 200 characters' }),
      ]);
      const exactly = await submit({
        type: 0,
        sender: 'A',
        content: `  ${'y'.repeat(200)}  `,
        ...(await solveCaptcha(app)),
      });
      expect(exactly.statusCode, exactly.body).toBe(200);
      const badType = await submit({ type: 5, sender: 'A', content: 'ok', ...(await solveCaptcha(app)) });
      expect(badType.statusCode).toBe(400);
      expect(badType.json().issues[0].path).toBe('body.type');
      expect(await app.services.content.countFeedback()).toBe(before + 1);
    });

    it('refuses a wrong captcha and stores nothing', async () => {
      const before = await app.services.content.countFeedback();
      const { captchaId } = await solveCaptcha(app);
      const wrong = await submit({ type: 3, sender: 'A', content: 'Game froze', captchaId, captcha: 'WRONG1' });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json().code).toBe('IDENTITY_CAPTCHA_INVALID');
      expect(await app.services.content.countFeedback()).toBe(before);
    });
  });

  describe('inbox', () => {
    async function startDeposit(member: Member, amount: string) {
      const response = await app.inject({
        method: 'POST',
        url: '/wps/cashier/deposit',
        headers: { authorization: member.token, 'idempotency-key': `ct-dep-${Date.now()}-${Math.random()}` },
        payload: { channelCode: 'SIM_EWALLET', amount },
      });
      expect(response.statusCode, response.body).toBe(200);
      const deposit = response.json().value as { id: number; redirectUrl: string };
      const intentId = /\/gateway-sim\/pay\/(sim_[0-9a-f]+)/.exec(deposit.redirectUrl)?.[1];
      if (!intentId) throw new Error('no intent');
      return { deposit, intentId };
    }

    const unread = async (member: Member) =>
      (await relay(app, '/wps/relay/CSP_unreadCount', undefined, { token: member.token })).json().value.count as number;

    it('stores the message but reads and pushes nothing when no socket of the member is connected', async () => {
      const member = await newMember(app);
      const published: number[] = [];
      const spy = vi.spyOn(app.services.realtime, 'publishToAccount').mockImplementation(async (accountId) => {
        published.push(accountId);
      });
      const balance = vi.spyOn(app.services.cashier, 'balance');
      try {
        const simulator = app.services.paymentSimulator;
        if (!simulator) throw new Error('simulator off');
        const started = await startDeposit(member, '300');
        await simulator.decide(started.intentId, 'approve');
        await vi.waitFor(async () => expect(await unread(member)).toBe(1));
        await new Promise((resolve) => setTimeout(resolve, 200));
        expect(published.filter((accountId) => accountId === member.id)).toEqual([]);
        expect(balance.mock.calls.filter(([query]) => query.accountId === member.id)).toEqual([]);
      } finally {
        spy.mockRestore();
        balance.mockRestore();
      }
    });

    it('turns an arrived deposit into an inbox message, once, and pushes the new unread count', async () => {
      const member = await newMember(app);
      const published: Array<{ accountId: number; event: RealtimeEvent }> = [];
      const spy = vi.spyOn(app.services.realtime, 'publishToAccount').mockImplementation(async (accountId, event) => {
        published.push({ accountId, event });
      });
      // As if the member had the portal open: pushes are built only for a connected socket.
      const listening = vi.spyOn(app.services.realtime, 'isListening').mockResolvedValue(true);
      try {
        expect(await unread(member)).toBe(0);
        const simulator = app.services.paymentSimulator;
        if (!simulator) throw new Error('simulator off');
        const started = await startDeposit(member, '1200.50');
        await simulator.decide(started.intentId, 'approve');
        await vi.waitFor(async () => expect(await unread(member)).toBe(1));
        await vi.waitFor(() =>
          expect(published).toContainEqual({
            accountId: member.id,
            event: { type: 'notice', kind: inboxUnreadNoticeKind, params: { count: 1 } },
          }),
        );
        // The same notice again (a repeated hook call) is stored once.
        await app.services.content.recordCashierNotice({
          accountId: member.id,
          kind: 'deposit_arrived',
          params: { depositId: started.deposit.id, amount: '1200.50', currency: 'BDT' },
        });
        const page = await relay(app, '/wps/member/messages', undefined, {
          token: member.token,
          method: 'GET',
          language: 'en',
        });
        expect(page.statusCode, page.body).toBe(200);
        expect(page.json().value).toMatchObject({ total: 1, unread: 1 });
        expect(page.json().value.content[0]).toMatchObject({
          kind: 'deposit_arrived',
          title: 'Deposit arrived',
          content: 'Your deposit of 1,200.50 BDT has arrived in your balance.',
          read: false,
        });
        const bn = await relay(app, '/wps/member/messages', undefined, {
          token: member.token,
          method: 'GET',
          language: 'bn',
        });
        expect(bn.json().value.content[0].title).toBe('ডিপোজিট জমা হয়েছে');
      } finally {
        spy.mockRestore();
        listening.mockRestore();
      }
    });

    it('words a rejected withdrawal with its reason', async () => {
      const member = await newMember(app);
      await app.services.content.recordCashierNotice({
        accountId: member.id,
        kind: 'withdrawal_rejected',
        params: { withdrawalId: 77, amount: '500.00', currency: 'BDT', reason: 'name mismatch' },
      });
      const page = await relay(app, '/wps/member/messages', undefined, { token: member.token, method: 'GET' });
      expect(page.json().value.content[0].content).toBe(
        'Your withdrawal of 500.00 BDT was rejected (name mismatch); the amount is back in your balance.',
      );
    });

    it("reads and deletes only the member's own messages; a broadcast is deleted for that member alone", async () => {
      const alice = await newMember(app);
      const bob = await newMember(app);
      const toAlice = await app.services.content.sendOperatorMessage(
        { to: { username: alice.username }, title: 'For Alice', content: 'Hello Alice' },
        operator,
      );
      const toAll = await app.services.content.sendOperatorMessage(
        { to: 'all', title: 'For everyone', content: 'Hello all' },
        operator,
      );
      expect(await unread(alice)).toBe(2);
      expect(await unread(bob)).toBe(1);

      // Bob cannot mark or delete Alice's message.
      const foreign = await relay(app, '/wps/member/messages/read', { ids: [toAlice.id] }, { token: bob.token });
      expect(foreign.json().value).toEqual({ changed: 0, unread: 1 });
      const foreignDelete = await relay(
        app,
        '/wps/member/messages',
        { ids: [toAlice.id] },
        { token: bob.token, method: 'DELETE' },
      );
      expect(foreignDelete.json().value.changed).toBe(0);
      expect(await unread(alice)).toBe(2);

      const read = await relay(app, '/wps/member/messages/read', { ids: [toAlice.id] }, { token: alice.token });
      expect(read.json().value).toEqual({ changed: 1, unread: 1 });
      const again = await relay(app, '/wps/member/messages/read', { ids: [toAlice.id] }, { token: alice.token });
      expect(again.json().value.changed).toBe(0);

      const deleted = await relay(
        app,
        '/wps/member/messages',
        { ids: [toAll.id] },
        { token: alice.token, method: 'DELETE' },
      );
      expect(deleted.json().value).toEqual({ changed: 1, unread: 0 });
      const alicePage = (
        await relay(app, '/wps/member/messages', undefined, { token: alice.token, method: 'GET' })
      ).json().value;
      expect(alicePage.content.map((m: { id: number }) => m.id)).toEqual([toAlice.id]);
      const bobPage = (await relay(app, '/wps/member/messages', undefined, { token: bob.token, method: 'GET' })).json()
        .value;
      expect(bobPage.content.map((m: { id: number }) => m.id)).toContain(toAll.id);

      const all = await relay(app, '/wps/member/messages/read', { all: true }, { token: bob.token });
      expect(all.json().value.unread).toBe(0);
    });

    it('refuses the inbox to visitors and trial accounts', async () => {
      const visitor = await relay(app, '/wps/relay/CSP_unreadCount', undefined);
      expect(visitor.statusCode).toBe(401);
      const trial = await app.inject({ method: 'POST', url: '/wps/session/login/freeplay', payload: {} });
      const token = trial.json().value.token as string;
      const refused = await relay(app, '/wps/member/messages', undefined, { token, method: 'GET' });
      expect(refused.json().code).toBe('IDENTITY_REAL_ACCOUNT_REQUIRED');
    });

    it('refuses a message to an unknown username', async () => {
      await expect(
        app.services.content.sendOperatorMessage(
          { to: { username: 'nobody_here' }, title: 't', content: 'c' },
          operator,
        ),
      ).rejects.toMatchObject({ code: 'CONTENT_MEMBER_NOT_FOUND' });
    });
  });
});

describe('feedback rate limit', () => {
  it('refuses feedback past the per-minute limit from one address', async () => {
    const app = await buildTestApp({ feedbackRateLimitPerMinute: 2, rateLimitPerMinute: 100_000 });
    try {
      const statuses: number[] = [];
      for (let attempt = 0; attempt < 3; attempt += 1) {
        const response = await app.inject({
          method: 'PUT',
          url: '/wps/feedback',
          remoteAddress: '10.40.0.1',
          payload: { type: 0, content: '' },
        });
        statuses.push(response.statusCode);
      }
      expect(statuses).toEqual([400, 400, 429]);
    } finally {
      await app.close();
    }
  });
});

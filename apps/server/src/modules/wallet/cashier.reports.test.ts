import { randomBytes, randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp } from '../../testing';
import {
  call,
  cashOf,
  expectLedgerReconciled,
  loginPassword,
  type Member,
  newMember,
  paymentPassword,
} from './cashier.test-helpers';

/**
 * The cashier's remaining member-centre calls: bonus details, the payment password's change and forgotten-password
 * reset, and the balance event a member transfer sends to its recipient.
 */
describe('cashier reports, payment password reset and transfer events', () => {
  let app: FastifyInstance;
  let offsetMs = 0;
  const key = (prefix: string) => `${prefix}-${randomUUID()}`;

  beforeAll(async () => {
    app = await buildTestApp(
      { rateLimitPerMinute: 100_000, loginRateLimitPerMinute: 100_000 },
      { now: () => new Date(Date.now() + offsetMs) },
    );
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
  });

  async function credit(member: Member, kind: 'BONUS' | 'ADJUSTMENT' | 'COMMISSION', minor: bigint, out = false) {
    const { wallet } = app.services;
    const house = await wallet.ensureAccount(
      { type: 'house' },
      kind === 'ADJUSTMENT' ? 'HOUSE_ADJUSTMENTS' : 'HOUSE_PROMOTIONS',
      'BDT',
    );
    const cash = await wallet.ensureAccount({ type: 'player', id: member.id }, 'PLAYER_CASH', 'BDT');
    await wallet.transfer({
      idempotencyKey: `test-${kind}:${randomBytes(8).toString('hex')}`,
      debit: out ? cash.id : house.id,
      credit: out ? house.id : cash.id,
      amountMinor: minor,
      currency: 'BDT',
      kind,
    });
  }

  describe('bonus details', () => {
    it("lists the member's bonus, commission and adjustment entries only, paged, with the filter's totals", async () => {
      const member = await newMember(app, { funds: '100' });
      const other = await newMember(app, { funds: '100' });
      await credit(member, 'BONUS', 12_345n);
      await credit(member, 'COMMISSION', 500n);
      await credit(member, 'ADJUSTMENT', 1_000n);
      await credit(member, 'ADJUSTMENT', 250n, true);
      await credit(other, 'BONUS', 99_900n);
      const first = await call(app, 'GET', '/wps/report/bonus/details?pageSize=3', member);
      expect(first.statusCode, first.body).toBe(200);
      const page = first.json().value;
      expect(page).toMatchObject({
        pageNo: 1,
        pageSize: 3,
        total: 4,
        totalPages: 2,
        credited: { amount: '138.45' },
        debited: { amount: '2.50' },
      });
      expect(page.items.map((item: { kind: string }) => item.kind)).toEqual(['ADJUSTMENT', 'ADJUSTMENT', 'COMMISSION']);
      expect(page.items[0]).toMatchObject({ wallet: 'main', amount: { amount: '-2.50', minor: '-250' } });
      const second = (await call(app, 'GET', '/wps/report/bonus/details?pageSize=3&pageNo=2', member)).json().value;
      expect(second.items).toEqual([
        expect.objectContaining({ kind: 'BONUS', amount: { amount: '123.45', minor: '12345' } }),
      ]);
      const past = (await call(app, 'GET', '/wps/report/bonus/details?pageSize=3&pageNo=9', member)).json().value;
      expect(past).toMatchObject({ items: [], total: 4, credited: { amount: '138.45' } });
      const bonusOnly = (await call(app, 'GET', '/wps/report/bonus/details?kind=BONUS', member)).json().value;
      expect(bonusOnly.total).toBe(1);
      // Deposits (the member's funding) are not bonuses.
      expect(page.items.some((item: { kind: string }) => item.kind === 'DEPOSIT')).toBe(false);
    });

    it('filters by cashier days and answers an honest empty page', async () => {
      const member = await newMember(app, { funds: '100' });
      await credit(member, 'BONUS', 700n);
      const longAgo = (
        await call(app, 'GET', '/wps/report/bonus/details?startDate=2020-01-01&endDate=2020-01-31', member)
      ).json().value;
      expect(longAgo).toMatchObject({ items: [], total: 0, totalPages: 0, credited: { minor: '0' } });
      const fresh = await newMember(app);
      expect((await call(app, 'GET', '/wps/report/bonus/details', fresh)).json().value.total).toBe(0);
      const reversed = await call(
        app,
        'GET',
        '/wps/report/bonus/details?startDate=2026-02-01&endDate=2026-01-01',
        member,
      );
      expect(reversed.json().code).toBe('CASHIER_DATE_RANGE_INVALID');
    });
  });

  describe('payment password', () => {
    it('refuses a change with a wrong old password and changes nothing', async () => {
      const member = await newMember(app);
      const response = await call(app, 'PUT', '/wps/member/payment-password', member, {
        payload: { oldPaymentPassword: '999999', paymentPassword: '135790', confirmPaymentPassword: '135790' },
      });
      expect(response.json().code).toBe('CASHIER_PAYMENT_PASSWORD_INCORRECT');
      expect(await app.services.identity.verifyPaymentPassword(member.id, paymentPassword)).toBe(true);
      expect(await app.services.identity.verifyPaymentPassword(member.id, '135790')).toBe(false);
    });

    async function memberWithMobile(): Promise<Member & { mobile: string }> {
      const n = `${Date.now() % 100_000_000}`.padStart(8, '0');
      const mobile = `+88017${n}`;
      const username = `ppw${n}${Math.floor(Math.random() * 100)}`.slice(0, 16);
      const account = await app.services.identity.createAccount({
        username,
        password: loginPassword,
        type: 0,
        uplineId: null,
        mobile,
      });
      await app.services.identity.setPaymentPassword(account.id, paymentPassword);
      const { token } = await app.services.identity.login({ username, password: loginPassword }, { ip: '10.77.0.1' });
      return {
        id: account.id,
        username,
        token,
        mobile,
        headers: (k?: string) => ({ authorization: token, ...(k ? { 'idempotency-key': k } : {}) }),
      };
    }

    async function lastCode(mobile: string): Promise<string> {
      const [message] = await app.services.outbox.list({ channel: 'SMS', recipient: mobile, limit: 1 });
      const code = message?.body.match(/\b(\d{6})\b/)?.[1];
      if (!code) throw new Error(`no SMS to ${mobile}`);
      return code;
    }

    const reset = (member: Member, body: object) =>
      call(app, 'POST', '/wps/member/payment-password/reset', member, {
        payload: { paymentPassword: '135790', confirmPaymentPassword: '135790', ...body },
      });

    it('resets a forgotten payment password with the code sent to the bound mobile; the session stays', async () => {
      const member = await memberWithMobile();
      const sent = await call(app, 'POST', '/wps/member/payment-password/reset/code', member);
      expect(sent.statusCode, sent.body).toBe(200);
      expect(sent.json().value.mobile).toMatch(/\*/);
      const code = await lastCode(member.mobile);
      const wrong = code === '000000' ? '111111' : '000000';
      const refused = await reset(member, { verificationCode: wrong });
      expect(refused.json().code).toBe('IDENTITY_SMS_CODE_INVALID');
      // The login password is no way around the code for a member with a mobile.
      expect((await reset(member, { loginPassword })).json().code).toBe('IDENTITY_SMS_CODE_INVALID');
      expect(await app.services.identity.verifyPaymentPassword(member.id, paymentPassword)).toBe(true);
      const done = await reset(member, { verificationCode: code });
      expect(done.statusCode, done.body).toBe(200);
      expect(await app.services.identity.verifyPaymentPassword(member.id, '135790')).toBe(true);
      expect(await app.services.identity.verifyPaymentPassword(member.id, paymentPassword)).toBe(false);
      // Used up: the same code cannot reset it again.
      expect((await reset(member, { verificationCode: code })).json().code).toBe('IDENTITY_SMS_CODE_INVALID');
      const info = await call(app, 'GET', '/wps/member/info', member);
      expect(info.statusCode).toBe(200);
    });

    it('refuses an expired code and changes nothing', async () => {
      const member = await memberWithMobile();
      await call(app, 'POST', '/wps/member/payment-password/reset/code', member);
      const code = await lastCode(member.mobile);
      offsetMs += 10 * 60_000;
      const expired = await reset(member, { verificationCode: code });
      expect(expired.json().code).toBe('IDENTITY_SMS_CODE_EXPIRED');
      expect(await app.services.identity.verifyPaymentPassword(member.id, paymentPassword)).toBe(true);
    });

    it('takes the login password from a member without a mobile, and clears the payment-password lock', async () => {
      const member = await newMember(app, { funds: '100' });
      const noMobile = await call(app, 'POST', '/wps/member/payment-password/reset/code', member);
      expect(noMobile.json().code).toBe('IDENTITY_VERIFICATION_METHOD_UNAVAILABLE');
      const change = (old: string) =>
        call(app, 'PUT', '/wps/member/payment-password', member, {
          payload: { oldPaymentPassword: old, paymentPassword: '246802', confirmPaymentPassword: '246802' },
        });
      let last = '';
      for (let attempt = 0; attempt < 10 && last !== 'CASHIER_PAYMENT_PASSWORD_LOCKED'; attempt += 1) {
        last = (await change('000000')).json().code;
      }
      expect(last).toBe('CASHIER_PAYMENT_PASSWORD_LOCKED');
      const wrongLogin = await reset(member, { loginPassword: 'Wrong#2026' });
      expect(wrongLogin.json().code).toBe('CASHIER_LOGIN_PASSWORD_INCORRECT');
      expect((await reset(member, {})).json().code).toBe('CASHIER_LOGIN_PASSWORD_INCORRECT');
      expect(await app.services.identity.verifyPaymentPassword(member.id, paymentPassword)).toBe(true);
      const mismatch = await reset(member, { loginPassword, confirmPaymentPassword: '135791' });
      expect(mismatch.json().code).toBe('CASHIER_PAYMENT_PASSWORD_MISMATCH');
      const done = await reset(member, { loginPassword });
      expect(done.statusCode, done.body).toBe(200);
      // The lock is gone: the new password works at once.
      const next = await change('135790');
      expect(next.statusCode, next.body).toBe(200);
    });
  });

  describe('member transfers', () => {
    it('sends the recipient (and the sender) a balance event, once per transfer and not on a replay', async () => {
      const agent = await newMember(app, { type: 1, funds: '50' });
      const member = await newMember(app, { uplineId: agent.id, funds: '80' });
      const publish = vi.spyOn(app.services.realtime, 'publishToAccount');
      // As if both had the portal open (balance pushes are built only for a connected socket).
      const listening = vi.spyOn(app.services.realtime, 'isListening').mockResolvedValue(true);
      try {
        const k = key('up');
        const send = () =>
          call(app, 'POST', '/wps/cashier/transfer/upline', member, {
            key: k,
            payload: { amount: '30', paymentPassword },
          });
        expect((await send()).statusCode).toBe(200);
        await vi.waitFor(() => {
          const toAgent = publish.mock.calls.filter(([accountId]) => accountId === agent.id);
          expect(toAgent).toHaveLength(1);
          expect(toAgent[0]?.[1]).toMatchObject({ type: 'balance', balance: { main: { amount: '80.00' } } });
          expect(publish.mock.calls.some(([accountId]) => accountId === member.id)).toBe(true);
        });
        const replay = await send();
        expect(replay.statusCode).toBe(200);
        await new Promise((resolve) => setTimeout(resolve, 50));
        expect(publish.mock.calls.filter(([accountId]) => accountId === agent.id)).toHaveLength(1);
        expect((await cashOf(app, agent.id)).balance).toBe(8_000n);
        expect((await cashOf(app, member.id)).balance).toBe(5_000n);
        // Above the balance: refused, nothing moved, nobody told.
        const tooMuch = await call(app, 'POST', '/wps/cashier/transfer/upline', member, {
          key: key('up'),
          payload: { amount: '50.01', paymentPassword },
        });
        expect(tooMuch.json().code).toBe('WALLET_INSUFFICIENT_FUNDS');
        expect((await cashOf(app, member.id)).balance).toBe(5_000n);
        expect(publish.mock.calls.filter(([accountId]) => accountId === agent.id)).toHaveLength(1);
      } finally {
        publish.mockRestore();
        listening.mockRestore();
      }
      await expectLedgerReconciled(app);
    });
  });
});

import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { awayFromCashierDayTurn } from '../../testing';
import { cashierDayStart, parseAmountInput } from './cashier.money';
import {
  buildCashierApp,
  call,
  cashOf,
  expectLedgerReconciled,
  jpegBytes,
  loginPassword,
  type Member,
  newMember,
  paymentPassword,
  pngBytes,
  trialToken,
} from './cashier.test-helpers';
import { detectImageType } from './cashier.uploads';

let keys = 0;
const key = (label = 'k') => `${label}-${Date.now()}-${++keys}`;
const agentType = 1;

describe('amount input', () => {
  const refused: Array<[string, string]> = [
    ['', 'WALLET_AMOUNT_INVALID'],
    ['abc', 'WALLET_AMOUNT_INVALID'],
    ['-5', 'WALLET_AMOUNT_INVALID'],
    ['+5', 'WALLET_AMOUNT_INVALID'],
    ['0', 'WALLET_AMOUNT_INVALID'],
    ['0.00', 'WALLET_AMOUNT_INVALID'],
    ['1e3', 'WALLET_AMOUNT_INVALID'],
    ['0x10', 'WALLET_AMOUNT_INVALID'],
    ['1,000', 'WALLET_AMOUNT_INVALID'],
    ['5.', 'WALLET_AMOUNT_INVALID'],
    ['.5', 'WALLET_AMOUNT_INVALID'],
    ['1 000', 'WALLET_AMOUNT_INVALID'],
    ['১০০', 'WALLET_AMOUNT_INVALID'],
    ['NaN', 'WALLET_AMOUNT_INVALID'],
    ['Infinity', 'WALLET_AMOUNT_INVALID'],
    ['10.001', 'WALLET_AMOUNT_TOO_PRECISE'],
    ['0.001', 'WALLET_AMOUNT_TOO_PRECISE'],
    ['10000000000.01', 'WALLET_AMOUNT_TOO_LARGE'],
    ['99999999999999999999999999', 'WALLET_AMOUNT_TOO_LARGE'],
  ];
  for (const [input, code] of refused) {
    it(`refuses ${JSON.stringify(input)} with ${code}`, () => {
      expect(() => parseAmountInput(input, 2)).toThrowError(expect.objectContaining({ code }));
    });
  }

  it('reads plain decimals at the currency scale', () => {
    expect(parseAmountInput('100', 2)).toBe(10_000n);
    expect(parseAmountInput(' 12.5 ', 2)).toBe(1_250n);
    expect(parseAmountInput('10.500', 2)).toBe(1_050n);
    expect(parseAmountInput('007', 2)).toBe(700n);
    expect(parseAmountInput('10000000000', 2)).toBe(10n ** 12n);
    expect(parseAmountInput('5', 0)).toBe(5n);
    expect(() => parseAmountInput('5.5', 0)).toThrowError(
      expect.objectContaining({ code: 'WALLET_AMOUNT_TOO_PRECISE' }),
    );
  });

  it('starts the cashier day at midnight of the configured offset', () => {
    // 2026-03-01 20:30 UTC is 2026-03-02 02:30 in UTC+6: the day started at 2026-03-01 18:00 UTC.
    expect(cashierDayStart(new Date('2026-03-01T20:30:00Z'), 360).toISOString()).toBe('2026-03-01T18:00:00.000Z');
    expect(cashierDayStart(new Date('2026-03-01T17:59:59Z'), 360).toISOString()).toBe('2026-02-28T18:00:00.000Z');
    expect(cashierDayStart(new Date('2026-03-01T03:00:00Z'), -300).toISOString()).toBe('2026-02-28T05:00:00.000Z');
  });
});

describe('image check by content', () => {
  it('knows PNG and JPEG by their bytes, and nothing else', () => {
    expect(detectImageType(pngBytes())).toBe('png');
    expect(detectImageType(jpegBytes())).toBe('jpeg');
    expect(detectImageType(Buffer.from('GIF89a........'))).toBeNull();
    expect(detectImageType(Buffer.from('%PDF-1.7 ...'))).toBeNull();
    const corrupt = pngBytes();
    corrupt[20] = (corrupt[20] ?? 0) ^ 0xff; // the IHDR checksum no longer matches
    expect(detectImageType(corrupt)).toBeNull();
    expect(detectImageType(Buffer.from([0xff, 0xd8, 0xff, 0xd9]))).toBeNull();
  });
});

describe('cashier calls', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    // Today's deposits and withdrawals are read below: not across the cashier day's turn.
    await awayFromCashierDayTurn({ before: 180_000 });
    app = await buildCashierApp({ bankAccountsMax: 3, paymentPasswordMaxFailures: 3 });
  }, 240_000);
  afterAll(() => app.close());

  describe('balance', () => {
    it('answers the main wallet, holds, vendors (none yet) and the total as decimal strings and minor units', async () => {
      const member = await newMember(app, { funds: '1234.5' });
      const response = await call(app, 'GET', '/wps/v2/wallets/balance', member);
      expect(response.statusCode).toBe(200);
      expect(response.json().value).toEqual({
        currency: 'BDT',
        scale: 2,
        symbol: '৳',
        main: { amount: '1234.50', minor: '123450' },
        onHold: { amount: '0.00', minor: '0' },
        vendors: [],
        total: { amount: '1234.50', minor: '123450' },
      });
      expect((await app.inject({ method: 'GET', url: '/wps/v2/wallets/balance' })).statusCode).toBe(401);
      // A trial account has a (play) balance too.
      const trial = await app.inject({
        method: 'GET',
        url: '/wps/v2/wallets/balance',
        headers: { authorization: await trialToken(app) },
      });
      expect(trial.json().value.main).toEqual({ amount: '0.00', minor: '0' });
    });

    it('says the merchant wallet is single while no transfer-mode vendor exists', async () => {
      const response = await app.inject({ method: 'POST', url: '/wps/relay/GCS_merchantWallet' });
      expect(response.json()).toEqual({ success: true, value: { isSingle: true, transferVendors: [] } });
    });

    it("answers consolidated funds: balance, pending withdrawals, today's deposits and withdrawals", async () => {
      const member = await newMember(app, { funds: '5000', payeeName: 'Karim Ahmed' });
      const bank = await call(app, 'POST', '/wps/member/bank-accounts', member, {
        payload: { bankCode: 'NAGAD', accountNumber: '01811112222', holderName: 'Karim Ahmed' },
      });
      const bankAccountId = bank.json().value.id;
      const paid = await call(app, 'POST', '/wps/cashier/withdraw', member, {
        key: key('cons'),
        payload: { amount: '1000', bankAccountId, paymentPassword },
      });
      await app.services.cashier.withdrawals.approveWithdrawal(paid.json().value.id, { operatorId: 1, username: 'o' });
      await call(app, 'POST', '/wps/cashier/withdraw', member, {
        key: key('cons'),
        payload: { amount: '500', bankAccountId, paymentPassword },
      });
      const response = await call(app, 'GET', '/wps/member/info/funds/consolidated', member);
      expect(response.statusCode).toBe(200);
      expect(response.json().value).toMatchObject({
        balance: { amount: '3500.00' },
        pendingWithdrawal: { amount: '500.00' },
        pendingWithdrawalCount: 1,
        todayWithdrawal: { amount: '1000.00' },
        todayWithdrawalCount: 1,
        todayDeposit: { amount: '0.00' },
      });
      const trial = await app.inject({
        method: 'GET',
        url: '/wps/member/info/funds/consolidated',
        headers: { authorization: await trialToken(app) },
      });
      expect(trial.json().code).toBe('IDENTITY_REAL_ACCOUNT_REQUIRED');
    });
  });

  describe('payment password', () => {
    it('is set once with the login password, then changed with the old one', async () => {
      const member = await newMember(app, { paymentPassword: null });
      const set = (payload: object) => call(app, 'POST', '/wps/member/payment-password', member, { payload });
      const wrongLogin = await set({
        loginPassword: 'nope',
        paymentPassword: '135790',
        confirmPaymentPassword: '135790',
      });
      expect(wrongLogin.json().code).toBe('CASHIER_LOGIN_PASSWORD_INCORRECT');
      expect((await set({ loginPassword, paymentPassword: '12ab', confirmPaymentPassword: '12ab' })).json().code).toBe(
        'CASHIER_PAYMENT_PASSWORD_FORMAT',
      );
      expect(
        (await set({ loginPassword, paymentPassword: '135790', confirmPaymentPassword: '135791' })).json().code,
      ).toBe('CASHIER_PAYMENT_PASSWORD_MISMATCH');
      const ok = await set({ loginPassword, paymentPassword: '135790', confirmPaymentPassword: '135790' });
      expect(ok.json()).toEqual({ success: true, value: { hasPaymentPassword: true } });
      expect(
        (await set({ loginPassword, paymentPassword: '111222', confirmPaymentPassword: '111222' })).json().code,
      ).toBe('CASHIER_PAYMENT_PASSWORD_ALREADY_SET');
      const change = (payload: object) => call(app, 'PUT', '/wps/member/payment-password', member, { payload });
      const wrongOld = await change({
        oldPaymentPassword: '000000',
        paymentPassword: '222333',
        confirmPaymentPassword: '222333',
      });
      expect(wrongOld.json()).toMatchObject({
        code: 'CASHIER_PAYMENT_PASSWORD_INCORRECT',
        params: { remainingAttempts: 2 },
      });
      const changed = await change({
        oldPaymentPassword: '135790',
        paymentPassword: '222333',
        confirmPaymentPassword: '222333',
      });
      expect(changed.statusCode).toBe(200);
      expect(await app.services.identity.verifyPaymentPassword(member.id, '222333')).toBe(true);
    });

    it('locks money-out calls after too many wrong payment passwords, with a clear message', async () => {
      const member = await newMember(app, { funds: '1000', payeeName: 'Karim Ahmed' });
      const bankAccountId = (
        await call(app, 'POST', '/wps/member/bank-accounts', member, {
          payload: { bankCode: 'BKASH', accountNumber: '01900001111', holderName: 'Karim Ahmed' },
        })
      ).json().value.id;
      const attempt = (password: string) =>
        call(app, 'POST', '/wps/cashier/withdraw', member, {
          key: key('lock'),
          payload: { amount: '100', bankAccountId, paymentPassword: password },
        });
      const first = await attempt('999999');
      expect(first.json()).toMatchObject({
        code: 'CASHIER_PAYMENT_PASSWORD_INCORRECT',
        params: { remainingAttempts: 2 },
        message: 'The payment password is incorrect (2 attempt(s) left)',
      });
      const bn = await call(app, 'POST', '/wps/cashier/withdraw', member, {
        key: key('lock'),
        payload: { amount: '100', bankAccountId, paymentPassword: '999998' },
        headers: { language: 'bn' },
      });
      expect(bn.json().message).toBe('পেমেন্ট পাসওয়ার্ডটি ভুল (আর 1 বার চেষ্টা করতে পারবেন)');
      const third = await attempt('999997');
      expect(third.statusCode).toBe(423);
      expect(third.json().code).toBe('CASHIER_PAYMENT_PASSWORD_LOCKED');
      expect(third.headers['retry-after']).toBeDefined();
      // Locked: even the right password is refused until the lock ends, and nothing is held.
      const right = await attempt(paymentPassword);
      expect(right.json().code).toBe('CASHIER_PAYMENT_PASSWORD_LOCKED');
      expect((await cashOf(app, member.id)).pending).toBe(0n);
    });

    it('clears the count after a right password', async () => {
      const member = await newMember(app, { funds: '1000', payeeName: 'Karim Ahmed' });
      const bankAccountId = (
        await call(app, 'POST', '/wps/member/bank-accounts', member, {
          payload: { bankCode: 'ROCKET', accountNumber: '01900003333', holderName: 'Karim Ahmed' },
        })
      ).json().value.id;
      const attempt = (password: string) =>
        call(app, 'POST', '/wps/cashier/withdraw', member, {
          key: key('clear'),
          payload: { amount: '100', bankAccountId, paymentPassword: password },
        });
      await attempt('999999');
      await attempt('999999');
      expect((await attempt(paymentPassword)).statusCode).toBe(200);
      expect((await attempt('999999')).json().params).toEqual({ remainingAttempts: 2 });
    });
  });

  describe('bank accounts', () => {
    const add = (member: Member, payload: object) =>
      call(app, 'POST', '/wps/member/bank-accounts', member, { payload });

    it('sets the payee name with the first account and holds later ones to it', async () => {
      const member = await newMember(app);
      expect((await call(app, 'GET', '/wps/member/bank-accounts', member)).json().value.payeeName).toBeNull();
      const first = await add(member, {
        bankCode: 'DBBL',
        accountNumber: '1051-100-998877',
        holderName: '  Nusrat   Jahan ',
      });
      expect(first.json().value).toMatchObject({
        kind: 'bank',
        bankName: 'Dutch-Bangla Bank',
        accountNumberMasked: '****8877',
        holderName: 'Nusrat Jahan',
      });
      expect(await app.services.identity.payeeName(member.id)).toBe('Nusrat Jahan');
      const other = await add(member, { bankCode: 'BKASH', accountNumber: '01755556666', holderName: 'Someone Else' });
      expect(other.statusCode).toBe(400);
      expect(other.json()).toMatchObject({ code: 'CASHIER_HOLDER_NAME_MISMATCH' });
      expect(
        (await add(member, { bankCode: 'BKASH', accountNumber: '01755556666', holderName: 'nusrat jahan' })).statusCode,
      ).toBe(200);
      const list = (await call(app, 'GET', '/wps/member/bank-accounts', member)).json().value;
      expect(list).toMatchObject({ max: 3, payeeName: 'Nusrat Jahan' });
      expect(list.items.map((item: { accountNumberMasked: string }) => item.accountNumberMasked)).toEqual([
        '****8877',
        '****6666',
      ]);
      expect(JSON.stringify(list)).not.toContain('01755556666');
      expect(list.banks.length).toBeGreaterThan(3);
    });

    it('refuses unknown banks, bad numbers and names, duplicates, and more than the maximum', async () => {
      const member = await newMember(app, { payeeName: 'Tanvir Hasan' });
      expect(
        (await add(member, { bankCode: 'XYZ', accountNumber: '12345678', holderName: 'Tanvir Hasan' })).json().code,
      ).toBe('CASHIER_BANK_UNKNOWN');
      expect(
        (await add(member, { bankCode: 'CITY', accountNumber: '12ab', holderName: 'Tanvir Hasan' })).json().code,
      ).toBe('CASHIER_ACCOUNT_NUMBER_INVALID');
      expect((await add(member, { bankCode: 'CITY', accountNumber: '12345678', holderName: 'x1' })).json().code).toBe(
        'CASHIER_HOLDER_NAME_INVALID',
      );
      const results = await Promise.all(
        ['10000001', '10000002', '10000003', '10000004', '10000005'].map((accountNumber) =>
          add(member, { bankCode: 'CITY', accountNumber, holderName: 'Tanvir Hasan' }),
        ),
      );
      expect(results.filter((result) => result.statusCode === 200)).toHaveLength(3);
      expect(results.filter((result) => result.json().code === 'CASHIER_BANK_ACCOUNT_LIMIT')).toHaveLength(2);
      const list = (await call(app, 'GET', '/wps/member/bank-accounts', member)).json().value.items;
      const duplicate = await add(member, {
        bankCode: 'CITY',
        accountNumber: list[0].accountNumberMasked.replace('****', '1000'),
        holderName: 'Tanvir Hasan',
      });
      expect(['CASHIER_BANK_ACCOUNT_DUPLICATE', 'CASHIER_BANK_ACCOUNT_LIMIT']).toContain(duplicate.json().code);
      const removed = await call(app, 'DELETE', `/wps/member/bank-accounts?id=${list[0].id}`, member);
      expect(removed.json()).toEqual({ success: true, value: { removed: true } });
      const again = await add(member, { bankCode: 'CITY', accountNumber: '10000009', holderName: 'Tanvir Hasan' });
      expect(again.statusCode).toBe(200);
      const stranger = await newMember(app);
      const notMine = await call(app, 'DELETE', `/wps/member/bank-accounts?id=${list[1].id}`, stranger);
      expect(notMine.json().code).toBe('CASHIER_BANK_ACCOUNT_NOT_FOUND');
    });
  });

  describe('transfers between members', () => {
    async function team() {
      const agent = await newMember(app, { type: agentType, funds: '5000' });
      const member = await newMember(app, { uplineId: agent.id, funds: '2000' });
      return { agent, member };
    }

    it('lets a member pay their upline, once per Idempotency-Key', async () => {
      const { agent, member } = await team();
      const k = key('up');
      const send = () =>
        call(app, 'POST', '/wps/cashier/transfer/upline', member, {
          key: k,
          payload: { amount: '750.25', paymentPassword },
        });
      const first = await send();
      expect(first.statusCode, first.body).toBe(200);
      expect(first.json().value).toMatchObject({
        amount: { amount: '750.25' },
        balance: { amount: '1249.75' },
        to: { id: agent.id, username: agent.username },
      });
      const again = await send();
      expect(again.json().value.transferId).toBe(first.json().value.transferId);
      expect((await cashOf(app, member.id)).balance).toBe(124_975n);
      expect((await cashOf(app, agent.id)).balance).toBe(575_025n);
      const orphan = await newMember(app, { funds: '100' });
      const none = await call(app, 'POST', '/wps/cashier/transfer/upline', orphan, {
        key: key('up'),
        payload: { amount: '10', paymentPassword },
      });
      expect(none.json().code).toBe('CASHIER_NO_UPLINE');
      await expectLedgerReconciled(app);
    });

    it('lets an agent pay only its own downline; everyone else is not found', async () => {
      const { agent, member } = await team();
      const otherTeam = await team();
      const send = (payload: object, from = agent) =>
        call(app, 'POST', '/wps/cashier/transfer/downline', from, {
          key: key('down'),
          payload: { paymentPassword, ...payload },
        });
      const paid = await send({ downlineId: member.id, amount: '300' });
      expect(paid.statusCode, paid.body).toBe(200);
      const byName = await send({ downlineUsername: member.username, amount: '200' });
      expect(byName.statusCode).toBe(200);
      expect((await cashOf(app, member.id)).balance).toBe(250_000n);
      for (const payload of [
        { downlineId: otherTeam.member.id, amount: '1' },
        { downlineUsername: otherTeam.member.username, amount: '1' },
        { downlineId: 99_999_999, amount: '1' },
        { downlineId: otherTeam.agent.id, amount: '1' },
      ]) {
        const response = await send(payload);
        expect(response.statusCode).toBe(404);
        expect(response.json().code).toBe('CASHIER_DOWNLINE_NOT_FOUND');
      }
      // A member is nobody's agent, even towards its own upline.
      const upward = await send({ downlineId: agent.id, amount: '1' }, member);
      expect(upward.json().code).toBe('CASHIER_DOWNLINE_NOT_FOUND');
      const both = await send({ downlineId: member.id, downlineUsername: member.username, amount: '1' });
      expect(both.statusCode).toBe(400);
      const broke = await send({ downlineId: member.id, amount: '999999' });
      expect(broke.json().code).toBe('WALLET_INSUFFICIENT_FUNDS');
      const wrong = await send({ downlineId: member.id, amount: '1', paymentPassword: '000001' });
      expect(wrong.json().code).toBe('CASHIER_PAYMENT_PASSWORD_INCORRECT');
      expect((await cashOf(app, otherTeam.member.id)).balance).toBe(200_000n);
      await expectLedgerReconciled(app);
    });
  });

  describe('bad amounts on every money call', () => {
    const bad: Array<[string, string]> = [
      ['-100', 'WALLET_AMOUNT_INVALID'],
      ['0', 'WALLET_AMOUNT_INVALID'],
      ['abc', 'WALLET_AMOUNT_INVALID'],
      ['', 'WALLET_AMOUNT_INVALID'],
      ['100.123', 'WALLET_AMOUNT_TOO_PRECISE'],
      ['10000000000.01', 'WALLET_AMOUNT_TOO_LARGE'],
      ['1e6', 'WALLET_AMOUNT_INVALID'],
    ];
    it('refuses them, translated, with nothing moved', async () => {
      const agent = await newMember(app, { type: agentType, funds: '1000' });
      const member = await newMember(app, { uplineId: agent.id, funds: '1000', payeeName: 'Selim Reza' });
      const bankAccountId = (
        await call(app, 'POST', '/wps/member/bank-accounts', member, {
          payload: { bankCode: 'UPAY', accountNumber: '01611112222', holderName: 'Selim Reza' },
        })
      ).json().value.id;
      const calls: Array<
        (amount: string) => Promise<{ statusCode: number; json(): { code: string; message: string } }>
      > = [
        (amount) =>
          call(app, 'POST', '/wps/cashier/deposit', member, {
            key: key('bad'),
            payload: { channelCode: 'SIM_EWALLET', amount },
          }),
        (amount) =>
          call(app, 'POST', '/wps/cashier/withdraw', member, {
            key: key('bad'),
            payload: { amount, bankAccountId, paymentPassword },
          }),
        (amount) =>
          call(app, 'POST', '/wps/cashier/transfer/upline', member, {
            key: key('bad'),
            payload: { amount, paymentPassword },
          }),
        (amount) =>
          call(app, 'POST', '/wps/cashier/transfer/downline', agent, {
            key: key('bad'),
            payload: { amount, paymentPassword, downlineId: member.id },
          }),
      ];
      for (const [amount, code] of bad) {
        for (const send of calls) {
          const response = await send(amount);
          expect(response.statusCode, `${amount} → ${code}`).toBe(400);
          expect(response.json().code).toBe(code);
          expect(response.json().message).not.toBe(code);
        }
      }
      const bn = await call(app, 'POST', '/wps/cashier/withdraw', member, {
        key: key('bad'),
        payload: { amount: '1.001', bankAccountId, paymentPassword },
        headers: { language: 'bn' },
      });
      expect(bn.json().message).toBe('পরিমাণে দশমিকের পরে অনেক বেশি অঙ্ক আছে (সর্বোচ্চ 2টি)');
      expect(await cashOf(app, member.id)).toEqual({ balance: 100_000n, pending: 0n, available: 100_000n });
      expect((await cashOf(app, agent.id)).balance).toBe(100_000n);
      await expectLedgerReconciled(app);
    });
  });

  describe('account record', () => {
    it('lists deposits, withdrawals and transfers with filters and server-side paging', async () => {
      const agent = await newMember(app, { type: agentType });
      const member = await newMember(app, { uplineId: agent.id, funds: '10000', payeeName: 'Farhana Akter' });
      const bankAccountId = (
        await call(app, 'POST', '/wps/member/bank-accounts', member, {
          payload: { bankCode: 'BRAC', accountNumber: '20500011122', holderName: 'Farhana Akter' },
        })
      ).json().value.id;
      await call(app, 'POST', '/wps/cashier/deposit', member, {
        key: key('rec'),
        payload: { channelCode: 'SIM_QR', amount: '500' },
      });
      const withdrawal = (
        await call(app, 'POST', '/wps/cashier/withdraw', member, {
          key: key('rec'),
          payload: { amount: '1000', bankAccountId, paymentPassword },
        })
      ).json().value;
      await app.services.cashier.withdrawals.rejectWithdrawal(withdrawal.id, 'test', { operatorId: 1, username: 'o' });
      for (const amount of ['10', '20', '30']) {
        await call(app, 'POST', '/wps/cashier/transfer/upline', member, {
          key: key('rec'),
          payload: { amount, paymentPassword },
        });
      }

      const all = (await call(app, 'GET', '/wps/cashier/records?pageSize=50', member)).json().value;
      expect(all.total).toBe(5);
      expect(all.items.map((item: { type: string }) => item.type)).toEqual([
        'TRANSFER',
        'TRANSFER',
        'TRANSFER',
        'WITHDRAWAL',
        'DEPOSIT',
      ]);
      expect(all.items[0]).toMatchObject({
        status: 'completed',
        amount: { amount: '-30.00' },
        balanceAfter: { amount: '9940.00' },
      });
      expect(all.items[3]).toMatchObject({ status: 'rejected', amount: { amount: '-1000.00' }, balanceAfter: null });
      expect(all.items[4]).toMatchObject({ status: 'pending', detail: 'SIM_QR', amount: { amount: '500.00' } });

      const page2 = (await call(app, 'GET', '/wps/cashier/records?pageSize=2&pageNo=2', member)).json().value;
      expect(page2).toMatchObject({ pageNo: 2, pageSize: 2, total: 5, totalPages: 3 });
      expect(page2.items.map((item: { amount: { amount: string } }) => item.amount.amount)).toEqual([
        '-10.00',
        '-1000.00',
      ]);
      const beyond = (await call(app, 'GET', '/wps/cashier/records?pageSize=2&pageNo=9', member)).json().value;
      expect(beyond).toMatchObject({ items: [], total: 5 });

      const transfers = (await call(app, 'GET', '/wps/cashier/records?type=TRANSFER', member)).json().value;
      expect(transfers.total).toBe(3);
      const pending = (await call(app, 'GET', '/wps/cashier/records?status=pending', member)).json().value;
      expect(pending.items.map((item: { type: string }) => item.type)).toEqual(['DEPOSIT']);

      const today = new Date(Date.now() + 6 * 3_600_000).toISOString().slice(0, 10);
      const inRange = (
        await call(app, 'GET', `/wps/cashier/records?startDate=${today}&endDate=${today}`, member)
      ).json().value;
      expect(inRange.total).toBe(5);
      const past = (
        await call(app, 'GET', '/wps/cashier/records?startDate=2020-01-01&endDate=2020-01-31', member)
      ).json().value;
      expect(past.total).toBe(0);

      // The spec's relay answers the same, with the filters in the body.
      const relay = await call(app, 'POST', '/wps/relay/ODSFE2_MemTransDet', member, {
        payload: { type: 'WITHDRAWAL' },
      });
      expect(relay.json().value).toMatchObject({ total: 1, items: [{ type: 'WITHDRAWAL' }] });
      const badFilter = await call(app, 'GET', '/wps/cashier/records?status=weird', member);
      expect(badFilter.statusCode).toBe(400);
      // Another member's movements never show.
      const stranger = await newMember(app);
      expect((await call(app, 'GET', '/wps/cashier/records', stranger)).json().value.total).toBe(0);
    });
  });
});

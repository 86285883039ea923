import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { awayFromCashierDayTurn } from '../../testing';
import * as repo from './cashier.repository';
import {
  buildCashierApp,
  call,
  cashOf,
  expectLedgerReconciled,
  type Member,
  multipart,
  newMember,
  paymentPassword,
  pngBytes,
} from './cashier.test-helpers';

const operator = { operatorId: 3, username: 'ops.bob' };
let keys = 0;
const key = (label = 'wd') => `${label}-${Date.now()}-${++keys}`;

async function bindAccount(app: FastifyInstance, member: Member, accountNumber = '01712345678'): Promise<number> {
  const response = await call(app, 'POST', '/wps/member/bank-accounts', member, {
    payload: { bankCode: 'BKASH', accountNumber, holderName: 'Rahim Uddin' },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().value.id as number;
}

function withdraw(
  app: FastifyInstance,
  member: Member,
  bankAccountId: number,
  amount: string,
  options: { key?: string; password?: string } = {},
) {
  return call(app, 'POST', '/wps/cashier/withdraw', member, {
    key: options.key ?? key(),
    payload: { amount, bankAccountId, paymentPassword: options.password ?? paymentPassword },
  });
}

describe('withdrawals', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    // The withdraw page's usage today is read below: not across the cashier day's turn.
    await awayFromCashierDayTurn({ before: 180_000 });
    app = await buildCashierApp({ withdrawMinAmount: '100', withdrawMaxAmount: '50000' });
  }, 240_000);
  afterAll(() => app.close());

  async function funded(amount = '10000') {
    const member = await newMember(app, { funds: amount, payeeName: 'Rahim Uddin' });
    return { member, bankAccountId: await bindAccount(app, member) };
  }

  it('holds the amount, and an operator approval posts it to withdrawal clearing', async () => {
    const { member, bankAccountId } = await funded('10000');
    const response = await withdraw(app, member, bankAccountId, '2500.75');
    expect(response.statusCode, response.body).toBe(200);
    const withdrawal = response.json().value;
    expect(withdrawal).toMatchObject({
      status: 'pending',
      amount: { amount: '2500.75', minor: '250075' },
      bankAccount: { bankName: 'bKash', accountNumberMasked: '****5678', holderName: 'Rahim Uddin' },
    });
    expect(await cashOf(app, member.id)).toEqual({ balance: 1_000_000n, pending: 250_075n, available: 749_925n });
    const balance = (await call(app, 'GET', '/wps/v2/wallets/balance', member)).json().value;
    expect(balance).toMatchObject({
      main: { amount: '7499.25' },
      onHold: { amount: '2500.75' },
      total: { amount: '10000.00' },
    });

    const pending = await app.services.cashier.withdrawals.listPendingWithdrawals({ pageSize: 100 });
    const row = pending.items.find((item) => item.id === withdrawal.id);
    expect(row).toMatchObject({
      member: { id: member.id, username: member.username },
      payTo: { bankCode: 'BKASH', accountNumber: '01712345678', holderName: 'Rahim Uddin' },
    });

    const approved = await app.services.cashier.withdrawals.approveWithdrawal(withdrawal.id, operator);
    expect(approved).toMatchObject({ status: 'approved', reviewedBy: 'ops.bob' });
    expect(approved.resolutionTransferId).toEqual(expect.any(Number));
    expect(await cashOf(app, member.id)).toEqual({ balance: 749_925n, pending: 0n, available: 749_925n });
    const clearing = await app.services.wallet.ensureAccount({ type: 'house' }, 'WITHDRAWAL_CLEARING', 'BDT');
    expect(clearing.balanceMinor).toBeGreaterThanOrEqual(250_075n);
    await expect(app.services.cashier.withdrawals.approveWithdrawal(withdrawal.id, operator)).rejects.toMatchObject({
      code: 'CASHIER_WITHDRAWAL_NOT_PENDING',
    });
    await expect(app.services.cashier.withdrawals.rejectWithdrawal(withdrawal.id, 'x', operator)).rejects.toMatchObject(
      {
        code: 'CASHIER_WITHDRAWAL_NOT_PENDING',
      },
    );
    const notices = await app.services.cashier.listMemberNotices(member.id);
    expect(notices[0]).toMatchObject({ kind: 'withdrawal_approved', params: { amount: '2500.75' } });
    await expectLedgerReconciled(app);
  });

  it('gives the money back when an operator rejects, with the reason for the member', async () => {
    const { member, bankAccountId } = await funded('3000');
    const withdrawal = (await withdraw(app, member, bankAccountId, '3000')).json().value;
    expect((await cashOf(app, member.id)).available).toBe(0n);
    await expect(app.services.cashier.withdrawals.rejectWithdrawal(withdrawal.id, '', operator)).rejects.toMatchObject({
      code: 'CASHIER_REASON_REQUIRED',
    });
    const rejected = await app.services.cashier.withdrawals.rejectWithdrawal(
      withdrawal.id,
      'Account name differs',
      operator,
    );
    expect(rejected).toMatchObject({ status: 'rejected', rejectReason: 'Account name differs' });
    expect(await cashOf(app, member.id)).toEqual({ balance: 300_000n, pending: 0n, available: 300_000n });
    const mine = (await call(app, 'GET', '/wps/cashier/withdrawals', member)).json().value.items;
    expect(mine[0]).toMatchObject({ id: withdrawal.id, status: 'rejected', rejectReason: 'Account name differs' });
    const notices = await app.services.cashier.listMemberNotices(member.id);
    expect(notices[0]).toMatchObject({ kind: 'withdrawal_rejected', params: { reason: 'Account name differs' } });
    await expectLedgerReconciled(app);
  });

  it('resolves a withdrawal once when approvals and rejections race', async () => {
    const { member, bankAccountId } = await funded('1000');
    const withdrawal = (await withdraw(app, member, bankAccountId, '1000')).json().value;
    const results = await Promise.allSettled(
      Array.from({ length: 10 }, (_, i) =>
        i % 2 === 0
          ? app.services.cashier.withdrawals.approveWithdrawal(withdrawal.id, operator)
          : app.services.cashier.withdrawals.rejectWithdrawal(withdrawal.id, 'race', operator),
      ),
    );
    const won = results.filter((result) => result.status === 'fulfilled');
    expect(won).toHaveLength(1);
    const cash = await cashOf(app, member.id);
    expect(cash.pending).toBe(0n);
    expect([0n, 100_000n]).toContain(cash.balance);
    await expectLedgerReconciled(app);
  });

  it('lets exactly 10 of 64 concurrent withdrawals through when the balance covers 10', async () => {
    const { member, bankAccountId } = await funded('1000');
    const responses = await Promise.all(Array.from({ length: 64 }, () => withdraw(app, member, bankAccountId, '100')));
    const codes: Record<string, number> = {};
    for (const response of responses) {
      const code = response.statusCode === 200 ? 'ok' : (response.json().code as string);
      codes[code] = (codes[code] ?? 0) + 1;
    }
    expect(codes).toEqual({ ok: 10, WALLET_INSUFFICIENT_FUNDS: 54 });
    expect(await cashOf(app, member.id)).toEqual({ balance: 100_000n, pending: 100_000n, available: 0n });
    const mine = (await call(app, 'GET', '/wps/cashier/withdrawals', member)).json().value.items;
    expect(mine.filter((item: { status: string }) => item.status === 'pending')).toHaveLength(10);
    await expectLedgerReconciled(app);
  }, 60_000);

  it('holds once for a retried Idempotency-Key, even after the HTTP answer is forgotten', async () => {
    const { member, bankAccountId } = await funded('1000');
    const k = key('retry');
    const first = await withdraw(app, member, bankAccountId, '400', { key: k });
    const replay = await withdraw(app, member, bankAccountId, '400', { key: k });
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.json().value.id).toBe(first.json().value.id);
    // The service's own key check answers the same withdrawal when the HTTP record is gone.
    const again = await app.services.cashier.withdrawals.requestWithdrawal(
      { accountId: member.id, sessionId: 'x', accountType: 0, role: 'member' },
      { amount: '400', bankAccountId, paymentPassword },
      k,
    );
    expect(again.id).toBe(first.json().value.id);
    expect((await cashOf(app, member.id)).pending).toBe(40_000n);
    const conflict = await withdraw(app, member, bankAccountId, '401', { key: k });
    expect(conflict.statusCode).toBe(409);
    await expect(
      app.services.cashier.withdrawals.requestWithdrawal(
        { accountId: member.id, sessionId: 'x', accountType: 0, role: 'member' },
        { amount: '401', bankAccountId, paymentPassword },
        k,
      ),
    ).rejects.toMatchObject({ code: 'WALLET_IDEMPOTENCY_CONFLICT' });
    expect((await cashOf(app, member.id)).pending).toBe(40_000n);
    await expectLedgerReconciled(app);
  });

  it('applies the per-request limits and refuses more than the balance, moving nothing', async () => {
    const { member, bankAccountId } = await funded('60000');
    const low = await withdraw(app, member, bankAccountId, '99.99');
    expect(low.json()).toMatchObject({ code: 'CASHIER_AMOUNT_BELOW_MIN', params: { min: '100.00' } });
    const high = await withdraw(app, member, bankAccountId, '50000.01');
    expect(high.json()).toMatchObject({ code: 'CASHIER_AMOUNT_ABOVE_MAX', params: { max: '50000.00' } });
    await withdraw(app, member, bankAccountId, '50000');
    const more = await withdraw(app, member, bankAccountId, '10000.01');
    expect(more.json()).toMatchObject({
      code: 'WALLET_INSUFFICIENT_FUNDS',
      message: 'The balance is not sufficient for this operation',
    });
    expect(await cashOf(app, member.id)).toEqual({ balance: 6_000_000n, pending: 5_000_000n, available: 1_000_000n });
  });

  it('needs the payment password and a bound account of the member', async () => {
    const { member, bankAccountId } = await funded('1000');
    const wrong = await withdraw(app, member, bankAccountId, '100', { password: '000000' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({
      code: 'CASHIER_PAYMENT_PASSWORD_INCORRECT',
      params: { remainingAttempts: 4 },
    });
    const other = await funded('1000');
    const foreign = await withdraw(app, member, other.bankAccountId, '100');
    expect(foreign.json().code).toBe('CASHIER_BANK_ACCOUNT_NOT_FOUND');
    const noPassword = await newMember(app, { funds: '1000', paymentPassword: null, payeeName: 'Rahim Uddin' });
    const account = await bindAccount(app, noPassword);
    const unset = await withdraw(app, noPassword, account, '100');
    expect(unset.json().code).toBe('CASHIER_PAYMENT_PASSWORD_NOT_SET');
    await call(app, 'DELETE', `/wps/member/bank-accounts?id=${bankAccountId}`, member);
    expect((await withdraw(app, member, bankAccountId, '100')).json().code).toBe('CASHIER_BANK_ACCOUNT_NOT_FOUND');
    expect((await cashOf(app, member.id)).pending).toBe(0n);
  });

  it('confirms receipt once: received, not received, or partial with proof', async () => {
    const { member, bankAccountId } = await funded('5000');
    const ids: number[] = [];
    for (const amount of ['1000', '1000', '1000']) {
      const withdrawal = (await withdraw(app, member, bankAccountId, amount)).json().value;
      ids.push(withdrawal.id);
    }
    const [a = 0, b = 0, c = 0] = ids;
    const early = await call(app, 'POST', '/wps/cashier/withdraw/confirm', member, {
      payload: { withdrawalId: a, result: 'received' },
    });
    expect(early.json().code).toBe('CASHIER_WITHDRAWAL_NOT_CONFIRMABLE');
    for (const id of ids) await app.services.cashier.withdrawals.approveWithdrawal(id, operator);

    const received = await call(app, 'POST', '/wps/cashier/withdraw/confirm', member, {
      payload: { withdrawalId: a, result: 'received' },
    });
    expect(received.json().value).toMatchObject({ confirmation: 'received', receivedAmount: { amount: '1000.00' } });
    const twice = await call(app, 'POST', '/wps/cashier/withdraw/confirm', member, {
      payload: { withdrawalId: a, result: 'not_received' },
    });
    expect(twice.json().code).toBe('CASHIER_WITHDRAWAL_ALREADY_CONFIRMED');

    const partialWithoutProof = await call(app, 'POST', '/wps/cashier/withdraw/confirm', member, {
      payload: { withdrawalId: b, result: 'partial', receivedAmount: '600' },
    });
    expect(partialWithoutProof.json().code).toBe('CASHIER_RECEIVED_AMOUNT_INVALID');
    const form = multipart({ withdrawalId: String(b), result: 'partial', receivedAmount: '600', note: 'short' }, [
      { field: 'proofs', filename: 'bank.png', contentType: 'image/png', bytes: pngBytes() },
    ]);
    const partial = await app.inject({
      method: 'POST',
      url: '/wps/cashier/withdraw/confirm',
      headers: { ...member.headers(), 'content-type': form.contentType },
      payload: form.payload,
    });
    expect(partial.statusCode, partial.body).toBe(200);
    expect(partial.json().value).toMatchObject({ confirmation: 'partial', receivedAmount: { amount: '600.00' } });

    const other = await newMember(app);
    const stranger = await call(app, 'POST', '/wps/cashier/withdraw/confirm', other, {
      payload: { withdrawalId: c, result: 'received' },
    });
    expect(stranger.json().code).toBe('CASHIER_WITHDRAWAL_NOT_FOUND');
    const notReceived = await call(app, 'POST', '/wps/cashier/withdraw/confirm', member, {
      payload: { withdrawalId: c, result: 'not_received' },
    });
    expect(notReceived.json().value).toMatchObject({ confirmation: 'not_received' });
    const disputed = await app.services.cashier.withdrawals.listDisputedWithdrawals({ pageSize: 100 });
    const mine = disputed.items.filter((item) => item.member.id === member.id);
    expect(mine.map((item) => item.confirmation).sort()).toEqual(['not_received', 'partial']);
    expect(mine.find((item) => item.id === b)?.proofs).toHaveLength(1);
  });

  it('counts an unconfirmed paid withdrawal as received after the time limit', async () => {
    const { member, bankAccountId } = await funded('1000');
    const withdrawal = (await withdraw(app, member, bankAccountId, '500')).json().value;
    await app.services.cashier.withdrawals.approveWithdrawal(withdrawal.id, operator);
    const { withdrawals } = app.services.cashier;
    const soon = new Date(Date.now() + 60_000);
    expect(await withdrawals.autoConfirmWithdrawals(soon)).not.toContain(withdrawal.id);
    const later = new Date(Date.now() + (24 * 60 + 1) * 60_000);
    expect(await withdrawals.autoConfirmWithdrawals(later)).toContain(withdrawal.id);
    const mine = (await call(app, 'GET', '/wps/cashier/withdrawals', member)).json().value.items;
    expect(mine[0]).toMatchObject({ id: withdrawal.id, confirmation: 'auto_received' });
    expect(await withdrawals.autoConfirmWithdrawals(later)).not.toContain(withdrawal.id);
  });

  it('settles withdrawals a crash left half-done, in housekeeping', async () => {
    const { member, bankAccountId } = await funded('1000');
    const held = (await withdraw(app, member, bankAccountId, '300')).json().value;
    // A review whose ledger post never ran, and a request that died before its hold.
    await repo.reviewWithdrawal(app.database.db, held.id, {
      status: 'approved',
      reviewedAt: new Date(),
      reviewedById: 1,
      reviewedByName: 'ops',
    });
    const orphan = await repo.insertWithdrawal(app.database.db, {
      merchantCode: 'DEMO',
      accountId: member.id,
      amount: 10_000n,
      currency: 'BDT',
      status: 'opening',
      bankAccountId,
      payTo: {
        bankCode: 'BKASH',
        bankName: 'bKash',
        accountNumber: '01712345678',
        holderName: 'Rahim Uddin',
        branch: null,
      },
      clientKey: key('orphan'),
      requestHash: 'x',
      ledgerKey: key('orphan-ledger'),
      createdAt: new Date(Date.now() - 10 * 60_000),
    });
    expect(await cashOf(app, member.id)).toEqual({ balance: 100_000n, pending: 30_000n, available: 70_000n });
    const result = await app.services.cashier.runHousekeeping();
    expect(result.withdrawals.resolved).toBeGreaterThanOrEqual(1);
    expect(result.withdrawals.dropped).toBeGreaterThanOrEqual(1);
    expect(await cashOf(app, member.id)).toEqual({ balance: 70_000n, pending: 0n, available: 70_000n });
    expect(await repo.findWithdrawal(app.database.db, 'DEMO', orphan.id)).toBeNull();
    await app.services.cashier.runHousekeeping();
    expect((await cashOf(app, member.id)).balance).toBe(70_000n);
    await expectLedgerReconciled(app);
  });

  it('answers the withdraw page: limits, usage today, balance, accounts', async () => {
    const { member, bankAccountId } = await funded('2000');
    await withdraw(app, member, bankAccountId, '300');
    const info = (await call(app, 'GET', '/wps/cashier/withdraw/info', member)).json().value;
    expect(info).toMatchObject({
      currency: 'BDT',
      available: { amount: '1700.00' },
      min: { amount: '100.00' },
      max: { amount: '50000.00' },
      todayCount: 1,
      todayAmount: { amount: '300.00' },
      hasPaymentPassword: true,
      bankAccounts: [{ id: bankAccountId, accountNumberMasked: '****5678' }],
    });
  });
});

describe('daily withdrawal limits', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    // The daily limits count the cashier day: not across its turn.
    await awayFromCashierDayTurn({ before: 180_000 });
    app = await buildCashierApp({ withdrawDailyMaxCount: 3, withdrawDailyMaxAmount: '1000' });
  }, 240_000);
  afterAll(() => app.close());

  it('lets exactly the daily count through when requests race, and rejected ones do not count', async () => {
    const member = await newMember(app, { funds: '100000', payeeName: 'Rahim Uddin' });
    const bankAccountId = await bindAccount(app, member);
    const responses = await Promise.all(Array.from({ length: 12 }, () => withdraw(app, member, bankAccountId, '100')));
    const codes = responses.map((response) => (response.statusCode === 200 ? 'ok' : response.json().code));
    expect(codes.filter((code) => code === 'ok')).toHaveLength(3);
    expect(codes.filter((code) => code === 'CASHIER_WITHDRAW_DAILY_COUNT_EXCEEDED')).toHaveLength(9);
    expect((await cashOf(app, member.id)).pending).toBe(30_000n);
    const first = responses.find((response) => response.statusCode === 200)?.json().value.id as number;
    await app.services.cashier.withdrawals.rejectWithdrawal(first, 'test', { operatorId: 1, username: 'ops' });
    expect((await withdraw(app, member, bankAccountId, '100')).statusCode).toBe(200);
    await expectLedgerReconciled(app);
  });

  it('refuses what would pass the daily amount, saying what is left', async () => {
    const member = await newMember(app, { funds: '100000', payeeName: 'Rahim Uddin' });
    const bankAccountId = await bindAccount(app, member);
    expect((await withdraw(app, member, bankAccountId, '700')).statusCode).toBe(200);
    const over = await withdraw(app, member, bankAccountId, '300.01');
    expect(over.json()).toMatchObject({
      code: 'CASHIER_WITHDRAW_DAILY_AMOUNT_EXCEEDED',
      params: { limit: '1000.00', remaining: '300.00' },
    });
    expect((await withdraw(app, member, bankAccountId, '300')).statusCode).toBe(200);
  });
});

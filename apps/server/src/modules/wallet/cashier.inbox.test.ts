import { inboxUnreadNoticeKind, type RealtimeEvent } from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { logStatements } from '../../testing';
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
  receipt,
} from './cashier.test-helpers';

/**
 * Every cashier notice (deposit arrived/failed, withdrawal approved/rejected) and its inbox message are written by
 * one statement and so commit together: a gateway callback costs two statements (the nonce with the deposit's read,
 * then the credit with its notice and message), a crash right after a commit loses no message, and the post-commit
 * hook only pushes the member's new unread count.
 */

const operator = { operatorId: 11, username: 'ops.carol' };
let keys = 0;
const key = (label: string) => `${label}-${Date.now()}-${++keys}`;
const settle = () => new Promise((resolve) => setTimeout(resolve, 150));

/**
 * The statements a callback sent, without the group writer's session setting (its lock timeout), which a new
 * pipelined connection is sent once before its first transfer.
 */
function callbackStatements(texts: readonly string[]): string[] {
  return texts.filter((text) => !text.includes("set_config('lock_timeout'"));
}

describe('cashier notices and their inbox messages', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    // The site settings (the currency) are cached as in production, so a callback sends only its own statements.
    app = await buildCashierApp({ permissionCacheTtlMs: 600_000, withdrawMinAmount: '100' });
  });
  afterAll(() => app.close());

  const simulator = () => {
    const sim = app.services.paymentSimulator;
    if (!sim) throw new Error('simulator off');
    return sim;
  };

  const inbox = async (member: Member) =>
    (await app.services.content.listInbox(member.id, { pageNo: 1, pageSize: 20 }, 'en')).content;

  /**
   * The post-commit hook with nothing of content's left in it: what a crash right after the commit would leave.
   * The notice relay to the sockets still runs; nobody listens.
   */
  function withoutContentHook() {
    const stored = vi.spyOn(app.services.content, 'cashierNoticeStored').mockResolvedValue();
    const recorded = vi.spyOn(app.services.content, 'recordCashierNotice').mockResolvedValue();
    return {
      stored,
      recorded,
      restore() {
        stored.mockRestore();
        recorded.mockRestore();
      },
    };
  }

  /** A gateway deposit whose callback the simulator holds back, so the test sends it (and counts what it costs). */
  async function pendingGatewayDeposit(member: Member, amount: string) {
    const response = await call(app, 'POST', '/wps/cashier/deposit', member, {
      key: key('dep'),
      payload: { channelCode: 'SIM_EWALLET', amount },
    });
    expect(response.statusCode, response.body).toBe(200);
    const deposit = response.json().value as { id: number; redirectUrl: string };
    const intentId = /\/gateway-sim\/pay\/(sim_[0-9a-f]+)/.exec(deposit.redirectUrl)?.[1];
    if (!intentId) throw new Error(`no intent in ${deposit.redirectUrl}`);
    const intent = await simulator().getIntent(intentId);
    if (!intent) throw new Error('no intent');
    return {
      deposit,
      intentId,
      /** The gateway's signed callback for the deposit, each delivery with a fresh nonce (as a PSP retry is). */
      callback: (status: 'SUCCESS' | 'FAILED' = 'SUCCESS') => {
        const body = simulator().callbackBody(intent, status);
        return app.inject({
          method: 'POST',
          url: '/gateway/payments/simulator/callback',
          headers: { 'content-type': 'application/json', ...simulator().sign(body) },
          payload: body,
        });
      },
    };
  }

  /** A member who has made a deposit already: its account ids are known, as they are for a returning member. */
  async function returningMember(): Promise<Member> {
    const member = await newMember(app);
    const first = await pendingGatewayDeposit(member, '500');
    expect((await first.callback()).statusCode).toBe(200);
    return member;
  }

  it('credits a gateway callback with two statements: the deposit with its nonce, then the credit with the nonce, notice and inbox message', async () => {
    const member = await returningMember();
    const { deposit, callback } = await pendingGatewayDeposit(member, '700');
    await settle();
    const log = logStatements(app.database);
    try {
      const answer = await callback();
      expect(answer.statusCode, answer.body).toBe(200);
      // The post-commit hook runs after the answer: whatever it sends would be logged by now.
      await settle();
    } finally {
      log.stop();
    }
    const texts = callbackStatements(log.texts);
    expect(texts, texts.join('\n')).toHaveLength(2);
    const [read, credit] = texts;
    expect(read).toContain('wallet_gateway_nonces');
    expect(read).toContain('wallet_deposits');
    expect(credit).toContain('insert into wallet_gateway_nonces');
    expect(credit).toContain('wallet_transfers');
    expect(credit).toContain('wallet_member_notices');
    expect(credit).toContain('content_messages');
    expect((await cashOf(app, member.id)).balance).toBe(120_000n);
    expect((await inbox(member)).filter((message) => message.kind === 'deposit_arrived')).toHaveLength(2);
    expect((await inbox(member))[0]).toMatchObject({
      kind: 'deposit_arrived',
      content: 'Your deposit of 700.00 BDT has arrived in your balance.',
      read: false,
    });
    expect(await repo.findDeposit(app.database.db, 'DEMO', deposit.id)).toMatchObject({ status: 'approved' });
    await expectLedgerReconciled(app);
  });

  it('has the inbox message as soon as the callback is answered, with no post-commit hook storing it', async () => {
    const member = await newMember(app);
    const { callback } = await pendingGatewayDeposit(member, '250.50');
    const hook = withoutContentHook();
    try {
      expect((await callback()).statusCode).toBe(200);
      expect(await inbox(member)).toMatchObject([{ kind: 'deposit_arrived' }]);
      expect(hook.stored).toHaveBeenCalledWith(expect.objectContaining({ kind: 'deposit_arrived' }));
      expect(hook.recorded).not.toHaveBeenCalled();
    } finally {
      hook.restore();
    }
    expect((await app.services.content.unreadCount(member.id)).count).toBe(1);
  });

  it('pushes the unread count and the balance after the commit, storing nothing more', async () => {
    const member = await returningMember();
    const { deposit, callback } = await pendingGatewayDeposit(member, '300');
    const published: RealtimeEvent[] = [];
    const publish = vi.spyOn(app.services.realtime, 'publishToAccount').mockImplementation(async (accountId, event) => {
      if (accountId === member.id) published.push(event);
    });
    // As if the member had the portal open: the pushes are built only for a connected socket.
    const listening = vi.spyOn(app.services.realtime, 'isListening').mockResolvedValue(true);
    await settle();
    const log = logStatements(app.database);
    try {
      expect((await callback()).statusCode).toBe(200);
      await vi.waitFor(() => expect(published).toHaveLength(2));
      await settle();
    } finally {
      log.stop();
      publish.mockRestore();
      listening.mockRestore();
    }
    expect(published).toContainEqual({ type: 'notice', kind: inboxUnreadNoticeKind, params: { count: 2 } });
    expect(published).toContainEqual(
      expect.objectContaining({ type: 'deposit', status: 'arrived', depositId: deposit.id, amount: '300.00' }),
    );
    // The callback's read and its credit's statement; after them the hook only reads (the unread count, the balance).
    const texts = callbackStatements(log.texts);
    expect(texts[0]).toContain('wallet_gateway_nonces');
    expect(texts[1]).toContain('insert into wallet_transfers');
    expect(texts.filter((text) => text.includes('insert into content_messages'))).toHaveLength(1);
    expect(texts.slice(2).every((text) => /^\s*select\s/i.test(text))).toBe(true);
  });

  it('stores one inbox message when the same callback comes again and again, at once and later', async () => {
    const member = await newMember(app);
    const { callback } = await pendingGatewayDeposit(member, '400');
    const answers = await Promise.all(Array.from({ length: 6 }, () => callback()));
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(6).fill(200));
    expect((await callback()).statusCode).toBe(200);
    await settle();
    expect((await cashOf(app, member.id)).balance).toBe(40_000n);
    expect(await inbox(member)).toHaveLength(1);
    expect(await repo.listNotices(app.database.db, member.id, { unreadOnly: false, limit: 10 })).toHaveLength(1);
    await expectLedgerReconciled(app);
  });

  it('credits a deposit whose inbox message was stored already, without storing it twice', async () => {
    const member = await newMember(app);
    const { deposit, callback } = await pendingGatewayDeposit(member, '600');
    // The same message under the same source key (as a server still storing it after the commit would have).
    await app.services.content.recordCashierNotice({
      accountId: member.id,
      kind: 'deposit_arrived',
      params: { depositId: deposit.id, amount: '600.00', currency: 'BDT' },
    });
    expect((await callback()).statusCode).toBe(200);
    expect((await cashOf(app, member.id)).balance).toBe(60_000n);
    expect(await repo.findDeposit(app.database.db, 'DEMO', deposit.id)).toMatchObject({ status: 'approved' });
    expect(await repo.listNotices(app.database.db, member.id, { unreadOnly: false, limit: 10 })).toHaveLength(1);
    expect(await inbox(member)).toHaveLength(1);
    await expectLedgerReconciled(app);
  });

  it('stores a failed deposit’s message with the state change', async () => {
    const member = await newMember(app);
    const { deposit, callback } = await pendingGatewayDeposit(member, '350');
    const hook = withoutContentHook();
    try {
      expect((await callback('FAILED')).statusCode).toBe(200);
      expect(await inbox(member)).toMatchObject([{ kind: 'deposit_failed' }]);
    } finally {
      hook.restore();
    }
    expect(await repo.findDeposit(app.database.db, 'DEMO', deposit.id)).toMatchObject({ status: 'failed' });
    expect((await cashOf(app, member.id)).balance).toBe(0n);
  });

  describe('manual deposits', () => {
    async function submitManual(member: Member): Promise<{ id: number }> {
      const form = multipart({ channelCode: 'MANUAL_BANK', amount: '2500', reference: 'TX-55120' }, [receipt()]);
      const response = await app.inject({
        method: 'POST',
        url: '/wps/cashier/deposit/manual',
        headers: { ...member.headers(key('man')), 'content-type': form.contentType },
        payload: form.payload,
      });
      expect(response.statusCode, response.body).toBe(200);
      return response.json().value;
    }

    it('stores the message of an approval and of a rejection with the decision', async () => {
      const approvedBy = await newMember(app);
      const rejectedFor = await newMember(app);
      const [toApprove, toReject] = [await submitManual(approvedBy), await submitManual(rejectedFor)];
      const hook = withoutContentHook();
      try {
        await app.services.cashier.deposits.approveDeposit(toApprove.id, operator);
        expect(await inbox(approvedBy)).toMatchObject([{ kind: 'deposit_arrived' }]);
        await app.services.cashier.deposits.rejectDeposit(toReject.id, 'Receipt unreadable', operator);
        expect(await inbox(rejectedFor)).toMatchObject([{ kind: 'deposit_failed' }]);
      } finally {
        hook.restore();
      }
      expect((await cashOf(app, approvedBy.id)).balance).toBe(250_000n);
      await expectLedgerReconciled(app);
    });

    it('stores the message inside the approval’s transaction when the one-statement credit is not taken', async () => {
      const member = await newMember(app);
      const deposit = await submitManual(member);
      const wallet = app.services.wallet;
      const transfer = wallet.transfer;
      // Without its guard the approval runs the ordinary transaction: lock, finish the deposit, post, commit.
      const ordinary = vi
        .spyOn(wallet, 'transfer')
        .mockImplementationOnce((input, options) => transfer(input, { ...options, guard: undefined }));
      const hook = withoutContentHook();
      const log = logStatements(app.database);
      try {
        await app.services.cashier.deposits.approveDeposit(deposit.id, operator);
      } finally {
        log.stop();
        hook.restore();
        ordinary.mockRestore();
      }
      expect(await inbox(member)).toMatchObject([{ kind: 'deposit_arrived' }]);
      const texts = log.texts.map((text) => text.trim().toLowerCase());
      const stored = texts.findIndex((text) => text.includes('insert into content_messages'));
      expect(texts[stored]).toContain('update "wallet_deposits"');
      expect(texts[stored]).toContain('wallet_member_notices');
      expect(texts.slice(0, stored)).toContain('begin');
      expect(texts.slice(stored)).toContain('commit');
      expect(
        texts.slice(texts.lastIndexOf('begin', stored), stored).some((text) => text.includes('wallet_accounts')),
      ).toBe(true);
      await expectLedgerReconciled(app);
    });
  });

  describe('withdrawals', () => {
    async function pendingWithdrawal(amount: string) {
      const member = await newMember(app, { funds: '5000', payeeName: 'Rahim Uddin' });
      const bound = await call(app, 'POST', '/wps/member/bank-accounts', member, {
        payload: { bankCode: 'BKASH', accountNumber: '01712345678', holderName: 'Rahim Uddin' },
      });
      expect(bound.statusCode, bound.body).toBe(200);
      const response = await call(app, 'POST', '/wps/cashier/withdraw', member, {
        key: key('wd'),
        payload: { amount, bankAccountId: bound.json().value.id, paymentPassword },
      });
      expect(response.statusCode, response.body).toBe(200);
      return { member, withdrawal: response.json().value as { id: number } };
    }

    /** The review's statements: the message is stored by the notice's statement, inside the review's transaction. */
    function expectStoredWithReview(texts: readonly string[]) {
      const lower = texts.map((text) => text.trim().toLowerCase());
      const stored = lower.findIndex((text) => text.includes('insert into content_messages'));
      expect(stored).toBeGreaterThan(0);
      expect(lower.filter((text) => text.includes('insert into content_messages'))).toHaveLength(1);
      expect(lower[stored]).toContain('wallet_member_notices');
      const begin = lower.lastIndexOf('begin', stored);
      const commit = lower.indexOf('commit', stored);
      expect(begin).toBeGreaterThanOrEqual(0);
      expect(commit).toBeGreaterThan(stored);
      expect(lower.slice(begin, stored).some((text) => text.includes('update "wallet_withdrawals"'))).toBe(true);
    }

    it('stores the message of an approval in the commit of the decision', async () => {
      const { member, withdrawal } = await pendingWithdrawal('1200');
      const hook = withoutContentHook();
      const log = logStatements(app.database);
      try {
        await app.services.cashier.withdrawals.approveWithdrawal(withdrawal.id, operator);
        expect(await inbox(member)).toMatchObject([
          { kind: 'withdrawal_approved', content: expect.stringContaining('1,200.00') },
        ]);
        expect(hook.recorded).not.toHaveBeenCalled();
      } finally {
        log.stop();
        hook.restore();
      }
      expectStoredWithReview(log.texts);
      await expectLedgerReconciled(app);
    });

    it('stores the message of a rejection, with its reason, in the commit of the decision', async () => {
      const { member, withdrawal } = await pendingWithdrawal('800');
      const hook = withoutContentHook();
      const log = logStatements(app.database);
      try {
        await app.services.cashier.withdrawals.rejectWithdrawal(withdrawal.id, 'Name mismatch', operator);
        expect(await inbox(member)).toMatchObject([
          { kind: 'withdrawal_rejected', content: expect.stringContaining('Name mismatch') },
        ]);
      } finally {
        log.stop();
        hook.restore();
      }
      expectStoredWithReview(log.texts);
      // A second decision is refused and stores nothing more.
      await expect(app.services.cashier.withdrawals.approveWithdrawal(withdrawal.id, operator)).rejects.toMatchObject({
        code: 'CASHIER_WITHDRAWAL_NOT_PENDING',
      });
      await settle();
      expect(await inbox(member)).toHaveLength(1);
      expect((await cashOf(app, member.id)).available).toBe(500_000n);
    });
  });
});

import type {
  OperatorWithdrawal,
  Withdrawal as WithdrawalView,
  WithdrawConfirmForm,
  WithdrawInfo,
  WithdrawInput,
} from '@portal/contract';
import { isUniqueViolation } from '../../platform/db';
import { AppError, isAppError } from '../../platform/http/app-error';
import type { AuthContext } from '../../platform/http/auth-context';
import { requestHash } from '../../platform/idempotency';
import {
  type CashierContext,
  type OperatorPage,
  type OperatorRef,
  type PageInput,
  pageOf,
  totalPages,
} from './cashier.context';
import { derivedKey, parseAmountInput, settingMinor } from './cashier.money';
import * as repo from './cashier.repository';
import type { UploadedImage } from './cashier.uploads';
import { bankAccountView, maskAccountNumber } from './cashier.views';

/** Withdrawals the member's list shows. */
const memberListSize = 50;

/**
 * Withdrawals, two-phase in the ledger (ARCHITECTURE.md section 4; TigerBeetle two-phase transfers): the request
 * places a hold on the member's PLAYER_CASH towards WITHDRAWAL_CLEARING; an operator's approval posts it, a
 * rejection voids it (the money is available again). Limits per request and per cashier day come from settings;
 * the daily ones are counted under a per-member lock so concurrent requests cannot slip past them together.
 */
export function createWithdrawService(ctx: CashierContext) {
  const { deps } = ctx;
  const { db, merchantCode, settings } = deps;

  function view(row: repo.WithdrawalRow, scale: number): WithdrawalView {
    return {
      id: row.id,
      amount: ctx.money(row.amount, scale),
      status: row.status === 'opening' ? 'pending' : (row.status as WithdrawalView['status']),
      bankAccount: {
        bankName: row.payTo.bankName,
        accountNumberMasked: maskAccountNumber(row.payTo.accountNumber),
        holderName: row.payTo.holderName,
      },
      rejectReason: row.rejectReason,
      confirmation: row.confirmation as WithdrawalView['confirmation'],
      receivedAmount: row.receivedAmount === null ? null : ctx.money(row.receivedAmount, scale),
      createdAt: row.createdAt.toISOString(),
      reviewedAt: row.reviewedAt?.toISOString() ?? null,
      confirmedAt: row.confirmedAt?.toISOString() ?? null,
    };
  }

  async function operatorView(row: repo.WithdrawalRow, scale: number): Promise<OperatorWithdrawal> {
    const member = await deps.identity.getAccount(row.accountId);
    return {
      ...view(row, scale),
      member: { id: row.accountId, username: member?.username ?? null },
      currency: row.currency,
      payTo: row.payTo,
      confirmationNote: row.confirmationNote,
      proofs: row.proofs.map(({ name, type, size }) => ({ name, type, size })),
      reviewedBy: row.reviewedByName,
      holdTransferId: row.holdTransferId,
      resolutionTransferId: row.resolutionTransferId,
    };
  }

  function limits(scale: number) {
    return {
      min: settingMinor(settings.withdrawMinAmount, scale),
      max: settingMinor(settings.withdrawMaxAmount, scale),
      dailyMaxAmount: settingMinor(settings.withdrawDailyMaxAmount, scale),
    };
  }

  /** Tells the operators' queue that a withdrawal now waits for them (its hold is in place). */
  async function announceRequested(row: repo.WithdrawalRow): Promise<void> {
    ctx.queueChanged({
      queue: 'withdrawals',
      action: 'requested',
      withdrawalId: row.id,
      accountId: row.accountId,
      amount: ctx.money(row.amount, (await ctx.currency()).scale).amount,
      currency: row.currency,
      by: null,
    });
  }

  /** Places the hold of an `opening` withdrawal and makes it pending; a refused hold removes the row. */
  async function placeHold(row: repo.WithdrawalRow): Promise<repo.WithdrawalRow> {
    const cash = await ctx.cashAccountId(row.accountId, row.currency);
    const clearing = await ctx.houseAccount('WITHDRAWAL_CLEARING', row.currency);
    let hold: Awaited<ReturnType<typeof deps.wallet.hold>>;
    try {
      hold = await deps.wallet.hold({
        idempotencyKey: row.ledgerKey,
        debit: cash,
        credit: clearing.id,
        amountMinor: row.amount,
        currency: row.currency,
        kind: 'WITHDRAWAL',
        metadata: { withdrawalId: row.id },
      });
    } catch (error) {
      // A domain refusal (insufficient funds, …) is final for this request: the row goes. Anything else may
      // have placed the hold after all; the row stays `opening` for the retry or `reconcile` to settle.
      if (isAppError(error) && error.statusCode < 500) await repo.deleteOpeningWithdrawal(db, row.id);
      throw error;
    }
    await repo.markWithdrawalPending(db, row.id, hold.id);
    await announceRequested(row);
    return { ...row, status: 'pending', holdTransferId: hold.id };
  }

  /** Posts (approved) or voids (rejected) the hold of a reviewed withdrawal and records it; safe to repeat. */
  async function resolveHold(row: repo.WithdrawalRow): Promise<number | null> {
    if (row.holdTransferId === null || (row.status !== 'approved' && row.status !== 'rejected')) return null;
    const transfer =
      row.status === 'approved'
        ? await deps.wallet.post(row.holdTransferId, `withdraw:${row.id}:post`)
        : await deps.wallet.void(row.holdTransferId, `withdraw:${row.id}:void`, {
            metadata: { reason: row.rejectReason ?? '' },
          });
    await repo.setWithdrawalResolution(db, row.id, transfer.id);
    return transfer.id;
  }

  async function review(
    id: number,
    decision: 'approved' | 'rejected',
    operator: OperatorRef,
    reason?: string,
  ): Promise<OperatorWithdrawal> {
    const { scale } = await ctx.currency();
    const row = await repo.findWithdrawal(db, merchantCode, id);
    if (!row || row.status === 'opening') throw new AppError('CASHIER_WITHDRAWAL_NOT_FOUND', { withdrawalId: id });
    const notice = {
      accountId: row.accountId,
      kind: decision === 'approved' ? 'withdrawal_approved' : 'withdrawal_rejected',
      params: {
        withdrawalId: row.id,
        amount: ctx.money(row.amount, scale).amount,
        currency: row.currency,
        ...(reason ? { reason } : {}),
      },
    } as const;
    const reviewed = await db.transaction(async (tx) => {
      const updated = await repo.reviewWithdrawal(tx, id, {
        status: decision,
        reviewedAt: ctx.now(),
        reviewedById: operator.operatorId,
        reviewedByName: ctx.operatorName(operator),
        ...(reason ? { rejectReason: reason } : {}),
      });
      if (updated) await ctx.notice(tx, notice);
      return updated;
    });
    if (!reviewed) {
      const current = (await repo.findWithdrawal(db, merchantCode, id)) ?? row;
      // The decision was taken but its ledger step did not finish (a crash): finish it, then say so.
      if (current.resolutionTransferId === null) await resolveHold(current);
      throw new AppError('CASHIER_WITHDRAWAL_NOT_PENDING', { withdrawalId: id, status: current.status });
    }
    // Published after the ledger step, so that the realtime event carries the new balance.
    try {
      reviewed.resolutionTransferId = await resolveHold(reviewed);
    } finally {
      ctx.published(notice);
      ctx.queueChanged({
        queue: 'withdrawals',
        action: decision,
        withdrawalId: row.id,
        accountId: row.accountId,
        amount: notice.params.amount,
        currency: row.currency,
        by: ctx.operatorName(operator),
      });
    }
    return operatorView(reviewed, scale);
  }

  async function listWithdrawals(
    filter: { status?: WithdrawalView['status']; confirmations?: string[] },
    page: PageInput = {},
  ): Promise<OperatorPage<OperatorWithdrawal>> {
    const { scale } = await ctx.currency();
    const paging = pageOf(page);
    const { rows, total } = await repo.listWithdrawals(db, merchantCode, filter, paging, page.sorting);
    return {
      items: await Promise.all(rows.map((row) => operatorView(row, scale))),
      pageNo: paging.pageNo,
      pageSize: paging.pageSize,
      total,
      totalPages: totalPages(total, paging.pageSize),
    };
  }

  return {
    /** Limits, today's usage, the available balance and the bound accounts, for the withdraw page. */
    async info(auth: AuthContext): Promise<WithdrawInfo> {
      const { code, scale } = await ctx.currency();
      const cash = await ctx.cashAccount(auth.accountId, code);
      const [today, hasPaymentPassword, accounts] = await Promise.all([
        repo.withdrawalTotalsSince(db, auth.accountId, ctx.dayStart()),
        deps.identity.hasPaymentPassword(auth.accountId),
        repo.listActiveBankAccounts(db, auth.accountId),
      ]);
      const limit = limits(scale);
      return {
        currency: code,
        scale,
        available: ctx.money(cash.availableMinor, scale),
        min: ctx.money(limit.min, scale),
        max: ctx.money(limit.max, scale),
        dailyMaxCount: settings.withdrawDailyMaxCount,
        dailyMaxAmount: ctx.money(limit.dailyMaxAmount, scale),
        todayCount: today.count,
        todayAmount: ctx.money(today.sumMinor, scale),
        hasPaymentPassword,
        bankAccounts: accounts.map(bankAccountView),
      };
    },

    /**
     * Asks for a withdrawal to a bound account: checks the amount and limits, the payment password, then holds
     * the amount on the member's cash account until an operator decides. The member's Idempotency-Key keys
     * the hold, so a retried request never holds twice.
     * @throws WALLET_AMOUNT_INVALID, WALLET_AMOUNT_TOO_PRECISE, WALLET_AMOUNT_TOO_LARGE, CASHIER_AMOUNT_BELOW_MIN,
     *   CASHIER_AMOUNT_ABOVE_MAX, CASHIER_BANK_ACCOUNT_NOT_FOUND, CASHIER_PAYMENT_PASSWORD_*,
     *   CASHIER_WITHDRAW_DAILY_COUNT_EXCEEDED, CASHIER_WITHDRAW_DAILY_AMOUNT_EXCEEDED, WALLET_INSUFFICIENT_FUNDS,
     *   WALLET_IDEMPOTENCY_CONFLICT
     */
    async requestWithdrawal(auth: AuthContext, input: WithdrawInput, clientKey: string): Promise<WithdrawalView> {
      const { code, scale } = await ctx.currency();
      const amount = parseAmountInput(input.amount, scale);
      const limit = limits(scale);
      if (amount < limit.min)
        throw new AppError('CASHIER_AMOUNT_BELOW_MIN', { min: ctx.money(limit.min, scale).amount });
      if (amount > limit.max)
        throw new AppError('CASHIER_AMOUNT_ABOVE_MAX', { max: ctx.money(limit.max, scale).amount });
      const bank = await repo.findActiveBankAccount(db, auth.accountId, input.bankAccountId);
      if (!bank) throw new AppError('CASHIER_BANK_ACCOUNT_NOT_FOUND', { bankAccountId: input.bankAccountId });
      await ctx.checkPaymentPassword(auth.accountId, input.paymentPassword);

      const hash = requestHash({ amount: amount.toString(), bankAccountId: bank.id });
      const sameRequest = (row: repo.WithdrawalRow | null) => {
        if (row && row.requestHash !== hash)
          throw new AppError('WALLET_IDEMPOTENCY_CONFLICT', { withdrawalId: row.id });
        return row;
      };
      const earlier = sameRequest(await repo.findWithdrawalByClientKey(db, merchantCode, auth.accountId, clientKey));
      if (earlier) return view(earlier.status === 'opening' ? await placeHold(earlier) : earlier, scale);

      // Cheap early answer for the common case; the hold itself is what decides under concurrency.
      const cash = await ctx.cashAccount(auth.accountId, code);
      if (cash.availableMinor < amount) {
        throw new AppError('WALLET_INSUFFICIENT_FUNDS', {
          accountId: cash.id,
          availableMinor: cash.availableMinor.toString(),
          requestedMinor: amount.toString(),
        });
      }

      let row: repo.WithdrawalRow;
      try {
        row = await db.transaction(async (tx) => {
          await repo.lockMember(tx, auth.accountId);
          const raced = sameRequest(await repo.findWithdrawalByClientKey(tx, merchantCode, auth.accountId, clientKey));
          if (raced) return raced;
          const today = await repo.withdrawalTotalsSince(tx, auth.accountId, ctx.dayStart());
          if (today.count >= settings.withdrawDailyMaxCount) {
            throw new AppError('CASHIER_WITHDRAW_DAILY_COUNT_EXCEEDED', { limit: settings.withdrawDailyMaxCount });
          }
          if (today.sumMinor + amount > limit.dailyMaxAmount) {
            const remaining = limit.dailyMaxAmount > today.sumMinor ? limit.dailyMaxAmount - today.sumMinor : 0n;
            throw new AppError('CASHIER_WITHDRAW_DAILY_AMOUNT_EXCEEDED', {
              limit: ctx.money(limit.dailyMaxAmount, scale).amount,
              remaining: ctx.money(remaining, scale).amount,
            });
          }
          return repo.insertWithdrawal(tx, {
            merchantCode,
            accountId: auth.accountId,
            amount,
            currency: code,
            status: 'opening',
            bankAccountId: bank.id,
            payTo: {
              bankCode: bank.bankCode,
              bankName: bank.bankName,
              accountNumber: bank.accountNumber,
              holderName: bank.holderName,
              branch: bank.branch,
            },
            clientKey,
            requestHash: hash,
            ledgerKey: derivedKey('withdraw', auth.accountId, clientKey),
            createdAt: ctx.now(),
          });
        });
      } catch (error) {
        if (!isUniqueViolation(error)) throw error;
        const raced = sameRequest(await repo.findWithdrawalByClientKey(db, merchantCode, auth.accountId, clientKey));
        if (!raced) throw error;
        row = raced;
      }
      return view(row.status === 'opening' ? await placeHold(row) : row, scale);
    },

    /** The member's latest withdrawals, newest first. */
    async listMine(auth: AuthContext): Promise<{ items: WithdrawalView[] }> {
      const { scale } = await ctx.currency();
      const rows = await repo.listMemberWithdrawals(db, auth.accountId, memberListSize);
      return { items: rows.map((row) => view(row, scale)) };
    },

    /**
     * The member's word on a paid withdrawal: received, not received, or partially received (with the amount
     * and 1–3 proof images). Once only. `not_received` and `partial` are for operators to investigate.
     * @throws CASHIER_WITHDRAWAL_NOT_FOUND, CASHIER_WITHDRAWAL_NOT_CONFIRMABLE, CASHIER_WITHDRAWAL_ALREADY_CONFIRMED,
     *   CASHIER_RECEIVED_AMOUNT_INVALID
     */
    async confirmWithdrawal(
      auth: AuthContext,
      form: WithdrawConfirmForm,
      images: readonly UploadedImage[],
    ): Promise<WithdrawalView> {
      const { scale } = await ctx.currency();
      const row = await repo.findWithdrawal(db, merchantCode, form.withdrawalId);
      if (!row || row.accountId !== auth.accountId || row.status === 'opening') {
        throw new AppError('CASHIER_WITHDRAWAL_NOT_FOUND', { withdrawalId: form.withdrawalId });
      }
      if (row.status !== 'approved') throw new AppError('CASHIER_WITHDRAWAL_NOT_CONFIRMABLE', { status: row.status });
      if (row.confirmation !== null) throw new AppError('CASHIER_WITHDRAWAL_ALREADY_CONFIRMED');
      let receivedAmount: bigint | null = null;
      if (form.result === 'partial') {
        if (form.receivedAmount === undefined || images.length === 0)
          throw new AppError('CASHIER_RECEIVED_AMOUNT_INVALID');
        receivedAmount = parseAmountInput(form.receivedAmount, scale);
        if (receivedAmount >= row.amount) throw new AppError('CASHIER_RECEIVED_AMOUNT_INVALID');
      } else if (form.result === 'received') {
        receivedAmount = row.amount;
      } else {
        receivedAmount = 0n;
      }
      const proofs = form.result === 'received' ? [] : await deps.uploads.save(images);
      const confirmed = await repo.confirmWithdrawal(db, row.id, auth.accountId, {
        confirmation: form.result,
        confirmedAt: ctx.now(),
        receivedAmount,
        confirmationNote: form.note?.trim() || null,
        proofs,
      });
      if (!confirmed) {
        await deps.uploads.remove(proofs);
        throw new AppError('CASHIER_WITHDRAWAL_ALREADY_CONFIRMED');
      }
      if (form.result !== 'received') {
        ctx.queueChanged({
          queue: 'withdrawals',
          action: 'disputed',
          withdrawalId: row.id,
          accountId: row.accountId,
          amount: ctx.money(row.amount, scale).amount,
          currency: row.currency,
          by: null,
        });
      }
      return view(confirmed, scale);
    },

    // ------------------------------------------------------------------------------------------- operators

    /** Withdrawals waiting for an operator, oldest first. */
    listPendingWithdrawals: (page: PageInput = {}) => listWithdrawals({ status: 'pending' }, page),

    /** Paid withdrawals the member says were not (fully) received. */
    listDisputedWithdrawals: (page: PageInput = {}) =>
      listWithdrawals({ status: 'approved', confirmations: ['not_received', 'partial'] }, page),

    listWithdrawals,

    /** One withdrawal as operators see it. @throws CASHIER_WITHDRAWAL_NOT_FOUND */
    async getOperatorWithdrawal(id: number): Promise<OperatorWithdrawal> {
      const row = await repo.findWithdrawal(db, merchantCode, id);
      if (!row || row.status === 'opening') throw new AppError('CASHIER_WITHDRAWAL_NOT_FOUND', { withdrawalId: id });
      return operatorView(row, (await ctx.currency()).scale);
    },

    /**
     * Approves a pending withdrawal (the operator has paid it): the hold is posted to WITHDRAWAL_CLEARING.
     * @throws CASHIER_WITHDRAWAL_NOT_FOUND, CASHIER_WITHDRAWAL_NOT_PENDING
     */
    approveWithdrawal: (id: number, operator: OperatorRef) => review(id, 'approved', operator),

    /**
     * Rejects a pending withdrawal with a reason shown to the member: the hold is voided and the money is
     * available again.
     * @throws CASHIER_REASON_REQUIRED, CASHIER_WITHDRAWAL_NOT_FOUND, CASHIER_WITHDRAWAL_NOT_PENDING
     */
    async rejectWithdrawal(id: number, reason: string, operator: OperatorRef): Promise<OperatorWithdrawal> {
      const text = typeof reason === 'string' ? reason.trim() : '';
      if (text.length < 1 || text.length > 200) throw new AppError('CASHIER_REASON_REQUIRED');
      return review(id, 'rejected', operator, text);
    },

    /**
     * Paid withdrawals unconfirmed for WITHDRAW_AUTO_CONFIRM_MINUTES count as received (spec section 4). For
     * the job scheduler; returns the ids it confirmed.
     */
    async autoConfirmWithdrawals(now: Date = ctx.now()): Promise<number[]> {
      const cutoff = new Date(now.getTime() - settings.withdrawAutoConfirmMinutes * 60_000);
      return repo.autoConfirmWithdrawals(db, merchantCode, cutoff, now);
    },

    /**
     * Finishes what a crash interrupted: requests left `opening` (hold placed or not) and reviews whose post or
     * void was not recorded. Every step is keyed, so it is safe to run any time. For the job scheduler.
     */
    async reconcile(
      now: Date = ctx.now(),
      limit = 100,
    ): Promise<{ opened: number; dropped: number; resolved: number }> {
      let opened = 0;
      let dropped = 0;
      let resolved = 0;
      const stale = await repo.listStaleOpeningWithdrawals(db, merchantCode, new Date(now.getTime() - 120_000), limit);
      for (const row of stale) {
        const hold = await deps.wallet.getTransferByKey(row.ledgerKey);
        if (hold?.state === 'pending') {
          await repo.markWithdrawalPending(db, row.id, hold.id);
          await announceRequested(row);
          opened += 1;
        } else if (!hold) {
          await repo.deleteOpeningWithdrawal(db, row.id);
          dropped += 1;
        }
      }
      for (const row of await repo.listUnresolvedWithdrawals(db, merchantCode, limit)) {
        if ((await resolveHold(row)) !== null) resolved += 1;
      }
      return { opened, dropped, resolved };
    },
  };
}

export type WithdrawService = ReturnType<typeof createWithdrawService>;

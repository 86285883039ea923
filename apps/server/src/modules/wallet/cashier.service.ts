import {
  type AddBankAccountInput,
  type BankAccount,
  type BankAccountList,
  type ChangePaymentPasswordInput,
  type ConsolidatedFunds,
  type MemberTransferResult,
  type MerchantWallet,
  type PaymentPasswordResetCode,
  payoutBanks,
  type RecordItem,
  type RecordsPage,
  type RecordsQuery,
  type ResetPaymentPasswordInput,
  type SetPaymentPasswordInput,
  type TransferDownlineInput,
  type TransferUplineInput,
  validateRegistrationField,
  type WalletBalanceView,
} from '@portal/contract';
import { isUniqueViolation } from '../../platform/db';
import { AppError } from '../../platform/http/app-error';
import type { AuthContext } from '../../platform/http/auth-context';
import type { AccountSummary } from '../identity';
import { type CashierDeps, createCashierContext } from './cashier.context';
import { cashierDay, derivedKey, parseAmountInput } from './cashier.money';
import { createCashierReports } from './cashier.reports.service';
import * as repo from './cashier.repository';
import { bankAccountView } from './cashier.views';
import { createDepositService } from './deposit.service';
import { createWithdrawService } from './withdraw.service';

export type { CashierDeps, CashierSettings, MemberNotice, OperatorRef } from './cashier.context';

const dayMs = 86_400_000;
/** Gateway nonces are kept a little longer than the oldest callback accepted. */
const nonceRetentionMs = 15 * 60_000;

/** Spaces collapsed, ends trimmed: how names are compared and stored. */
function normaliseName(name: string): string {
  return name.trim().replace(/\s+/g, ' ');
}

/**
 * The cashier (spec sections 2 to 9, server side): the member's balance and consolidated funds, payment
 * password, bank accounts, member-to-upline and agent-to-downline transfers, the account record and the member
 * notices, plus the deposit and withdrawal services (`deposits`, `withdrawals`) with their operator functions.
 * Money moves only through the wallet ledger, each movement under a key derived from the caller's
 * Idempotency-Key (or the gateway's transaction id), so no retry moves money twice.
 */
export function createCashierService(deps: CashierDeps) {
  const ctx = createCashierContext(deps);
  const { db, merchantCode, identity, settings } = deps;
  const deposits = createDepositService(ctx);
  const withdrawals = createWithdrawService(ctx);

  async function availableOf(accountId: number, code: string): Promise<bigint> {
    return (await ctx.cashAccount(accountId, code)).availableMinor;
  }

  /** Moves money between two members' main wallets after the sender's payment password. */
  async function memberTransfer(
    auth: AuthContext,
    to: AccountSummary,
    input: { amount: string; paymentPassword: string },
    clientKey: string,
    direction: 'upline' | 'downline',
  ): Promise<MemberTransferResult> {
    const { code, scale } = await ctx.currency();
    const amount = parseAmountInput(input.amount, scale);
    await ctx.checkPaymentPassword(auth.accountId, input.paymentPassword);
    const [from, target] = await Promise.all([ctx.cashAccountId(auth.accountId, code), ctx.cashAccountId(to.id, code)]);
    const transfer = await deps.wallet.transfer({
      idempotencyKey: derivedKey(`transfer-${direction}`, auth.accountId, clientKey),
      debit: from,
      credit: target,
      amountMinor: amount,
      currency: code,
      kind: 'TRANSFER',
      metadata: { direction, fromAccountId: auth.accountId, toAccountId: to.id },
    });
    // Both members' headers show the new balance at once; the recipient learns of the money this way.
    for (const accountId of [to.id, auth.accountId]) {
      try {
        deps.onBalanceChanged?.(accountId);
      } catch (error) {
        deps.log.error({ err: error, accountId }, 'balance hook failed');
      }
    }
    return {
      transferId: transfer.id,
      amount: ctx.money(amount, scale),
      balance: ctx.money(await availableOf(auth.accountId, code), scale),
      to: { id: to.id, username: to.username },
    };
  }

  async function holderNameIssue(name: string): Promise<boolean> {
    const rule = (await deps.system.registerSettings()).fields.payeeName;
    if (rule) return validateRegistrationField({ ...rule, enabled: true, required: true }, name) !== null;
    return !/^[\p{L}\p{M}][\p{L}\p{M} .'-]{1,119}$/u.test(name);
  }

  return {
    deposits,
    withdrawals,
    ...createCashierReports(ctx),

    /** The main wallet (what can be spent), what withdrawals hold, vendor wallets (none yet) and the total. */
    async balance(auth: AuthContext): Promise<WalletBalanceView> {
      const { code, scale, symbol } = await ctx.currency();
      const cash = await ctx.cashAccount(auth.accountId, code);
      const vendors = (await deps.vendorBalances?.(auth.accountId)) ?? [];
      const vendorTotal = vendors.reduce((sum, vendor) => sum + vendor.balanceMinor, 0n);
      return {
        currency: code,
        scale,
        symbol,
        main: ctx.money(cash.availableMinor, scale),
        onHold: ctx.money(cash.pendingDebitsMinor, scale),
        vendors: vendors.map((vendor) => ({ vendor: vendor.vendor, balance: ctx.money(vendor.balanceMinor, scale) })),
        total: ctx.money(cash.balanceMinor + vendorTotal, scale),
      };
    },

    /** `isSingle` while no vendor keeps its own (transfer-mode) wallet. */
    async merchantWallet(): Promise<MerchantWallet> {
      const transferVendors = (await deps.transferVendors?.()) ?? [];
      return { isSingle: transferVendors.length === 0, transferVendors };
    },

    /** Balance, pending withdrawals and today's deposits and withdrawals (AGENTPOLICY3). */
    async consolidatedFunds(auth: AuthContext): Promise<ConsolidatedFunds> {
      const { code, scale } = await ctx.currency();
      const dayStart = ctx.dayStart();
      const [available, pending, depositedToday, withdrawnToday] = await Promise.all([
        availableOf(auth.accountId, code),
        repo.pendingWithdrawalTotals(db, auth.accountId),
        repo.approvedDepositTotalsSince(db, auth.accountId, dayStart),
        repo.approvedWithdrawalTotalsSince(db, auth.accountId, dayStart),
      ]);
      return {
        currency: code,
        scale,
        balance: ctx.money(available, scale),
        pendingWithdrawal: ctx.money(pending.sumMinor, scale),
        pendingWithdrawalCount: pending.count,
        todayDeposit: ctx.money(depositedToday.sumMinor, scale),
        todayDepositCount: depositedToday.count,
        todayWithdrawal: ctx.money(withdrawnToday.sumMinor, scale),
        todayWithdrawalCount: withdrawnToday.count,
        dayStartsAt: dayStart.toISOString(),
      };
    },

    /**
     * The payment-password check of money-out calls for other modules (the points mall's conversion), with the
     * same count of wrong guesses and the same lock as the cashier's own calls.
     * @throws CASHIER_PAYMENT_PASSWORD_NOT_SET, CASHIER_PAYMENT_PASSWORD_LOCKED, CASHIER_PAYMENT_PASSWORD_INCORRECT
     */
    checkPaymentPassword(auth: AuthContext, password: string): Promise<void> {
      return ctx.checkPaymentPassword(auth.accountId, password);
    },

    /**
     * The first payment password, proven with the login password (whose wrong guesses count towards the login
     * lockout).
     * @throws CASHIER_PAYMENT_PASSWORD_ALREADY_SET, CASHIER_PAYMENT_PASSWORD_FORMAT,
     *   CASHIER_PAYMENT_PASSWORD_MISMATCH, CASHIER_LOGIN_PASSWORD_INCORRECT, IDENTITY_ACCOUNT_LOCKED
     */
    async setPaymentPassword(auth: AuthContext, input: SetPaymentPasswordInput): Promise<{ hasPaymentPassword: true }> {
      if (await identity.hasPaymentPassword(auth.accountId)) throw new AppError('CASHIER_PAYMENT_PASSWORD_ALREADY_SET');
      await ctx.assertNewPaymentPassword(input.paymentPassword, input.confirmPaymentPassword);
      if (!(await identity.checkLoginPassword(auth.accountId, input.loginPassword))) {
        throw new AppError('CASHIER_LOGIN_PASSWORD_INCORRECT');
      }
      await identity.setPaymentPassword(auth.accountId, input.paymentPassword);
      return { hasPaymentPassword: true };
    },

    /**
     * Replaces the payment password; a wrong old one counts like any wrong payment password.
     * @throws CASHIER_PAYMENT_PASSWORD_NOT_SET, CASHIER_PAYMENT_PASSWORD_INCORRECT, CASHIER_PAYMENT_PASSWORD_LOCKED,
     *   CASHIER_PAYMENT_PASSWORD_FORMAT, CASHIER_PAYMENT_PASSWORD_MISMATCH, CASHIER_PAYMENT_PASSWORD_REUSED
     */
    async changePaymentPassword(
      auth: AuthContext,
      input: ChangePaymentPasswordInput,
    ): Promise<{ hasPaymentPassword: true }> {
      await ctx.assertNewPaymentPassword(input.paymentPassword, input.confirmPaymentPassword);
      await ctx.checkPaymentPassword(auth.accountId, input.oldPaymentPassword);
      if (input.paymentPassword === input.oldPaymentPassword) throw new AppError('CASHIER_PAYMENT_PASSWORD_REUSED');
      await identity.setPaymentPassword(auth.accountId, input.paymentPassword);
      return { hasPaymentPassword: true };
    },

    /**
     * Sends the code that resets a forgotten payment password to the member's bound mobile.
     * @throws CASHIER_PAYMENT_PASSWORD_NOT_SET, IDENTITY_VERIFICATION_METHOD_UNAVAILABLE (no mobile bound: the
     *   reset then takes the login password), and the SMS sending errors (RATE_LIMITED, IDENTITY_SMS_*)
     */
    async sendPaymentPasswordResetCode(
      auth: AuthContext,
      request: { ip: string | null; language?: string },
    ): Promise<PaymentPasswordResetCode> {
      if (!(await identity.hasPaymentPassword(auth.accountId))) throw new AppError('CASHIER_PAYMENT_PASSWORD_NOT_SET');
      return identity.sendAccountSmsCode(auth.accountId, 'PAYPWD', request);
    },

    /**
     * Resets a forgotten payment password. A member with a bound mobile proves it with the SMS code sent to it
     * (the login password alone is not enough: whoever holds an open session may know it); a member without one
     * proves it with the login password, whose wrong guesses count towards the login lockout. The new password
     * clears the payment-password lock; sessions stay as they are.
     * @throws CASHIER_PAYMENT_PASSWORD_NOT_SET, CASHIER_PAYMENT_PASSWORD_FORMAT, CASHIER_PAYMENT_PASSWORD_MISMATCH,
     *   IDENTITY_SMS_CODE_INVALID, IDENTITY_SMS_CODE_EXPIRED, CASHIER_LOGIN_PASSWORD_INCORRECT, IDENTITY_ACCOUNT_LOCKED
     */
    async resetPaymentPassword(
      auth: AuthContext,
      input: ResetPaymentPasswordInput,
    ): Promise<{ hasPaymentPassword: true }> {
      if (!(await identity.hasPaymentPassword(auth.accountId))) throw new AppError('CASHIER_PAYMENT_PASSWORD_NOT_SET');
      await ctx.assertNewPaymentPassword(input.paymentPassword, input.confirmPaymentPassword);
      if (await identity.hasMobile(auth.accountId)) {
        await identity.verifyAccountSmsCode(auth.accountId, 'PAYPWD', input.verificationCode);
      } else if (!input.loginPassword || !(await identity.checkLoginPassword(auth.accountId, input.loginPassword))) {
        throw new AppError('CASHIER_LOGIN_PASSWORD_INCORRECT');
      }
      await identity.setPaymentPassword(auth.accountId, input.paymentPassword);
      await repo.clearPaymentPasswordGuard(db, auth.accountId);
      return { hasPaymentPassword: true };
    },

    async listBankAccounts(auth: AuthContext): Promise<BankAccountList> {
      const [rows, payeeName] = await Promise.all([
        repo.listActiveBankAccounts(db, auth.accountId),
        identity.payeeName(auth.accountId),
      ]);
      return {
        items: rows.map(bankAccountView),
        max: settings.bankAccountsMax,
        payeeName,
        banks: payoutBanks.map((bank) => ({ ...bank })),
      };
    },

    /**
     * Binds a bank account or e-wallet. The holder name must be the account's payee (real) name; the first
     * bound account sets that name when the member has none yet.
     * @throws CASHIER_BANK_UNKNOWN, CASHIER_ACCOUNT_NUMBER_INVALID, CASHIER_HOLDER_NAME_INVALID,
     *   CASHIER_HOLDER_NAME_MISMATCH, CASHIER_BANK_ACCOUNT_LIMIT, CASHIER_BANK_ACCOUNT_DUPLICATE
     */
    async addBankAccount(auth: AuthContext, input: AddBankAccountInput): Promise<BankAccount> {
      const bank = payoutBanks.find((candidate) => candidate.code === input.bankCode);
      if (!bank) throw new AppError('CASHIER_BANK_UNKNOWN', { bankCode: input.bankCode });
      const accountNumber = input.accountNumber.replace(/[\s-]/g, '');
      if (!/^\d{6,24}$/.test(accountNumber)) throw new AppError('CASHIER_ACCOUNT_NUMBER_INVALID');
      const holderName = normaliseName(input.holderName);
      if (await holderNameIssue(holderName)) throw new AppError('CASHIER_HOLDER_NAME_INVALID');
      const payee =
        (await identity.payeeName(auth.accountId)) ?? (await identity.setPayeeNameIfEmpty(auth.accountId, holderName));
      if (normaliseName(payee).toLowerCase() !== holderName.toLowerCase()) {
        throw new AppError('CASHIER_HOLDER_NAME_MISMATCH');
      }
      try {
        const row = await db.transaction(async (tx) => {
          await repo.lockMember(tx, auth.accountId);
          if (await repo.findActiveBankAccountByNumber(tx, auth.accountId, bank.code, accountNumber)) {
            throw new AppError('CASHIER_BANK_ACCOUNT_DUPLICATE');
          }
          if ((await repo.countActiveBankAccounts(tx, auth.accountId)) >= settings.bankAccountsMax) {
            throw new AppError('CASHIER_BANK_ACCOUNT_LIMIT', { max: settings.bankAccountsMax });
          }
          return repo.insertBankAccount(tx, {
            merchantCode,
            accountId: auth.accountId,
            kind: bank.kind,
            bankCode: bank.code,
            bankName: bank.name,
            accountNumber,
            holderName: normaliseName(payee),
            branch: input.branch?.trim() || null,
            createdAt: ctx.now(),
          });
        });
        return bankAccountView(row);
      } catch (error) {
        if (isUniqueViolation(error)) throw new AppError('CASHIER_BANK_ACCOUNT_DUPLICATE');
        throw error;
      }
    },

    /**
     * Unbinds an account (withdrawals already asked for still go to it).
     * @throws CASHIER_BANK_ACCOUNT_NOT_FOUND
     */
    async removeBankAccount(auth: AuthContext, id: number): Promise<{ removed: true }> {
      if (!(await repo.removeBankAccount(db, auth.accountId, id, ctx.now()))) {
        throw new AppError('CASHIER_BANK_ACCOUNT_NOT_FOUND', { bankAccountId: id });
      }
      return { removed: true };
    },

    /**
     * A member pays their upline agent.
     * @throws CASHIER_NO_UPLINE, WALLET_AMOUNT_*, CASHIER_PAYMENT_PASSWORD_*, WALLET_INSUFFICIENT_FUNDS,
     *   WALLET_IDEMPOTENCY_CONFLICT
     */
    async transferToUpline(
      auth: AuthContext,
      input: TransferUplineInput,
      clientKey: string,
    ): Promise<MemberTransferResult> {
      const { scale } = await ctx.currency();
      parseAmountInput(input.amount, scale);
      const me = await identity.getAccount(auth.accountId);
      const upline = me?.uplineId ? await identity.getAccount(me.uplineId) : null;
      if (upline?.status !== 'active') throw new AppError('CASHIER_NO_UPLINE');
      return memberTransfer(auth, upline, input, clientKey, 'upline');
    },

    /**
     * An agent pays one of its own direct downline members. Anyone else, existing or not, is "not found".
     * @throws CASHIER_DOWNLINE_NOT_FOUND, WALLET_AMOUNT_*, CASHIER_PAYMENT_PASSWORD_*, WALLET_INSUFFICIENT_FUNDS,
     *   WALLET_IDEMPOTENCY_CONFLICT
     */
    async transferToDownline(
      auth: AuthContext,
      input: TransferDownlineInput,
      clientKey: string,
    ): Promise<MemberTransferResult> {
      const { scale } = await ctx.currency();
      parseAmountInput(input.amount, scale);
      const target =
        input.downlineId !== undefined
          ? await identity.getAccount(input.downlineId)
          : await identity.findAccountByUsername(input.downlineUsername ?? '');
      const owned =
        auth.role === 'agent' &&
        target !== null &&
        target.uplineId === auth.accountId &&
        target.status === 'active' &&
        target.role !== 'trial';
      if (!owned || !target) throw new AppError('CASHIER_DOWNLINE_NOT_FOUND');
      return memberTransfer(auth, target, input, clientKey, 'downline');
    },

    /**
     * The account record: deposits and withdrawals with their states and every other movement of the main
     * wallet, newest first, filtered by cashier days, type and status, one page at a time.
     */
    async records(auth: AuthContext, query: RecordsQuery): Promise<RecordsPage> {
      const { code, scale } = await ctx.currency();
      const offset = settings.cashierDayUtcOffsetMinutes;
      const cash = await ctx.cashAccount(auth.accountId, code);
      const filter = {
        accountId: auth.accountId,
        cashAccountId: cash.id,
        from: query.startDate ? cashierDay(query.startDate, offset) : null,
        to: query.endDate ? new Date(cashierDay(query.endDate, offset).getTime() + dayMs) : null,
        type: query.type ?? null,
        status: query.status ?? null,
      };
      const pageNo = query.pageNo;
      const pageSize = query.pageSize;
      const rows = await repo.listRecords(db, { ...filter, offset: (pageNo - 1) * pageSize, limit: pageSize });
      // The total rides on the page's rows; past the last page there are none, so ask for it alone.
      const counted =
        rows[0] ?? (pageNo > 1 ? (await repo.listRecords(db, { ...filter, offset: 0, limit: 1 }))[0] : undefined);
      const total = Number(counted?.total ?? 0);
      return {
        items: rows.map(
          (row): RecordItem => ({
            id: row.id,
            type: row.type as RecordItem['type'],
            detail: row.detail,
            status: row.status as RecordItem['status'],
            amount: ctx.money(BigInt(row.amount), scale),
            balanceAfter: row.balance_after === null ? null : ctx.money(BigInt(row.balance_after), scale),
            createdAt: new Date(row.created_at).toISOString(),
          }),
        ),
        pageNo,
        pageSize,
        total,
        totalPages: Math.ceil(total / pageSize),
      };
    },

    /** The member's money notices, newest first (for the inbox of the content module and the socket). */
    async listMemberNotices(accountId: number, options: { unreadOnly?: boolean; limit?: number } = {}) {
      const rows = await repo.listNotices(db, accountId, {
        unreadOnly: options.unreadOnly ?? false,
        limit: Math.min(200, Math.max(1, options.limit ?? 50)),
      });
      return rows.map((row) => ({
        id: row.id,
        kind: row.kind,
        params: row.params,
        createdAt: row.createdAt.toISOString(),
        readAt: row.readAt?.toISOString() ?? null,
      }));
    },

    markNoticesRead: (accountId: number, ids: number[]) => repo.markNoticesRead(db, accountId, ids, ctx.now()),

    /** A stored receipt or proof image by name, for operators. @throws NOT_FOUND */
    readUpload: (name: string) => deps.uploads.read(name),

    /**
     * Housekeeping for the job scheduler (`wallet.jobs.ts`): finishes interrupted deposits and withdrawals,
     * auto-confirms paid withdrawals past the time limit, forgets old gateway nonces.
     */
    async runHousekeeping(now: Date = ctx.now()) {
      const depositResult = await deposits.reconcile();
      const withdrawalResult = await withdrawals.reconcile(now);
      const autoConfirmed = await withdrawals.autoConfirmWithdrawals(now);
      const noncesPurged = await repo.purgeGatewayNonces(db, new Date(now.getTime() - nonceRetentionMs));
      return {
        deposits: depositResult,
        withdrawals: withdrawalResult,
        autoConfirmed: autoConfirmed.length,
        noncesPurged,
      };
    },
  };
}

export type CashierService = ReturnType<typeof createCashierService>;

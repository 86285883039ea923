import {
  type CashierSort,
  type ListSort,
  type MemberNoticeKind,
  type Money,
  type RegistrationFieldRule,
  validateRegistrationField,
  type WalletAccountKind,
} from '@portal/contract';
import { LRUCache } from 'lru-cache';
import type { BatchedReads, Db, DbOrTx } from '../../platform/db';
import { AppError } from '../../platform/http/app-error';
import type { IdentityService } from '../identity';
import type { SystemService } from '../system';
import { cashierDayStart, toMoney } from './cashier.money';
import * as repo from './cashier.repository';
import type { UploadStore } from './cashier.uploads';
import type { PaymentGateways } from './payment-gateway';
import type { WalletAccount, WalletService } from './wallet.service';

/** The cashier settings of AppConfig (see config.ts for what each means). */
export type CashierSettings = {
  paymentPasswordMaxFailures: number;
  paymentPasswordLockMinutes: number;
  bankAccountsMax: number;
  withdrawMinAmount: string;
  withdrawMaxAmount: string;
  withdrawDailyMaxCount: number;
  withdrawDailyMaxAmount: string;
  withdrawAutoConfirmMinutes: number;
  cashierDayUtcOffsetMinutes: number;
};

/** A message for the member (spec section 4), as stored and as handed to the realtime hook. */
export type MemberNotice = { accountId: number; kind: MemberNoticeKind; params: Record<string, unknown> };

/**
 * A change of an operator review queue, handed to the `onQueueChanged` hook after it is committed: a manual
 * deposit filed or decided, a withdrawal requested (its hold placed), decided, or disputed by the member.
 * Approving a withdrawal is paying it out (there is no separate paid step).
 */
export type CashierQueueChange = {
  accountId: number;
  /** Decimal string at the currency scale. */
  amount: string;
  currency: string;
  /** The operator who decided; null for the member's own actions. */
  by: string | null;
} & (
  | { queue: 'deposits'; action: 'submitted' | 'approved' | 'rejected'; depositId: number }
  | { queue: 'withdrawals'; action: 'requested' | 'approved' | 'rejected' | 'disputed'; withdrawalId: number }
);

/** Who decided, for the records (the back office passes its OperatorContext). */
export type OperatorRef = { operatorId: number; username: string };

export type CashierDeps = {
  db: Db;
  /**
   * Batched reads (PostgreSQL; platform/db/batched-reads.ts) for a gateway callback's first look at its deposit,
   * the read of the hottest path; without them that read goes on `db`.
   */
  reads?: BatchedReads | undefined;
  merchantCode: string;
  wallet: WalletService;
  identity: Pick<
    IdentityService,
    | 'getAccount'
    | 'findAccountByUsername'
    | 'verifyPaymentPassword'
    | 'setPaymentPassword'
    | 'hasPaymentPassword'
    | 'checkLoginPassword'
    | 'payeeName'
    | 'setPayeeNameIfEmpty'
    | 'hasMobile'
    | 'sendAccountSmsCode'
    | 'verifyAccountSmsCode'
  >;
  system: Pick<SystemService, 'currency' | 'registerSettings'>;
  settings: CashierSettings;
  uploads: UploadStore;
  gateways: PaymentGateways;
  /** Gateways whose channels are offered (the simulator only when PAYMENT_SIM_ENABLED). */
  isGatewayEnabled?: (code: string) => boolean;
  /** Vendors that keep their own wallet (transfer mode); the games module supplies them. None until then. */
  transferVendors?: () => Promise<string[]>;
  /** A member's balances at transfer-mode vendors (the games module). */
  vendorBalances?: (accountId: number) => Promise<Array<{ vendor: string; balanceMinor: bigint }>>;
  /**
   * The member's rounds in [from, to) per vendor (the games module), for personal profit and loss. No play
   * until it is given.
   */
  gameRoundTotals?: (
    accountId: number,
    range: { from: Date; to: Date },
  ) => Promise<Array<{ vendor: string; category: string; rounds: number; betMinor: bigint; winMinor: bigint }>>;
  /** Called after a member's balance changed outside a notice (member transfers): pushes it to their sockets. */
  onBalanceChanged?: (accountId: number) => void;
  /**
   * The inbox message of a notice (the content module's, which owns the inbox), as an insert that the statement
   * storing the notice runs beside it, so the message commits with the notice and the decision it reports: a crash
   * after that commit cannot lose it, and no statement of its own is sent. Null for a notice the inbox does not show.
   */
  inboxInsert?: (notice: MemberNotice & { createdAt: Date }) => repo.InsertFrom | null;
  /**
   * Called after a member notice is committed (deposit arrived/failed, withdrawal approved/rejected): where the
   * realtime socket hooks in. The notice is already stored in `wallet_member_notices`, and its inbox message with it
   * (`inboxInsert`), so the hook only tells.
   */
  onNotice?: (notice: MemberNotice) => void;
  /**
   * Called after a change of an operator review queue is committed: where the operators' live queues hook in
   * (fire-and-forget; the queues themselves are the database rows).
   */
  onQueueChanged?: (change: CashierQueueChange) => void;
  log: { warn(details: object, message: string): void; error(details: object, message: string): void };
  now?: () => Date;
};

type Currency = { code: string; scale: number; symbol: string };

/** What the cashier's services share: the currency, ledger accounts, the payment-password check, notices. */
export function createCashierContext(deps: CashierDeps) {
  const now = deps.now ?? (() => new Date());
  const houseAccounts = new Map<string, Promise<WalletAccount>>();
  const cashAccountIds = new LRUCache<string, number>({ max: 50_000 });

  /**
   * The row `notice` stores, with its inbox message, for a repository statement that stores both along with its own
   * write.
   */
  function noticeRow(notice: MemberNotice): repo.NewNotice {
    const row = { merchantCode: deps.merchantCode, ...notice, createdAt: now() };
    return { ...row, inbox: deps.inboxInsert?.(row) ?? null };
  }

  async function currency(): Promise<Currency> {
    return deps.system.currency();
  }

  /**
   * A member's main wallet: the PLAYER_CASH account of the identity account, whatever its role, so that money
   * stays where it is if a member becomes an agent.
   */
  async function cashAccount(accountId: number, code?: string): Promise<WalletAccount> {
    return deps.wallet.ensureAccount({ type: 'player', id: accountId }, 'PLAYER_CASH', code ?? (await currency()).code);
  }

  /**
   * The id of a member's main wallet (see cashAccount), remembered: an account's id never changes and accounts are
   * never deleted. For writes, which lock and read the account themselves.
   */
  async function cashAccountId(accountId: number, code: string): Promise<number> {
    const key = `${accountId}:${code}`;
    const known = cashAccountIds.get(key);
    if (known !== undefined) return known;
    const { id } = await cashAccount(accountId, code);
    cashAccountIds.set(key, id);
    return id;
  }

  /** A house account, created once per process and currency (its id never changes). */
  async function houseAccount(kind: WalletAccountKind, code: string): Promise<WalletAccount> {
    const key = `${kind}:${code}`;
    let account = houseAccounts.get(key);
    if (!account) {
      account = deps.wallet.ensureAccount({ type: 'house' }, kind, code);
      houseAccounts.set(key, account);
      account.catch(() => houseAccounts.delete(key));
    }
    return account;
  }

  async function paymentPasswordRule(): Promise<RegistrationFieldRule | undefined> {
    return (await deps.system.registerSettings()).fields.paymentPassword;
  }

  return {
    deps,
    now,
    currency,
    cashAccount,
    cashAccountId,
    houseAccount,
    money: (minor: bigint, scale: number): Money => toMoney(minor, scale),
    dayStart: (at: Date = now()) => cashierDayStart(at, deps.settings.cashierDayUtcOffsetMinutes),

    /**
     * Judges a new payment password with the merchant's registration rule for it (by default 6 digits), even
     * when the registration form does not ask for it.
     * @throws CASHIER_PAYMENT_PASSWORD_FORMAT, CASHIER_PAYMENT_PASSWORD_MISMATCH
     */
    async assertNewPaymentPassword(password: string, confirm: string): Promise<void> {
      const rule: RegistrationFieldRule = (await paymentPasswordRule()) ?? {
        enabled: true,
        required: true,
        patternId: 'DIGITS',
        acceptedPattern: '^[0-9]+$',
        minLength: 6,
        maxLength: 6,
      };
      if (validateRegistrationField({ ...rule, enabled: true, required: true }, password)) {
        throw new AppError('CASHIER_PAYMENT_PASSWORD_FORMAT', { min: rule.minLength, max: rule.maxLength });
      }
      if (password !== confirm) throw new AppError('CASHIER_PAYMENT_PASSWORD_MISMATCH');
    },

    /**
     * The payment-password check of every money-out call. Wrong passwords in a row are counted and lock
     * money-out calls for a while; a right one clears the count.
     * @throws CASHIER_PAYMENT_PASSWORD_NOT_SET, CASHIER_PAYMENT_PASSWORD_LOCKED (retryAfterSeconds),
     *   CASHIER_PAYMENT_PASSWORD_INCORRECT (remainingAttempts)
     */
    async checkPaymentPassword(accountId: number, password: string): Promise<void> {
      const at = now();
      const guard = await repo.findPaymentPasswordGuard(deps.db, accountId);
      if (guard?.lockedUntil && guard.lockedUntil > at) throw lockedError(guard.lockedUntil, at);
      if (!(await deps.identity.hasPaymentPassword(accountId))) throw new AppError('CASHIER_PAYMENT_PASSWORD_NOT_SET');
      if (await deps.identity.verifyPaymentPassword(accountId, password)) {
        if (guard && guard.failedCount > 0) await repo.clearPaymentPasswordGuard(deps.db, accountId);
        return;
      }
      const result = await repo.recordPaymentPasswordFailure(deps.db, accountId, {
        now: at,
        maxFailures: deps.settings.paymentPasswordMaxFailures,
        lockUntil: new Date(at.getTime() + deps.settings.paymentPasswordLockMinutes * 60_000),
      });
      if (result.lockedUntil && result.lockedUntil > at) throw lockedError(result.lockedUntil, at);
      throw new AppError('CASHIER_PAYMENT_PASSWORD_INCORRECT', {
        remainingAttempts: Math.max(0, deps.settings.paymentPasswordMaxFailures - result.failedCount),
      });
    },

    /**
     * Stores a notice and its inbox message in the caller's transaction (one statement); call `published` with it
     * after the commit.
     */
    async notice(tx: DbOrTx, notice: MemberNotice): Promise<void> {
      await repo.insertNotice(tx, noticeRow(notice));
    },

    noticeRow,

    published(notice: MemberNotice): void {
      try {
        deps.onNotice?.(notice);
      } catch (error) {
        deps.log.error({ err: error, notice }, 'member notice hook failed');
      }
    },

    /** Tells the `onQueueChanged` hook of a committed queue change; a failing hook never fails the caller. */
    queueChanged(change: CashierQueueChange): void {
      try {
        deps.onQueueChanged?.(change);
      } catch (error) {
        deps.log.error({ err: error, change }, 'queue change hook failed');
      }
    },

    /** An operator's name for the records (the id is kept beside it). */
    operatorName: (operator: OperatorRef) => operator.username.slice(0, 64),
  };
}

function lockedError(lockedUntil: Date, at: Date): AppError {
  const retryAfterSeconds = Math.max(1, Math.ceil((lockedUntil.getTime() - at.getTime()) / 1000));
  return Object.assign(new AppError('CASHIER_PAYMENT_PASSWORD_LOCKED', { retryAfterSeconds }), {
    headers: { 'retry-after': String(retryAfterSeconds) },
  });
}

export type CashierContext = ReturnType<typeof createCashierContext>;

/** A page of an operator list; `sorting` picks the order (oldest first when absent). */
export type PageInput = { pageNo?: number; pageSize?: number; sorting?: ListSort<CashierSort> };
export type OperatorPage<T> = { items: T[]; pageNo: number; pageSize: number; total: number; totalPages: number };

/** Page arithmetic shared by the list calls. */
export function pageOf(input: { pageNo?: number; pageSize?: number }, maxSize = 100) {
  const pageNo = Math.max(1, Math.floor(input.pageNo ?? 1));
  const pageSize = Math.min(maxSize, Math.max(1, Math.floor(input.pageSize ?? 20)));
  return { pageNo, pageSize, offset: (pageNo - 1) * pageSize, limit: pageSize };
}

export function totalPages(total: number, pageSize: number): number {
  return Math.ceil(total / pageSize);
}

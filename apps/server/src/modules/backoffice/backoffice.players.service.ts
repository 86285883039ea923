import { randomInt } from 'node:crypto';
import {
  type Dashboard,
  type DashboardDay,
  minorToDecimal,
  type PlayerDetail,
  type PlayerDownlinePage,
  type PlayerDownlineQuery,
  type PlayerPage,
  type PlayerQuery,
  type PlayerSecurity,
  type RecordsPage,
  type RecordsQuery,
  type WalletHistoryPage,
} from '@portal/contract';
import { AppError } from '../../platform/http/app-error';
import type { GamingService } from '../gaming';
import type { IdentityOperatorService, IdentityService } from '../identity';
import type { SystemService } from '../system';
import type { CashierService, WalletReports, WalletService } from '../wallet';
import type { AdjustmentService } from './backoffice.adjustments.service';
import type { BackofficeService, CallerContext, OperatorContext } from './backoffice.service';

/** What the back office uses of identity, wallet and cashier for players, agents and the dashboard. */
export type BackofficePlayersDeps = {
  identity: Pick<IdentityService, 'setAccountStatus' | 'setPassword'>;
  accounts: IdentityOperatorService;
  wallet: Pick<WalletService, 'ensureAccount' | 'history'>;
  reports: WalletReports;
  cashier: Pick<CashierService, 'balance' | 'records'> & {
    deposits: Pick<CashierService['deposits'], 'listPendingDeposits'>;
    withdrawals: Pick<CashierService['withdrawals'], 'listPendingWithdrawals'>;
  };
  system: Pick<SystemService, 'currency'>;
  backoffice: Pick<BackofficeService, 'recordChange'>;
  adjustments: Pick<AdjustmentService, 'countPending'>;
  /** Bets and wins of the rounds (gaming module), for the dashboard's play figures. */
  rounds: Pick<GamingService, 'roundTotals'>;
  /** The cashier day's offset from UTC (CASHIER_DAY_UTC_OFFSET_MINUTES): the dashboard's days are cashier days. */
  cashierDayUtcOffsetMinutes: number;
  now?: () => Date;
};

const dayMs = 86_400_000;
const tempPasswordAlphabet = 'ABCDEFGHJKMNPQRSTUVWXYZabcdefghjkmnpqrstuvwxyz23456789';

/** A one-time password a player can type from a phone call: 13 letters and digits, never ambiguous ones. */
function temporaryPassword(): string {
  let text = '';
  for (let index = 0; index < 12; index += 1) text += tempPasswordAlphabet[randomInt(tempPasswordAlphabet.length)];
  // The identity rules want letters and digits; make sure both are there.
  return `${text}7`;
}

/** The session the cashier's member functions are asked with when an operator looks at a player. */
function operatorView(accountId: number) {
  return { accountId, sessionId: 'backoffice', accountType: 0, role: 'member' as const };
}

/**
 * Players and agents as operators see them: search, profile, balances, ledger, cashier records, sessions and
 * login history, and the account actions (disable, enable, forced password change, password reset), each
 * audited with the state before and after. Also the dashboard's figures.
 */
export function createBackofficePlayersService(deps: BackofficePlayersDeps) {
  const now = deps.now ?? (() => new Date());

  /** @throws BO_PLAYER_NOT_FOUND */
  async function profile(id: number) {
    const found = await deps.accounts.accountProfile(id);
    if (!found) throw new AppError('BO_PLAYER_NOT_FOUND', { id });
    return found;
  }

  async function cashAccountId(id: number): Promise<number> {
    const { code } = await deps.system.currency();
    return (await deps.wallet.ensureAccount({ type: 'player', id }, 'PLAYER_CASH', code)).id;
  }

  const accountState = (account: PlayerDetail['account'], extra: Record<string, unknown> = {}) => ({
    username: account.username,
    status: account.status,
    mustChangePassword: account.mustChangePassword,
    failedLoginCount: account.failedLoginCount,
    lockedUntil: account.lockedUntil,
    twoFactorEnabled: account.twoFactorEnabled,
    ...extra,
  });

  return {
    search: (query: PlayerQuery): Promise<PlayerPage> => deps.accounts.searchAccounts(query),

    /** @throws BO_PLAYER_NOT_FOUND */
    async detail(id: number): Promise<PlayerDetail> {
      const found = await profile(id);
      const balance = await deps.cashier.balance(operatorView(id));
      return {
        ...found,
        balance: {
          currency: balance.currency,
          scale: balance.scale,
          main: balance.main,
          onHold: balance.onHold,
          vendors: balance.vendors,
          total: balance.total,
          accountId: await cashAccountId(id),
        },
      };
    },

    /** @throws BO_PLAYER_NOT_FOUND */
    async security(id: number): Promise<PlayerSecurity> {
      const found = await deps.accounts.accountSecurity(id);
      if (!found) throw new AppError('BO_PLAYER_NOT_FOUND', { id });
      return found;
    },

    /** The main wallet's ledger entries, newest first. @throws BO_PLAYER_NOT_FOUND */
    async ledger(id: number, page: { pageNo: number; pageSize: number }): Promise<WalletHistoryPage> {
      await profile(id);
      return deps.wallet.history(await cashAccountId(id), page);
    },

    /** Deposits, withdrawals and other movements as the member's own records page lists them. */
    async cashierRecords(id: number, query: RecordsQuery): Promise<RecordsPage> {
      await profile(id);
      return deps.cashier.records(operatorView(id), query);
    },

    /**
     * Disables (every session ends: the identity module's rule) or enables an account, with the reason audited.
     * Enabling also lifts a lockout after wrong passwords: an operator who lets an account in means it.
     * @throws BO_PLAYER_NOT_FOUND
     */
    async setStatus(
      actor: OperatorContext,
      id: number,
      enabled: boolean,
      reason: string,
      caller: CallerContext,
    ): Promise<PlayerDetail['account']> {
      const before = (await profile(id)).account;
      await deps.identity.setAccountStatus(id, enabled ? 'active' : 'disabled');
      if (enabled) await deps.accounts.clearLockout(id);
      const after = (await profile(id)).account;
      await deps.backoffice.recordChange(actor, caller, {
        action: enabled ? 'players.enabled' : 'players.disabled',
        target: `player:${id}`,
        before: accountState(before),
        after: accountState(after, { reason }),
      });
      return after;
    },

    /** One level of the downline tree below a player or agent, fetched when the console opens it. */
    async downline(id: number, query: PlayerDownlineQuery): Promise<PlayerDownlinePage> {
      const page = await deps.accounts.downline(id, query);
      if (!page) throw new AppError('BO_PLAYER_NOT_FOUND', { id });
      return page;
    },

    /** Lifts a lockout after too many wrong passwords without changing anything else, audited. @throws BO_PLAYER_NOT_FOUND */
    async unlock(actor: OperatorContext, id: number, caller: CallerContext): Promise<PlayerDetail['account']> {
      const before = (await profile(id)).account;
      await deps.accounts.clearLockout(id);
      const after = (await profile(id)).account;
      await deps.backoffice.recordChange(actor, caller, {
        action: 'players.unlocked',
        target: `player:${id}`,
        before: accountState(before),
        after: accountState(after),
      });
      return after;
    },

    /**
     * Switches two-step verification (authenticator) off for a player who lost it, audited: the next login asks
     * for the password only, and the player can set it up again. @throws BO_PLAYER_NOT_FOUND
     */
    async resetTwoFactor(actor: OperatorContext, id: number, caller: CallerContext): Promise<PlayerDetail['account']> {
      const before = (await profile(id)).account;
      const removed = await deps.accounts.resetTwoFactor(id);
      const after = (await profile(id)).account;
      await deps.backoffice.recordChange(actor, caller, {
        action: 'players.twoFactor.reset',
        target: `player:${id}`,
        before: accountState(before),
        after: accountState(after, { removed }),
      });
      return after;
    },

    /** The player must choose a new password at the next login; their sessions end now. @throws BO_PLAYER_NOT_FOUND */
    async forcePasswordChange(actor: OperatorContext, id: number, caller: CallerContext) {
      const before = (await profile(id)).account;
      const endedSessions = await deps.accounts.forcePasswordChange(id);
      const after = (await profile(id)).account;
      await deps.backoffice.recordChange(actor, caller, {
        action: 'players.password.forced',
        target: `player:${id}`,
        before: accountState(before),
        after: accountState(after, { endedSessions }),
      });
      return after;
    },

    /**
     * Replaces the password with a one-time one (returned once, never stored in the clear or audited), ends
     * every session, and makes the player choose their own at the next login. @throws BO_PLAYER_NOT_FOUND
     */
    async resetPassword(actor: OperatorContext, id: number, caller: CallerContext) {
      const before = (await profile(id)).account;
      const password = temporaryPassword();
      await deps.identity.setPassword(id, password, { mustChange: true });
      const after = (await profile(id)).account;
      await deps.backoffice.recordChange(actor, caller, {
        action: 'players.password.reset',
        target: `player:${id}`,
        before: accountState(before),
        after: accountState(after),
      });
      return { temporaryPassword: password };
    },

    /** Seven cashier days (oldest first, today last) of ledger and account figures, and the review queues. */
    async dashboard(): Promise<Dashboard> {
      const { code, scale } = await deps.system.currency();
      const offsetMs = deps.cashierDayUtcOffsetMinutes * 60_000;
      const at = now();
      const todayStart = Math.floor((at.getTime() + offsetMs) / dayMs) * dayMs - offsetMs;
      const periods = Array.from({ length: 7 }, (_, index) => {
        const from = new Date(todayStart - (6 - index) * dayMs);
        return { from, to: new Date(from.getTime() + dayMs) };
      });
      const week = { from: periods[0]?.from ?? new Date(todayStart), to: new Date(todayStart + dayMs) };
      const [totals, activity, deposits, withdrawals, adjustments, play] = await Promise.all([
        deps.reports.postedTotals(code, ['DEPOSIT', 'WITHDRAWAL'], periods),
        deps.accounts.activityCounts(periods),
        deps.cashier.deposits.listPendingDeposits({ pageNo: 1, pageSize: 1 }),
        deps.cashier.withdrawals.listPendingWithdrawals({ pageNo: 1, pageSize: 1 }),
        deps.adjustments.countPending(),
        deps.rounds.roundTotals(week, 'day', deps.cashierDayUtcOffsetMinutes),
      ]);
      const playByDay = new Map(play.map((row) => [row.key, row]));
      const money = (minor: bigint) => ({ amount: minorToDecimal(minor, scale), minor: minor.toString() });
      const days: DashboardDay[] = periods.map((period, index) => {
        const deposit = totals[index]?.DEPOSIT ?? { count: 0, sumMinor: 0n };
        const withdrawal = totals[index]?.WITHDRAWAL ?? { count: 0, sumMinor: 0n };
        const date = new Date(period.from.getTime() + offsetMs).toISOString().slice(0, 10);
        const bets = playByDay.get(date)?.bets ?? 0n;
        const wins = playByDay.get(date)?.wins ?? 0n;
        return {
          date,
          deposits: { count: deposit.count, sum: money(deposit.sumMinor) },
          withdrawals: { count: withdrawal.count, sum: money(withdrawal.sumMinor) },
          net: money(deposit.sumMinor - withdrawal.sumMinor),
          registrations: activity[index]?.registrations ?? 0,
          activePlayers: activity[index]?.activePlayers ?? 0,
          bets: money(bets),
          wins: money(wins),
          ggr: money(bets - wins),
        };
      });
      return {
        currency: code,
        days,
        pending: { deposits: deposits.total, withdrawals: withdrawals.total, adjustments },
        generatedAt: at.toISOString(),
      };
    },
  };
}

export type BackofficePlayersService = ReturnType<typeof createBackofficePlayersService>;

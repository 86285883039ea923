import type { Job } from '../../platform/jobs';
import type { CashierService } from './cashier.service';

export type WalletJobSettings = {
  autoConfirmIntervalSeconds: number;
  housekeepingIntervalSeconds: number;
  idempotencyKeyRetentionHours: number;
};

export type WalletJobDeps = {
  cashier: Pick<CashierService, 'withdrawals' | 'runHousekeeping'>;
  /** The HTTP Idempotency-Key store (`createWalletIdempotencyStorage`). */
  idempotency: { purge(olderThan: Date): Promise<number> };
  settings: WalletJobSettings;
};

export const walletJobNames = {
  autoConfirmWithdrawals: 'wallet.autoConfirmWithdrawals',
  housekeeping: 'wallet.housekeeping',
} as const;

/**
 * The wallet's periodic work, for the platform's job scheduler (one leader per cluster runs it). Both jobs are
 * idempotent: every step is keyed or guarded by the row's state, so a run cut short by a crash is simply run again.
 * - auto-confirm: a paid withdrawal the member has not confirmed within WITHDRAW_AUTO_CONFIRM_MINUTES counts as
 *   received (spec section 4, "unconfirmed counts as received after a time limit").
 * - housekeeping: finishes deposits and withdrawals a crash interrupted, forgets old gateway nonces, and forgets
 *   Idempotency-Key answers older than IDEMPOTENCY_KEY_RETENTION_HOURS (and claims abandoned by a dead server).
 */
export function walletJobs(deps: WalletJobDeps): Job[] {
  const { settings } = deps;
  return [
    {
      name: walletJobNames.autoConfirmWithdrawals,
      intervalMs: settings.autoConfirmIntervalSeconds * 1000,
      run: async (now) => ({ confirmed: (await deps.cashier.withdrawals.autoConfirmWithdrawals(now)).length }),
    },
    {
      name: walletJobNames.housekeeping,
      intervalMs: settings.housekeepingIntervalSeconds * 1000,
      run: async (now) => {
        const cashier = await deps.cashier.runHousekeeping(now);
        const idempotencyKeysPurged = await deps.idempotency.purge(
          new Date(now.getTime() - settings.idempotencyKeyRetentionHours * 3_600_000),
        );
        return { ...cashier, idempotencyKeysPurged };
      },
    },
  ];
}

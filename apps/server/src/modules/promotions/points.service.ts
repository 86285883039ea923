import { createHash } from 'node:crypto';
import {
  type ConvertPointInput,
  type ConvertPointResult,
  type Money,
  minorToDecimal,
  type PointBalance,
  type PointConfig,
  type PointHistoryItem,
  type PointHistoryPage,
  type PointHistoryQuery,
  type PointRewardList,
} from '@portal/contract';
import { AppError, isAppError } from '../../platform/http/app-error';
import type { AuthContext } from '../../platform/http/auth-context';
import type { SystemService } from '../system';
import type { CashierService, Transfer, WalletService } from '../wallet';

/**
 * The points mall (spec sections 2, 3, 4, 7, 9): a member's points, the rate at which they convert into cash in
 * the main wallet, the exchange-rate table and the history of changes.
 *
 * Points live in the wallet ledger in their own unit, `PTS` (a player PLAYER_POINTS account against the house's
 * HOUSE_POINTS account), so a change of points is a double-entry transfer with an idempotency key, checked by the
 * same reconciliation as money, and a member's points can never go negative.
 *
 * A conversion is three ledger writes, each keyed from the member's Idempotency-Key so that a retry with the same
 * key finishes what the first call began and never moves anything twice:
 * 1. hold the points (pending PLAYER_POINTS → HOUSE_POINTS): reserved, no longer available, "In Process";
 * 2. pay the cash (HOUSE_PROMOTIONS → PLAYER_CASH, kind BONUS, metadata naming the hold);
 * 3. post the hold: the points are gone, "Approved".
 * The hold is never voided here: a write that failed for a passing reason (a lost race, the database going away)
 * leaves the points reserved until the member's retry completes the steps left.
 */

/** The unit of the points accounts in the ledger (not an ISO currency: it never meets money in one transfer). */
export const pointsUnit = 'PTS';

export type PointsSettings = {
  /** `ratioPoints` points convert into `ratioAmountMinor` minor units of the merchant currency. */
  ratioPoints: bigint;
  ratioAmountMinor: bigint;
  /** The fewest points one conversion takes (a multiple of ratioPoints). */
  minPoints: bigint;
  /** Packages of the exchange-rate table, in points (each a multiple of ratioPoints). */
  packages: bigint[];
};

/**
 * The default rate while the operator has no screen for it: 100 points are 1.00 of the currency, at least 1,000
 * points at a time. A `promotions_point_settings` table (and its back-office screen) would replace it.
 */
export const defaultPointsSettings: PointsSettings = {
  ratioPoints: 100n,
  ratioAmountMinor: 100n,
  minPoints: 1_000n,
  packages: [1_000n, 5_000n, 10_000n, 50_000n],
};

export type PointsServiceDeps = {
  wallet: WalletService;
  cashier: Pick<CashierService, 'checkPaymentPassword'>;
  system: Pick<SystemService, 'currency'>;
  settings?: PointsSettings;
  /** Called after a conversion paid cash: pushes the new balance to the member's sockets. */
  onBalanceChanged?: (accountId: number) => void;
};

/** The metadata of a conversion's transfers: how the history tells them apart and links cash to points. */
type ConvertMetadata = { source: 'POINTS_MALL'; points: string; amountMinor: string; holdId?: number };

/**
 * The ledger key of one step: `points:<account>:<step>:<member key>`. A member key longer than 64 characters is
 * replaced by its SHA-256, so that the whole stays within the ledger's 128 characters without two keys colliding.
 */
function keyOf(accountId: number, clientKey: string, step: 'hold' | 'cash' | 'post'): string {
  const part = clientKey.length <= 64 ? clientKey : createHash('sha256').update(clientKey).digest('hex');
  return `points:${accountId}:${step}:${part}`;
}

export function createPointsService(deps: PointsServiceDeps) {
  const settings = deps.settings ?? defaultPointsSettings;
  if (settings.ratioPoints <= 0n || settings.ratioAmountMinor <= 0n || settings.minPoints % settings.ratioPoints !== 0n)
    throw new Error('points settings: the ratio must be positive and the minimum a multiple of its points');

  async function money(minor: bigint): Promise<Money> {
    const { scale } = await deps.system.currency();
    return { amount: minorToDecimal(minor, scale), minor: minor.toString() };
  }

  const worthOf = (points: bigint) => (points / settings.ratioPoints) * settings.ratioAmountMinor;

  async function pointsAccount(accountId: number) {
    return deps.wallet.ensureAccount({ type: 'player', id: accountId }, 'PLAYER_POINTS', pointsUnit);
  }

  async function houseAccount() {
    return deps.wallet.ensureAccount({ type: 'house' }, 'HOUSE_POINTS', pointsUnit);
  }

  return {
    /** The rate, the minimum and the step of conversions, and the currency they pay in. */
    async config(): Promise<PointConfig> {
      const currency = await deps.system.currency();
      return {
        ratioPoints: settings.ratioPoints.toString(),
        ratioAmount: await money(settings.ratioAmountMinor),
        minPoints: settings.minPoints.toString(),
        stepPoints: settings.ratioPoints.toString(),
        currency,
        expires: false,
      };
    },

    /** The exchange-rate table: packages of points and the cash each converts into. */
    async rewards(): Promise<PointRewardList> {
      return {
        items: await Promise.all(
          settings.packages.map(async (points) => ({
            id: `CASH_${points}`,
            kind: 'CASH' as const,
            points: points.toString(),
            amount: await money(worthOf(points)),
          })),
        ),
      };
    },

    /** The member's available points (held points of a conversion in flight are not) and what they are worth. */
    async balance(auth: AuthContext): Promise<PointBalance> {
      const account = await pointsAccount(auth.accountId);
      return { points: account.availableMinor.toString(), worth: await money(worthOf(account.availableMinor)) };
    },

    /**
     * Credits points to a member (promotions, the demo seed). The caller chooses the key: the same key credits once.
     * @throws WALLET_AMOUNT_INVALID, WALLET_IDEMPOTENCY_CONFLICT
     */
    async award(accountId: number, points: bigint, idempotencyKey: string, remark: string): Promise<Transfer> {
      const [house, member] = await Promise.all([houseAccount(), pointsAccount(accountId)]);
      return deps.wallet.transfer({
        idempotencyKey,
        debit: house.id,
        credit: member.id,
        amountMinor: points,
        currency: pointsUnit,
        kind: 'POINTS_AWARD',
        metadata: { source: 'POINTS_MALL', remark },
      });
    },

    /**
     * The member's point changes, newest first: awards, conversions (with the cash they paid) and corrections.
     * Only completed changes are entries; a conversion in flight has its points reserved (not in the balance) and
     * appears once its retry completes it.
     */
    async history(auth: AuthContext, query: PointHistoryQuery): Promise<PointHistoryPage> {
      const account = await pointsAccount(auth.accountId);
      const page = await deps.wallet.history(account.id, query);
      const items: PointHistoryItem[] = [];
      for (const entry of page.items) {
        const metadata = entry.metadata as Partial<ConvertMetadata> & { remark?: unknown };
        const type = entry.kind === 'POINTS_CONVERT' ? 'CONVERT' : entry.kind === 'REVERSAL' ? 'REVERSAL' : 'AWARD';
        items.push({
          id: entry.entryId,
          type,
          changedPoints: entry.amountMinor,
          balanceAfter: entry.balanceAfterMinor,
          redeemAmount: type === 'CONVERT' && metadata.amountMinor ? await money(BigInt(metadata.amountMinor)) : null,
          status: 'APPROVED',
          remark: typeof metadata.remark === 'string' ? metadata.remark : '',
          createdAt: entry.createdAt,
        });
      }
      return { ...page, items };
    },

    /**
     * Converts points into cash in the main wallet at the configured rate, after the payment password (spec: the
     * passwordCheck relay). The same Idempotency-Key with the same points converts once; a retry after a failure
     * finishes the conversion the first call began.
     * @throws PROMOTIONS_POINTS_BELOW_MINIMUM (minPoints), PROMOTIONS_POINTS_STEP (stepPoints),
     *   PROMOTIONS_POINTS_INSUFFICIENT (availablePoints, requestedPoints)
     * @throws CASHIER_PAYMENT_PASSWORD_NOT_SET, CASHIER_PAYMENT_PASSWORD_LOCKED, CASHIER_PAYMENT_PASSWORD_INCORRECT
     * @throws WALLET_IDEMPOTENCY_CONFLICT when the key was used for other points; SERVICE_UNAVAILABLE (retry)
     */
    async convert(auth: AuthContext, input: ConvertPointInput, clientKey: string): Promise<ConvertPointResult> {
      const points = BigInt(input.points);
      if (points < settings.minPoints) {
        throw new AppError('PROMOTIONS_POINTS_BELOW_MINIMUM', { minPoints: settings.minPoints.toString() });
      }
      if (points % settings.ratioPoints !== 0n) {
        throw new AppError('PROMOTIONS_POINTS_STEP', { stepPoints: settings.ratioPoints.toString() });
      }
      await deps.cashier.checkPaymentPassword(auth, input.paymentPassword);
      const amountMinor = worthOf(points);
      const { code: currency } = await deps.system.currency();
      const [house, member, promotions, cash] = await Promise.all([
        houseAccount(),
        pointsAccount(auth.accountId),
        deps.wallet.ensureAccount({ type: 'house' }, 'HOUSE_PROMOTIONS', currency),
        deps.wallet.ensureAccount({ type: 'player', id: auth.accountId }, 'PLAYER_CASH', currency),
      ]);
      const metadata: ConvertMetadata = {
        source: 'POINTS_MALL',
        points: points.toString(),
        amountMinor: amountMinor.toString(),
      };

      let hold: Transfer;
      try {
        hold = await deps.wallet.hold({
          idempotencyKey: keyOf(auth.accountId, clientKey, 'hold'),
          debit: member.id,
          credit: house.id,
          amountMinor: points,
          currency: pointsUnit,
          kind: 'POINTS_CONVERT',
          metadata,
        });
      } catch (error) {
        if (isAppError(error) && error.code === 'WALLET_INSUFFICIENT_FUNDS') {
          throw new AppError('PROMOTIONS_POINTS_INSUFFICIENT', {
            availablePoints: String(error.params.availableMinor ?? '0'),
            requestedPoints: points.toString(),
          });
        }
        throw error;
      }
      await deps.wallet.transfer({
        idempotencyKey: keyOf(auth.accountId, clientKey, 'cash'),
        debit: promotions.id,
        credit: cash.id,
        amountMinor,
        currency,
        kind: 'BONUS',
        metadata: { ...metadata, holdId: hold.id },
      });
      // The posted transfer keeps the hold's kind and metadata: the history lists it with the cash it paid.
      await deps.wallet.post(hold.id, keyOf(auth.accountId, clientKey, 'post'));
      deps.onBalanceChanged?.(auth.accountId);
      const after = await deps.wallet.getAccount(member.id);
      return {
        points: points.toString(),
        amount: await money(amountMinor),
        balance: after.availableMinor.toString(),
        status: 'APPROVED',
      };
    },
  };
}

export type PointsService = ReturnType<typeof createPointsService>;

import { createHash } from 'node:crypto';
import {
  type ConvertPointInput,
  type ConvertPointResult,
  type Money,
  minorToDecimal,
  type PointBalance,
  type PointConfig,
  type PointGoods,
  type PointHistoryItem,
  type PointHistoryPage,
  type PointHistoryQuery,
  type PointRedemption,
  type PointRedemptionPage,
  type PointRewardList,
  type RedeemPointRewardInput,
  type RedeemPointRewardResult,
} from '@portal/contract';
import type { Db } from '../../platform/db';
import { AppError, isAppError } from '../../platform/http/app-error';
import type { AuthContext } from '../../platform/http/auth-context';
import type { Cache } from '../../platform/kv';
import type { SystemService } from '../system';
import type { CashierService, Transfer, WalletService, WithinTransfer } from '../wallet';
import * as repo from './points.repository';

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

/** Points for every `turnoverMinor` of settled stake in one round of a game category (`ALL`: any other). */
export type PointEarnRule = { category: string; turnoverMinor: bigint; points: bigint };

export type PointsSettings = {
  /** `ratioPoints` points convert into `ratioAmountMinor` minor units of the merchant currency. */
  ratioPoints: bigint;
  ratioAmountMinor: bigint;
  /** The fewest points one conversion takes (a multiple of ratioPoints). */
  minPoints: bigint;
  /** Packages of the exchange-rate table, in points (each a multiple of ratioPoints). */
  packages: bigint[];
  /** Earning points from play; empty: play earns nothing. */
  earnRules: PointEarnRule[];
};

/**
 * The settings until an operator saves their own (`promotions_point_settings`): 100 points are 1.00 of the
 * currency, at least 1,000 points at a time, and every 1.00 of settled stake earns 1 point (a 1% return).
 */
export const defaultPointsSettings: PointsSettings = {
  ratioPoints: 100n,
  ratioAmountMinor: 100n,
  minPoints: 1_000n,
  packages: [1_000n, 5_000n, 10_000n, 50_000n],
  earnRules: [{ category: 'ALL', turnoverMinor: 100n, points: 1n }],
};

/** A decided redemption the member is told of (an inbox message: the content module's notice). */
export type RedemptionNotice = {
  accountId: number;
  kind: 'points_redemption_approved' | 'points_redemption_rejected';
  params: { redemptionId: number; points: string; goods: string; reason: string | null };
};

export type PointsServiceDeps = {
  db: Db;
  merchantCode: string;
  wallet: WalletService;
  cashier: Pick<CashierService, 'checkPaymentPassword'>;
  system: Pick<SystemService, 'currency'>;
  /** The shared cache the settings are kept in (Redis with several instances), invalidated when they change. */
  cache?: Cache;
  /** Fixed settings (tests); by default the operator's, or the defaults. */
  settings?: PointsSettings;
  /** Called after a conversion paid cash: pushes the new balance to the member's sockets. */
  onBalanceChanged?: (accountId: number) => void;
  /** Called once per decided redemption, after it committed. */
  onRedemptionDecided?: (notice: RedemptionNotice) => void;
  log?: { warn(object: unknown, message: string): void };
  now?: () => Date;
};

export const settingsCacheKey = 'promotions:points:settings';
const settingsCacheTtlMs = 30_000;

type SettingsJson = {
  ratioPoints: string;
  ratioAmountMinor: string;
  minPoints: string;
  packages: string[];
  earnRules: Array<{ category: string; turnoverMinor: string; points: string }>;
};

export function settingsToJson(settings: PointsSettings): SettingsJson {
  return {
    ratioPoints: settings.ratioPoints.toString(),
    ratioAmountMinor: settings.ratioAmountMinor.toString(),
    minPoints: settings.minPoints.toString(),
    packages: settings.packages.map(String),
    earnRules: settings.earnRules.map((rule) => ({
      category: rule.category,
      turnoverMinor: rule.turnoverMinor.toString(),
      points: rule.points.toString(),
    })),
  };
}

export function settingsFromJson(json: SettingsJson): PointsSettings {
  return {
    ratioPoints: BigInt(json.ratioPoints),
    ratioAmountMinor: BigInt(json.ratioAmountMinor),
    minPoints: BigInt(json.minPoints),
    packages: json.packages.map((points) => BigInt(points)),
    earnRules: json.earnRules.map((rule) => ({
      category: rule.category,
      turnoverMinor: BigInt(rule.turnoverMinor),
      points: BigInt(rule.points),
    })),
  };
}

function assertSettings(settings: PointsSettings): void {
  if (settings.ratioPoints <= 0n || settings.ratioAmountMinor <= 0n || settings.minPoints % settings.ratioPoints !== 0n)
    throw new Error('points settings: the ratio must be positive and the minimum a multiple of its points');
}

/** The name of goods in a language, English when it has none in that language. */
export function goodsName(names: { en: string; bn?: string }, language: string | undefined): string {
  const name = language === 'bn' ? names.bn : undefined;
  return name && name.length > 0 ? name : names.en;
}

/** The metadata of a conversion's transfers: how the history tells them apart and links cash to points. */
type ConvertMetadata = { source: 'POINTS_MALL'; points: string; amountMinor: string; holdId?: number };

/**
 * The ledger key of one step: `points:<account>:<step>:<member key>`. A member key longer than 64 characters is
 * replaced by its SHA-256, so that the whole stays within the ledger's 128 characters without two keys colliding.
 */
function keyPart(clientKey: string): string {
  return clientKey.length <= 64 ? clientKey : createHash('sha256').update(clientKey).digest('hex');
}

function keyOf(accountId: number, part: string, step: 'hold' | 'cash' | 'post' | 'void' | 'redeem'): string {
  return `points:${accountId}:${step}:${part}`;
}

/** The ledger keys of an operator's decision on a redemption: one per decision, so a repeat replays. */
export const redemptionDecisionKey = (redemptionId: number, action: 'post' | 'void') =>
  `points-redemption:${redemptionId}:${action}`;

/** The ledger key of the points one settled round earned: a re-run of the earning job awards nothing twice. */
export const earnKey = (roundId: number) => `points-earn:${roundId}`;

export function createPointsService(deps: PointsServiceDeps) {
  const { db, merchantCode } = deps;
  const now = deps.now ?? (() => new Date());
  if (deps.settings) assertSettings(deps.settings);

  /** The operator's settings (cached, shared across instances), else the defaults. */
  async function loadSettings(): Promise<PointsSettings> {
    if (deps.settings) return deps.settings;
    const read = async () => {
      const row = await repo.findSettings(db, merchantCode);
      return JSON.stringify(
        row
          ? {
              ratioPoints: row.ratioPoints.toString(),
              ratioAmountMinor: row.ratioAmountMinor.toString(),
              minPoints: row.minPoints.toString(),
              packages: row.packages,
              earnRules: row.earnRules,
            }
          : settingsToJson(defaultPointsSettings),
      );
    };
    const text = deps.cache ? await deps.cache.getOrSet(settingsCacheKey, settingsCacheTtlMs, read) : await read();
    return settingsFromJson(JSON.parse(text) as SettingsJson);
  }

  async function money(minor: bigint): Promise<Money> {
    const { scale } = await deps.system.currency();
    return { amount: minorToDecimal(minor, scale), minor: minor.toString() };
  }

  const worthOf = (points: bigint, settings: PointsSettings) =>
    (points / settings.ratioPoints) * settings.ratioAmountMinor;

  async function pointsAccount(accountId: number) {
    return deps.wallet.ensureAccount({ type: 'player', id: accountId }, 'PLAYER_POINTS', pointsUnit);
  }

  async function houseAccount() {
    return deps.wallet.ensureAccount({ type: 'house' }, 'HOUSE_POINTS', pointsUnit);
  }

  /**
   * Steps 2 and 3 of a conversion whose points are held: pay the cash, post the hold, mark the conversion done.
   * Each step is keyed, so the member's retry and the recovery job may both run it: the second replays.
   */
  async function finishConversion(
    hold: Transfer,
    target: { accountId: number; part: string; currency: string; cashId: number; promotionsId: number },
  ): Promise<void> {
    const metadata = hold.metadata as ConvertMetadata;
    await deps.wallet.transfer({
      idempotencyKey: keyOf(target.accountId, target.part, 'cash'),
      debit: target.promotionsId,
      credit: target.cashId,
      amountMinor: BigInt(metadata.amountMinor),
      currency: target.currency,
      kind: 'BONUS',
      metadata: { ...metadata, holdId: hold.id },
    });
    // The posted transfer keeps the hold's kind and metadata: the history lists it with the cash it paid.
    try {
      await deps.wallet.post(hold.id, keyOf(target.accountId, target.part, 'post'));
    } catch (error) {
      // Posted under this key by a twin that finished first: done. Anything else is left for the next attempt.
      if (!(isAppError(error) && error.code === 'WALLET_PENDING_ALREADY_RESOLVED')) throw error;
    }
    await repo.completeConversion(db, hold.id, 'APPROVED', now());
  }

  function redemptionView(row: repo.RedemptionRow, goods: repo.GoodsRow | undefined, language?: string) {
    return {
      id: row.id,
      goodsId: row.goodsId,
      goodsName: goods ? goodsName(goods.names, language) : '',
      imageUrl: goods?.imageUrl ?? null,
      points: row.points.toString(),
      address: row.address,
      mobile: row.mobile,
      status: row.status as PointRedemption['status'],
      remark: row.remark,
      createdAt: row.createdAt.toISOString(),
      decidedAt: row.decidedAt ? row.decidedAt.toISOString() : null,
    };
  }

  async function redemptionViews(rows: repo.RedemptionRow[], language?: string) {
    const goods = new Map(
      (await repo.findGoodsByIds(db, [...new Set(rows.map((row) => row.goodsId))])).map((row) => [row.id, row]),
    );
    return rows.map((row) => ({ row, view: redemptionView(row, goods.get(row.goodsId), language) }));
  }

  return {
    loadSettings,
    redemptionViews,

    /** The rate, the minimum and the step of conversions, and the currency they pay in. */
    async config(): Promise<PointConfig> {
      const [currency, settings] = await Promise.all([deps.system.currency(), loadSettings()]);
      return {
        ratioPoints: settings.ratioPoints.toString(),
        ratioAmount: await money(settings.ratioAmountMinor),
        minPoints: settings.minPoints.toString(),
        stepPoints: settings.ratioPoints.toString(),
        currency,
        expires: false,
      };
    },

    /** The exchange-rate table (packages of points and the cash each converts into) and the goods on offer. */
    async rewards(language?: string): Promise<PointRewardList> {
      const [settings, goods] = await Promise.all([
        loadSettings(),
        repo.listGoods(db, merchantCode, { enabledOnly: true }),
      ]);
      return {
        items: await Promise.all(
          settings.packages.map(async (points) => ({
            id: `CASH_${points}`,
            kind: 'CASH' as const,
            points: points.toString(),
            amount: await money(worthOf(points, settings)),
          })),
        ),
        goods: goods.map(
          (row): PointGoods => ({
            id: row.id,
            name: goodsName(row.names, language),
            imageUrl: row.imageUrl,
            points: row.points.toString(),
            stock: row.stock,
          }),
        ),
      };
    },

    /** The member's available points (held points of a conversion in flight are not) and what they are worth. */
    async balance(auth: AuthContext): Promise<PointBalance> {
      const [account, settings] = await Promise.all([pointsAccount(auth.accountId), loadSettings()]);
      return {
        points: account.availableMinor.toString(),
        worth: await money(worthOf(account.availableMinor, settings)),
      };
    },

    /**
     * Credits points to a member (promotions, the demo seed). The caller chooses the key: the same key credits once.
     * @throws WALLET_AMOUNT_INVALID, WALLET_IDEMPOTENCY_CONFLICT
     */
    async award(
      accountId: number,
      points: bigint,
      idempotencyKey: string,
      remark: string,
      extra: Record<string, unknown> = {},
    ): Promise<Transfer> {
      const [house, member] = await Promise.all([houseAccount(), pointsAccount(accountId)]);
      return deps.wallet.transfer({
        idempotencyKey,
        debit: house.id,
        credit: member.id,
        amountMinor: points,
        currency: pointsUnit,
        kind: 'POINTS_AWARD',
        metadata: { ...extra, source: 'POINTS_MALL', remark },
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
        const type =
          entry.kind === 'POINTS_CONVERT'
            ? 'CONVERT'
            : entry.kind === 'POINTS_REDEEM'
              ? 'REDEEM'
              : entry.kind === 'REVERSAL'
                ? 'REVERSAL'
                : 'AWARD';
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
      const settings = await loadSettings();
      const points = BigInt(input.points);
      if (points < settings.minPoints) {
        throw new AppError('PROMOTIONS_POINTS_BELOW_MINIMUM', { minPoints: settings.minPoints.toString() });
      }
      if (points % settings.ratioPoints !== 0n) {
        throw new AppError('PROMOTIONS_POINTS_STEP', { stepPoints: settings.ratioPoints.toString() });
      }
      await deps.cashier.checkPaymentPassword(auth, input.paymentPassword);
      const amountMinor = worthOf(points, settings);
      const part = keyPart(clientKey);
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
        hold = await deps.wallet.hold(
          {
            idempotencyKey: keyOf(auth.accountId, part, 'hold'),
            debit: member.id,
            credit: house.id,
            amountMinor: points,
            currency: pointsUnit,
            kind: 'POINTS_CONVERT',
            metadata,
          },
          {
            // Recorded with the hold, so that the recovery job finds a conversion a crash left half done.
            within: (tx, transfer) =>
              repo.insertConversion(tx, {
                merchantCode,
                accountId: auth.accountId,
                clientKey: part,
                points,
                amountMinor,
                holdTransferId: transfer.id,
                status: 'IN_PROCESS',
                createdAt: now(),
              }),
          },
        );
      } catch (error) {
        if (isAppError(error) && error.code === 'WALLET_INSUFFICIENT_FUNDS') {
          throw new AppError('PROMOTIONS_POINTS_INSUFFICIENT', {
            availablePoints: String(error.params.availableMinor ?? '0'),
            requestedPoints: points.toString(),
          });
        }
        throw error;
      }
      await finishConversion(hold, {
        accountId: auth.accountId,
        part,
        currency,
        cashId: cash.id,
        promotionsId: promotions.id,
      });
      deps.onBalanceChanged?.(auth.accountId);
      const after = await deps.wallet.getAccount(member.id);
      return {
        points: points.toString(),
        amount: await money(amountMinor),
        balance: after.availableMinor.toString(),
        status: 'APPROVED',
      };
    },

    /**
     * Redeems points for goods (spec section 3: payment password, receiving address, mobile number): holds the
     * goods' points and takes one from their stock in the same transaction, and records the redemption In Process
     * until an operator approves (posts) or rejects (voids) it. The same Idempotency-Key redeems once.
     * @throws PROMOTIONS_GOODS_NOT_FOUND, PROMOTIONS_GOODS_OUT_OF_STOCK (goodsId)
     * @throws PROMOTIONS_POINTS_INSUFFICIENT (availablePoints, requestedPoints)
     * @throws CASHIER_PAYMENT_PASSWORD_NOT_SET, CASHIER_PAYMENT_PASSWORD_LOCKED, CASHIER_PAYMENT_PASSWORD_INCORRECT
     * @throws WALLET_IDEMPOTENCY_CONFLICT when the key was used for another redemption; SERVICE_UNAVAILABLE (retry)
     */
    async redeem(
      auth: AuthContext,
      input: RedeemPointRewardInput,
      clientKey: string,
      language?: string,
    ): Promise<RedeemPointRewardResult> {
      const goods = await repo.findGoods(db, merchantCode, input.goodsId);
      if (!goods || goods.deleted || !goods.enabled) {
        throw new AppError('PROMOTIONS_GOODS_NOT_FOUND', { goodsId: input.goodsId });
      }
      await deps.cashier.checkPaymentPassword(auth, input.paymentPassword);
      const [house, member] = await Promise.all([houseAccount(), pointsAccount(auth.accountId)]);
      let created: repo.RedemptionRow | null = null;
      let hold: Transfer;
      try {
        hold = await deps.wallet.hold(
          {
            idempotencyKey: keyOf(auth.accountId, keyPart(clientKey), 'redeem'),
            debit: member.id,
            credit: house.id,
            amountMinor: goods.points,
            currency: pointsUnit,
            kind: 'POINTS_REDEEM',
            metadata: { source: 'POINTS_MALL', goodsId: goods.id, address: input.address, mobile: input.mobile },
          },
          {
            within: async (tx, transfer) => {
              const taken = await repo.takeOneFromStock(tx, merchantCode, goods.id, goods.points);
              if (!taken) {
                const current = await repo.findGoods(tx, merchantCode, goods.id);
                const gone = !current || current.deleted || !current.enabled || current.points !== goods.points;
                throw new AppError(gone ? 'PROMOTIONS_GOODS_NOT_FOUND' : 'PROMOTIONS_GOODS_OUT_OF_STOCK', {
                  goodsId: goods.id,
                });
              }
              created = await repo.insertRedemption(tx, {
                merchantCode,
                accountId: auth.accountId,
                goodsId: goods.id,
                points: goods.points,
                address: input.address,
                mobile: input.mobile,
                status: 'IN_PROCESS',
                holdTransferId: transfer.id,
                createdAt: now(),
              });
            },
          },
        );
      } catch (error) {
        if (isAppError(error) && error.code === 'WALLET_INSUFFICIENT_FUNDS') {
          throw new AppError('PROMOTIONS_POINTS_INSUFFICIENT', {
            availablePoints: String(error.params.availableMinor ?? '0'),
            requestedPoints: goods.points.toString(),
          });
        }
        throw error;
      }
      // A replayed hold wrote its redemption the first time.
      const row = created ?? (await repo.findRedemptionByHold(db, hold.id));
      if (!row) throw new AppError('INTERNAL');
      const after = await deps.wallet.getAccount(member.id);
      return { redemption: redemptionView(row, goods, language), balance: after.availableMinor.toString() };
    },

    /** The member's goods redemptions, newest first (the points mall's redeem history). */
    async redemptions(auth: AuthContext, query: PointHistoryQuery, language?: string): Promise<PointRedemptionPage> {
      const { rows, total } = await repo.listRedemptions(
        db,
        { merchantCode, accountId: auth.accountId },
        { offset: (query.pageNo - 1) * query.pageSize, limit: query.pageSize },
      );
      return {
        items: (await redemptionViews(rows, language)).map((entry) => entry.view),
        pageNo: query.pageNo,
        pageSize: query.pageSize,
        total,
        totalPages: Math.ceil(total / query.pageSize),
      };
    },

    /**
     * An operator's decision on an In Process redemption: approving posts the held points, rejecting voids the hold
     * and gives the goods back to stock, each in the ledger's transaction with the status change. When two operators
     * race, the ledger resolves the hold once and the other is told it was decided.
     * @throws PROMOTIONS_REDEMPTION_NOT_FOUND, PROMOTIONS_REDEMPTION_DECIDED (status)
     */
    async decide(
      id: number,
      action: 'approve' | 'reject',
      operator: { username: string },
      remark: string,
    ): Promise<repo.RedemptionRow> {
      const row = await repo.findRedemption(db, merchantCode, id);
      if (!row) throw new AppError('PROMOTIONS_REDEMPTION_NOT_FOUND', { id });
      if (row.status !== 'IN_PROCESS') throw new AppError('PROMOTIONS_REDEMPTION_DECIDED', { status: row.status });
      const status = action === 'approve' ? 'APPROVED' : 'REJECTED';
      let decided: repo.RedemptionRow | null = null;
      const within: WithinTransfer = async (tx) => {
        decided = await repo.decideRedemption(tx, id, {
          status,
          operator: operator.username,
          remark,
          decidedAt: now(),
        });
        if (!decided) throw new AppError('PROMOTIONS_REDEMPTION_DECIDED', { status: 'unknown' });
        if (action === 'reject') await repo.returnOneToStock(tx, row.goodsId);
      };
      const decidedElsewhere = async () => {
        const current = await repo.findRedemption(db, merchantCode, id);
        return new AppError('PROMOTIONS_REDEMPTION_DECIDED', { status: current?.status ?? 'unknown' });
      };
      try {
        const result =
          action === 'approve'
            ? await deps.wallet.post(row.holdTransferId, redemptionDecisionKey(id, 'post'), { within })
            : await deps.wallet.void(row.holdTransferId, redemptionDecisionKey(id, 'void'), { within });
        if (result.replayed) throw await decidedElsewhere();
      } catch (error) {
        if (
          isAppError(error) &&
          (error.code === 'WALLET_PENDING_ALREADY_RESOLVED' || error.code === 'WALLET_IDEMPOTENCY_CONFLICT')
        ) {
          throw await decidedElsewhere();
        }
        throw error;
      }
      const done = decided as repo.RedemptionRow | null;
      if (!done) throw await decidedElsewhere();
      const goods = await repo.findGoods(db, merchantCode, row.goodsId);
      deps.onRedemptionDecided?.({
        accountId: row.accountId,
        kind: action === 'approve' ? 'points_redemption_approved' : 'points_redemption_rejected',
        params: {
          redemptionId: id,
          points: row.points.toString(),
          goods: goods?.names.en ?? '',
          reason: action === 'reject' && remark ? remark : null,
        },
      });
      return done;
    },

    /**
     * Finishes conversions whose points have been held for longer than `olderThanMs` (a crash or a lost connection
     * between the hold and the posting): pays the cash and posts the hold with the member's own keys, so a retry
     * racing it replays. A conversion whose cash can no longer be paid (the key was taken by another request) is
     * voided, its points back. Idempotent: a run cut short is finished by the next.
     */
    async recoverConversions(at: Date, olderThanMs: number, limit = 100) {
      const stale = await repo.staleConversions(db, merchantCode, new Date(at.getTime() - olderThanMs), limit);
      const { code: currency } = await deps.system.currency();
      let finished = 0;
      let voided = 0;
      let failed = 0;
      for (const conversion of stale) {
        try {
          const hold = await deps.wallet.getTransfer(conversion.holdTransferId);
          if (!hold) continue;
          const [promotions, cash] = await Promise.all([
            deps.wallet.ensureAccount({ type: 'house' }, 'HOUSE_PROMOTIONS', currency),
            deps.wallet.ensureAccount({ type: 'player', id: conversion.accountId }, 'PLAYER_CASH', currency),
          ]);
          try {
            await finishConversion(hold, {
              accountId: conversion.accountId,
              part: conversion.clientKey,
              currency,
              cashId: cash.id,
              promotionsId: promotions.id,
            });
            finished += 1;
            deps.onBalanceChanged?.(conversion.accountId);
          } catch (error) {
            if (!(isAppError(error) && error.code === 'WALLET_IDEMPOTENCY_CONFLICT')) throw error;
            const cashPaid = await deps.wallet.getTransferByKey(
              keyOf(conversion.accountId, conversion.clientKey, 'cash'),
            );
            if (cashPaid && (cashPaid.metadata as { holdId?: number }).holdId === hold.id) throw error;
            await deps.wallet.void(hold.id, keyOf(conversion.accountId, conversion.clientKey, 'void'));
            await repo.completeConversion(db, hold.id, 'VOIDED', at);
            voided += 1;
          }
        } catch (error) {
          // One conversion that cannot be finished now (a passing failure) must not hold up the others: next run.
          failed += 1;
          deps.log?.warn({ err: error, holdTransferId: conversion.holdTransferId }, 'points: conversion not recovered');
        }
      }
      return { found: stale.length, finished, voided, failed };
    },
  };
}

export type PointsService = ReturnType<typeof createPointsService>;

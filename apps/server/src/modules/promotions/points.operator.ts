import {
  type OperatorPointGoods,
  type OperatorPointGoodsInput,
  type OperatorRedemption,
  type OperatorRedemptionPage,
  type OperatorRedemptionQuery,
  operatorPointGoodsInputSchema,
  type PointSettingsInput,
  pointSettingsSchema,
} from '@portal/contract';
import type { Db } from '../../platform/db';
import { AppError } from '../../platform/http/app-error';
import type { Cache } from '../../platform/kv';
import * as repo from './points.repository';
import { type PointsService, settingsCacheKey, settingsFromJson, settingsToJson } from './points.service';

export type PointsOperatorDeps = {
  db: Db;
  merchantCode: string;
  points: PointsService;
  /** The cache the member-facing settings are read through; the settings' entry is dropped when they change. */
  cache?: Cache;
  /** The member's username, for the redemption queue (identity module). */
  username: (accountId: number) => Promise<string | null>;
  now?: () => Date;
};

function goodsView(row: repo.GoodsRow, inProcess: number): OperatorPointGoods {
  return {
    id: row.id,
    names: row.names,
    imageUrl: row.imageUrl,
    points: row.points.toString(),
    stock: row.stock,
    enabled: row.enabled,
    sortOrder: row.sortOrder,
    inProcess,
    updatedAt: row.updatedAt.toISOString(),
  };
}

/**
 * The points mall's operator functions (back office, `/bo/api/points/…`): the goods catalogue, the redemption queue
 * and the settings. The back-office routes check the permission and write the audit log.
 */
export function createPointsOperator(deps: PointsOperatorDeps) {
  const { db, merchantCode } = deps;
  const now = deps.now ?? (() => new Date());

  async function getGoods(id: number): Promise<OperatorPointGoods> {
    const row = await repo.findGoods(db, merchantCode, id);
    if (!row || row.deleted) throw new AppError('PROMOTIONS_GOODS_NOT_FOUND', { goodsId: id });
    return goodsView(row, (await repo.inProcessByGoods(db, merchantCode)).get(id) ?? 0);
  }

  function values(raw: OperatorPointGoodsInput, operator: { username: string }) {
    const input = operatorPointGoodsInputSchema.parse(raw);
    return {
      names: { en: input.names.en, ...(input.names.bn ? { bn: input.names.bn } : {}) },
      imageUrl: input.imageUrl,
      points: BigInt(input.points),
      stock: input.stock,
      enabled: input.enabled,
      sortOrder: input.sortOrder,
      updatedAt: now(),
      updatedBy: operator.username,
    };
  }

  return {
    async listGoods(): Promise<{ items: OperatorPointGoods[] }> {
      const [rows, inProcess] = await Promise.all([
        repo.listGoods(db, merchantCode, { enabledOnly: false }),
        repo.inProcessByGoods(db, merchantCode),
      ]);
      return { items: rows.map((row) => goodsView(row, inProcess.get(row.id) ?? 0)) };
    },

    /** @throws PROMOTIONS_GOODS_NOT_FOUND */
    getGoods,

    async createGoods(input: OperatorPointGoodsInput, operator: { username: string }): Promise<OperatorPointGoods> {
      const row = await repo.insertGoods(db, { merchantCode, ...values(input, operator), createdAt: now() });
      return goodsView(row, 0);
    },

    /**
     * Replaces goods. Redemptions already In Process keep the points they held; a new price applies to new ones.
     * @throws PROMOTIONS_GOODS_NOT_FOUND
     */
    async updateGoods(
      id: number,
      input: OperatorPointGoodsInput,
      operator: { username: string },
    ): Promise<OperatorPointGoods> {
      const row = await repo.updateGoods(db, merchantCode, id, values(input, operator));
      if (!row) throw new AppError('PROMOTIONS_GOODS_NOT_FOUND', { goodsId: id });
      return getGoods(row.id);
    },

    /**
     * Takes goods off the mall. They stay stored for the redemptions that name them (which can still be decided).
     * @throws PROMOTIONS_GOODS_NOT_FOUND
     */
    async deleteGoods(id: number, operator: { username: string }): Promise<void> {
      const row = await repo.updateGoods(db, merchantCode, id, {
        deleted: true,
        enabled: false,
        updatedAt: now(),
        updatedBy: operator.username,
      });
      if (!row) throw new AppError('PROMOTIONS_GOODS_NOT_FOUND', { goodsId: id });
    },

    /** The redemption queue: In Process first when no status is asked, newest first, with member usernames. */
    async listRedemptions(query: OperatorRedemptionQuery, language?: string): Promise<OperatorRedemptionPage> {
      const { rows, total } = await repo.listRedemptions(
        db,
        { merchantCode, ...(query.status ? { status: query.status } : {}) },
        { offset: (query.pageNo - 1) * query.pageSize, limit: query.pageSize },
      );
      const views = await deps.points.redemptionViews(rows, language);
      const names = new Map<number, string>();
      for (const accountId of new Set(rows.map((row) => row.accountId))) {
        names.set(accountId, (await deps.username(accountId)) ?? `#${accountId}`);
      }
      return {
        items: views.map(
          ({ row, view }): OperatorRedemption => ({
            ...view,
            accountId: row.accountId,
            username: names.get(row.accountId) ?? '',
            operator: row.operator,
            holdTransferId: row.holdTransferId,
          }),
        ),
        pageNo: query.pageNo,
        pageSize: query.pageSize,
        total,
        totalPages: Math.ceil(total / query.pageSize),
      };
    },

    /** One redemption as the queue shows it. @throws PROMOTIONS_REDEMPTION_NOT_FOUND */
    async getRedemption(id: number, language?: string): Promise<OperatorRedemption> {
      const row = await repo.findRedemption(db, merchantCode, id);
      if (!row) throw new AppError('PROMOTIONS_REDEMPTION_NOT_FOUND', { id });
      const [entry] = await deps.points.redemptionViews([row], language);
      if (!entry) throw new AppError('PROMOTIONS_REDEMPTION_NOT_FOUND', { id });
      return {
        ...entry.view,
        accountId: row.accountId,
        username: (await deps.username(row.accountId)) ?? `#${row.accountId}`,
        operator: row.operator,
        holdTransferId: row.holdTransferId,
      };
    },

    /**
     * Approves (posts the held points) or rejects (voids the hold, stock back) a redemption; the member gets an
     * inbox message. @throws PROMOTIONS_REDEMPTION_NOT_FOUND, PROMOTIONS_REDEMPTION_DECIDED
     */
    async decide(
      id: number,
      action: 'approve' | 'reject',
      operator: { username: string },
      remark: string,
      language?: string,
    ): Promise<OperatorRedemption> {
      await deps.points.decide(id, action, operator, remark);
      return this.getRedemption(id, language);
    },

    async getSettings(): Promise<PointSettingsInput> {
      return settingsToJson(await deps.points.loadSettings()) as PointSettingsInput;
    },

    /** Replaces the settings; every instance reads the new ones at once (the shared cache entry is dropped). */
    async setSettings(raw: PointSettingsInput, operator: { username: string }): Promise<PointSettingsInput> {
      const input = pointSettingsSchema.parse(raw);
      const settings = settingsFromJson(input);
      await repo.upsertSettings(db, {
        merchantCode,
        ratioPoints: settings.ratioPoints,
        ratioAmountMinor: settings.ratioAmountMinor,
        minPoints: settings.minPoints,
        packages: input.packages,
        earnRules: input.earnRules,
        updatedAt: now(),
        updatedBy: operator.username,
      });
      await deps.cache?.del(settingsCacheKey);
      return settingsToJson(await deps.points.loadSettings()) as PointSettingsInput;
    },
  };
}

export type PointsOperator = ReturnType<typeof createPointsOperator>;

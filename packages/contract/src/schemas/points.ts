import { z } from 'zod';
import { moneySchema } from './money';

/**
 * The points mall (spec sections 2 "points mall: current point, redeem history, points details, rules, goods
 * details, exchange-rate table", 3 "Points: balance, changed points, ratio, redeem amount, status, remark", 4
 * "Redeem status: In Process, Rejected, Approved", 7 MCS2_getPointBalance, MCS2_getPointReward,
 * MCS2_getRedeemPointList, MCS2_getPointConfig, passwordCheck/MCS2_convertPoint, 9 "Points never expire").
 *
 * Points are whole numbers and travel as decimal strings of digits, like minor units. They are kept in the wallet
 * ledger in their own unit (`PTS`), so every change of a balance is a double-entry transfer with an idempotency key.
 */

/** A whole number of points as a decimal string; signed in the history (negative when points left). */
export const pointsSchema = z.string().regex(/^-?\d{1,19}$/, 'a whole number of points');

/** The rate and limits of converting points into cash in the main wallet. */
export const pointConfigSchema = z.object({
  /** `ratioPoints` points convert into `ratioAmount` of the merchant currency. */
  ratioPoints: pointsSchema,
  ratioAmount: moneySchema,
  /** The fewest points one conversion takes. */
  minPoints: pointsSchema,
  /** Conversions take multiples of this many points (the ratio's points), so the amount is always exact. */
  stepPoints: pointsSchema,
  currency: z.object({ code: z.string().length(3), symbol: z.string(), scale: z.number().int() }),
  /** Spec section 9: points never expire. */
  expires: z.literal(false),
});
export type PointConfig = z.infer<typeof pointConfigSchema>;

export const pointBalanceSchema = z.object({
  points: pointsSchema,
  /** What the balance would convert into at the current rate (whole steps only). */
  worth: moneySchema,
});
export type PointBalance = z.infer<typeof pointBalanceSchema>;

/** One line of the exchange-rate table: a package of points and the cash it converts into. */
export const pointRewardSchema = z.object({
  id: z.string(),
  kind: z.literal('CASH'),
  points: pointsSchema,
  amount: moneySchema,
});
export type PointReward = z.infer<typeof pointRewardSchema>;

/** Names of goods per language: English always, Bengali optional (falls back to English). */
export const pointGoodsNamesSchema = z.object({
  en: z.string().trim().min(1).max(80),
  bn: z.string().trim().max(80).optional(),
});
export type PointGoodsNames = z.infer<typeof pointGoodsNamesSchema>;

/** Goods of the points mall as members see them (spec "goods details"), named in the request's language. */
export const pointGoodsSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  imageUrl: z.string().nullable(),
  points: pointsSchema,
  /** How many are left; 0 means out of stock (still listed, not redeemable). */
  stock: z.number().int(),
});
export type PointGoods = z.infer<typeof pointGoodsSchema>;

/** MCS2_getPointReward: the cash packages of the exchange-rate table and the goods on offer. */
export const pointRewardListSchema = z.object({ items: z.array(pointRewardSchema), goods: z.array(pointGoodsSchema) });
export type PointRewardList = z.infer<typeof pointRewardListSchema>;

export const pointHistoryQuerySchema = z.strictObject({
  pageNo: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
export type PointHistoryQuery = z.infer<typeof pointHistoryQuerySchema>;

/** AWARD points credited; CONVERT points exchanged for cash; REDEEM points given for goods; REVERSAL a correction. */
export const pointHistoryTypes = ['AWARD', 'CONVERT', 'REDEEM', 'REVERSAL'] as const;
/** Spec section 4 "Redeem status". */
export const pointRedeemStatuses = ['IN_PROCESS', 'REJECTED', 'APPROVED'] as const;
export type PointRedeemStatus = (typeof pointRedeemStatuses)[number];

export const pointHistoryItemSchema = z.object({
  id: z.number().int(),
  type: z.enum(pointHistoryTypes),
  /** Signed: negative when points left the balance. */
  changedPoints: pointsSchema,
  /** The points balance right after this change. */
  balanceAfter: pointsSchema,
  /** The cash a conversion paid into the main wallet; null for other changes. */
  redeemAmount: moneySchema.nullable(),
  status: z.enum(pointRedeemStatuses),
  /** The operator's or the system's note, as stored (not translated). */
  remark: z.string(),
  createdAt: z.string().describe('ISO 8601 date and time'),
});
export type PointHistoryItem = z.infer<typeof pointHistoryItemSchema>;

export const pointHistoryPageSchema = z.object({
  items: z.array(pointHistoryItemSchema),
  pageNo: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
  totalPages: z.number().int(),
});
export type PointHistoryPage = z.infer<typeof pointHistoryPageSchema>;

/** passwordCheck/MCS2_convertPoint: the points to convert and the payment (withdrawal) password. */
export const convertPointInputSchema = z.strictObject({
  points: z.string().regex(/^\d{1,12}$/, 'a whole number of points'),
  paymentPassword: z.string().min(1).max(64),
});
export type ConvertPointInput = z.infer<typeof convertPointInputSchema>;

export const convertPointResultSchema = z.object({
  points: pointsSchema,
  amount: moneySchema,
  /** The points balance after the conversion. */
  balance: pointsSchema,
  status: z.enum(pointRedeemStatuses),
});
export type ConvertPointResult = z.infer<typeof convertPointResultSchema>;

// ---------------------------------------------------------------------------------------------------------
// Goods redemption (passwordCheck/MCS2_redeemPointReward) and the member's redemptions
// ---------------------------------------------------------------------------------------------------------

/** passwordCheck/MCS2_redeemPointReward: spec section 3 "Redeem needs withdraw password, receiving address and mobile number". */
export const redeemPointRewardInputSchema = z.strictObject({
  goodsId: z.number().int().positive(),
  paymentPassword: z.string().min(1).max(64),
  address: z.string().trim().min(5).max(200),
  mobile: z
    .string()
    .trim()
    .regex(/^\+?[0-9 -]{6,20}$/, 'a phone number'),
});
export type RedeemPointRewardInput = z.infer<typeof redeemPointRewardInputSchema>;

/** A goods redemption: In Process until an operator approves (points spent) or rejects it (points back). */
export const pointRedemptionSchema = z.object({
  id: z.number().int(),
  goodsId: z.number().int(),
  goodsName: z.string(),
  imageUrl: z.string().nullable(),
  points: pointsSchema,
  address: z.string(),
  mobile: z.string(),
  status: z.enum(pointRedeemStatuses),
  /** The operator's note (a reason when rejected), as written. */
  remark: z.string(),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
});
export type PointRedemption = z.infer<typeof pointRedemptionSchema>;

export const redeemPointRewardResultSchema = z.object({
  redemption: pointRedemptionSchema,
  /** The points available after the hold. */
  balance: pointsSchema,
});
export type RedeemPointRewardResult = z.infer<typeof redeemPointRewardResultSchema>;

export const pointRedemptionPageSchema = z.object({
  items: z.array(pointRedemptionSchema),
  pageNo: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
  totalPages: z.number().int(),
});
export type PointRedemptionPage = z.infer<typeof pointRedemptionPageSchema>;

// ---------------------------------------------------------------------------------------------------------
// Back office: goods, redemption queue, settings (under /bo/api/points)
// ---------------------------------------------------------------------------------------------------------

export const pointsBackofficePaths = {
  goods: '/points/goods',
  goodsItem: '/points/goods/:id',
  redemptions: '/points/redemptions',
  redemptionApprove: '/points/redemptions/:id/approve',
  redemptionReject: '/points/redemptions/:id/reject',
  settings: '/points/settings',
} as const;

export const pointsIdParamsSchema = z.object({ id: z.coerce.number().int().positive() });

export const operatorPointGoodsInputSchema = z.strictObject({
  names: pointGoodsNamesSchema,
  imageUrl: z
    .string()
    .trim()
    .max(500)
    .regex(/^(https?:\/\/|\/)\S+$/, 'an http(s) or site-relative URL')
    .nullable()
    .default(null),
  points: z.string().regex(/^[1-9]\d{0,11}$/, 'a positive whole number of points'),
  stock: z.number().int().min(0).max(1_000_000),
  enabled: z.boolean().default(true),
  sortOrder: z.number().int().min(0).max(9999).default(0),
});
export type OperatorPointGoodsInput = z.input<typeof operatorPointGoodsInputSchema>;

export const operatorPointGoodsSchema = z.object({
  id: z.number().int(),
  names: pointGoodsNamesSchema,
  imageUrl: z.string().nullable(),
  points: pointsSchema,
  stock: z.number().int(),
  enabled: z.boolean(),
  sortOrder: z.number().int(),
  /** Redemptions still In Process (their stock is already taken). */
  inProcess: z.number().int(),
  updatedAt: z.string(),
});
export type OperatorPointGoods = z.infer<typeof operatorPointGoodsSchema>;
export const operatorPointGoodsListSchema = z.object({ items: z.array(operatorPointGoodsSchema) });

export const operatorRedemptionQuerySchema = z.object({
  status: z.enum(pointRedeemStatuses).optional(),
  pageNo: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
export type OperatorRedemptionQuery = z.infer<typeof operatorRedemptionQuerySchema>;

export const operatorRedemptionSchema = pointRedemptionSchema.extend({
  accountId: z.number().int(),
  username: z.string(),
  operator: z.string().nullable(),
  holdTransferId: z.number().int(),
});
export type OperatorRedemption = z.infer<typeof operatorRedemptionSchema>;
export const operatorRedemptionPageSchema = pointRedemptionPageSchema.extend({
  items: z.array(operatorRedemptionSchema),
});
export type OperatorRedemptionPage = z.infer<typeof operatorRedemptionPageSchema>;

export const redemptionDecisionInputSchema = z.strictObject({ remark: z.string().trim().max(140).default('') });
/** Rejecting needs a reason the member reads in the inbox. */
export const redemptionRejectInputSchema = z.strictObject({ remark: z.string().trim().min(1).max(140) });

/** Game categories an earning rule may name; ALL applies to every category without a rule of its own. */
export const pointEarnCategories = ['ALL', 'RNG', 'LIVE', 'SPORTS', 'FISH', 'PVP', 'LOTTERY', 'ESPORTS'] as const;

/** `points` points for every `turnoverMinor` of settled stake in one round (whole steps only). */
export const pointEarnRuleSchema = z.object({
  category: z.enum(pointEarnCategories),
  turnoverMinor: z.string().regex(/^[1-9]\d{0,14}$/),
  points: z.string().regex(/^\d{1,9}$/),
});
export type PointEarnRule = z.infer<typeof pointEarnRuleSchema>;

/** The operator's point settings: the cash rate, the minimum conversion, the packages, and earning from play. */
export const pointSettingsSchema = z
  .object({
    ratioPoints: z.string().regex(/^[1-9]\d{0,9}$/),
    ratioAmountMinor: z.string().regex(/^[1-9]\d{0,12}$/),
    minPoints: z.string().regex(/^[1-9]\d{0,11}$/),
    packages: z.array(z.string().regex(/^[1-9]\d{0,11}$/)).max(12),
    earnRules: z.array(pointEarnRuleSchema).max(pointEarnCategories.length),
  })
  .superRefine((value, context) => {
    const step = BigInt(value.ratioPoints);
    if (BigInt(value.minPoints) % step !== 0n) {
      context.addIssue({ code: 'custom', path: ['minPoints'], message: 'a multiple of the ratio points' });
    }
    value.packages.forEach((points, index) => {
      if (BigInt(points) % step !== 0n || BigInt(points) < BigInt(value.minPoints)) {
        context.addIssue({ code: 'custom', path: ['packages', index], message: 'a multiple of the ratio points' });
      }
    });
    const categories = value.earnRules.map((rule) => rule.category);
    if (new Set(categories).size !== categories.length) {
      context.addIssue({ code: 'custom', path: ['earnRules'], message: 'one rule per category' });
    }
  });
export type PointSettingsInput = z.infer<typeof pointSettingsSchema>;

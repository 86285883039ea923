import { z } from 'zod';
import { moneySchema } from './cashier';

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

export const pointRewardListSchema = z.object({ items: z.array(pointRewardSchema) });
export type PointRewardList = z.infer<typeof pointRewardListSchema>;

export const pointHistoryQuerySchema = z.strictObject({
  pageNo: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
export type PointHistoryQuery = z.infer<typeof pointHistoryQuerySchema>;

/** AWARD points credited; CONVERT points exchanged for cash; REVERSAL a correction. */
export const pointHistoryTypes = ['AWARD', 'CONVERT', 'REVERSAL'] as const;
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

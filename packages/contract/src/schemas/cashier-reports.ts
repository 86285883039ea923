import { z } from 'zod';
import { moneySchema } from './money';

/**
 * The member's money reports and the payment-password reset (spec section 2, member-centre pages personalProfit
 * and bonusDetails; section 4 "payment password: set, change, forgot"). The spec names the pages but not their
 * calls; the calls follow its style (`/wps/report/…`, `/wps/member/payment-password/…`).
 */

const isoDateTime = z.string().describe('ISO 8601 date and time');
const dayInput = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'yyyy-MM-dd')
  .describe('A day (yyyy-MM-dd) of the cashier day (CASHIER_DAY_UTC_OFFSET_MINUTES)');

/** The longest custom range a report covers, in days. */
export const reportMaxRangeDays = 93;

// ---------------------------------------------------------------- personal profit and loss

export const profitPeriods = ['today', 'yesterday', 'last7days', 'thisMonth', 'custom'] as const;
export type ProfitPeriod = (typeof profitPeriods)[number];

/** `custom` needs startDate and endDate (inclusive, at most `reportMaxRangeDays` days); other periods ignore them. */
export const personalProfitQuerySchema = z.strictObject({
  period: z.enum(profitPeriods).default('today'),
  startDate: dayInput.optional(),
  endDate: dayInput.optional().describe('Inclusive'),
});
export type PersonalProfitQuery = z.infer<typeof personalProfitQuerySchema>;

/** Bets and wins of a group of rounds; `profit` is from the member's side (wins minus bets). */
export const profitLineSchema = z.object({
  rounds: z.number().int().min(0),
  bet: moneySchema,
  win: moneySchema,
  profit: moneySchema,
});
export type ProfitLine = z.infer<typeof profitLineSchema>;

export const personalProfitSchema = z.object({
  currency: z.string().length(3),
  scale: z.number().int().min(0),
  period: z.enum(profitPeriods),
  /** The cashier days covered, inclusive. */
  startDate: z.string(),
  endDate: z.string(),
  /** The instants covered: from inclusive, to exclusive. */
  from: isoDateTime,
  to: isoDateTime,
  /** All settled and open rounds of the period (rolled-back rounds left out), by the time they started. */
  games: profitLineSchema,
  byCategory: z.array(profitLineSchema.extend({ category: z.string() })),
  byVendor: z.array(profitLineSchema.extend({ category: z.string(), vendor: z.string() })),
  /** Money that arrived in and left the main wallet in the period. */
  deposit: moneySchema,
  depositCount: z.number().int().min(0),
  withdrawal: moneySchema,
  withdrawalCount: z.number().int().min(0),
  /** Bonuses and commissions credited (net of any taken back). */
  bonus: moneySchema,
  bonusCount: z.number().int().min(0),
  /** Operator adjustments, signed from the member's side. */
  adjustment: moneySchema,
  adjustmentCount: z.number().int().min(0),
  /** games.profit + bonus + adjustment: what play and promotions made or cost the member. */
  netProfit: moneySchema,
});
export type PersonalProfit = z.infer<typeof personalProfitSchema>;

// ---------------------------------------------------------------- bonus details

/** The ledger transfer kinds the bonus page shows: promotion bonuses, commissions and operator adjustments. */
export const bonusRecordKinds = ['BONUS', 'COMMISSION', 'ADJUSTMENT'] as const;
export type BonusRecordKind = (typeof bonusRecordKinds)[number];

export const bonusRecordsQuerySchema = z.strictObject({
  startDate: dayInput.optional(),
  endDate: dayInput.optional().describe('Inclusive'),
  kind: z.enum(bonusRecordKinds).optional(),
  pageNo: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
export type BonusRecordsQuery = z.infer<typeof bonusRecordsQuerySchema>;

export const bonusRecordSchema = z.object({
  /** L<ledger entry id>. */
  id: z.string(),
  kind: z.enum(bonusRecordKinds),
  /** Which of the member's wallets it moved: the main (cash) wallet or the bonus wallet. */
  wallet: z.enum(['main', 'bonus']),
  /** Signed from the member's side: negative when it was taken back. */
  amount: moneySchema,
  balanceAfter: moneySchema,
  createdAt: isoDateTime,
});
export type BonusRecord = z.infer<typeof bonusRecordSchema>;

export const bonusRecordsPageSchema = z.object({
  items: z.array(bonusRecordSchema),
  pageNo: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
  totalPages: z.number().int(),
  /** Over every page of the filter: what was credited and what was taken back (both positive). */
  credited: moneySchema,
  debited: moneySchema,
});
export type BonusRecordsPage = z.infer<typeof bonusRecordsPageSchema>;

// ---------------------------------------------------------------- payment password: forgot

/** Sends a reset code to the member's bound mobile (nothing to send when none is bound). */
export const paymentPasswordResetCodeSchema = z.object({
  /** The masked number the code went to. */
  mobile: z.string(),
  expiredMinutes: z.number().int(),
});
export type PaymentPasswordResetCode = z.infer<typeof paymentPasswordResetCodeSchema>;

/**
 * A forgotten payment password: proven with the SMS code sent to the bound mobile, or, for a member without a
 * bound mobile, with the login password. Sessions stay as they are.
 */
export const resetPaymentPasswordInputSchema = z.strictObject({
  verificationCode: z.string().max(12).optional(),
  loginPassword: z.string().max(128).optional(),
  paymentPassword: z.string().max(64),
  confirmPaymentPassword: z.string().max(64),
});
export type ResetPaymentPasswordInput = z.infer<typeof resetPaymentPasswordInputSchema>;

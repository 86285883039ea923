import { z } from 'zod';
import { operatorPageSchema } from './cashier';
import { listSortShape } from './list-sort';
import { moneySchema } from './money';
import { walletHistoryPageSchema } from './wallet';

/**
 * Back office: players and agents, manual balance adjustments (maker-checker) and the dashboard. Paths are in
 * `backofficePaths` (schemas/backoffice.ts); amounts travel as `Money` (decimal at the currency scale + minor).
 */

// ---------------------------------------------------------------------------------------------------------
// Players and agents
// ---------------------------------------------------------------------------------------------------------

/** member (type 0), agent (1, 2, 41, 42) or trial (4): the roles of identity accounts. */
export const playerKinds = ['member', 'agent', 'trial'] as const;
export type PlayerKind = (typeof playerKinds)[number];
export const playerStatuses = ['active', 'disabled'] as const;
export type PlayerStatus = (typeof playerStatuses)[number];

/** Columns the players list sorts on (newest registration first by default). */
export const playerSorts = ['createdAt', 'username', 'lastLoginAt', 'id'] as const;
export type PlayerSort = (typeof playerSorts)[number];

/** Search matches the username, mobile or e-mail (contains, any case), or the id when the text is a number. */
export const playerQuerySchema = z.object({
  q: z.string().trim().max(100).optional(),
  kind: z.enum(playerKinds).optional(),
  status: z.enum(playerStatuses).optional(),
  ...listSortShape(playerSorts, { sort: 'createdAt', order: 'desc' }),
  pageNo: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
export type PlayerQuery = z.infer<typeof playerQuerySchema>;

export const playerIdParamsSchema = z.object({ id: z.coerce.number().int().positive() });

export const playerListItemSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  kind: z.enum(playerKinds),
  type: z.number().int(),
  status: z.enum(playerStatuses),
  mobile: z.string().nullable(),
  email: z.string().nullable(),
  uplineId: z.number().int().nullable(),
  createdAt: z.string(),
  lastLoginAt: z.string().nullable(),
  lastLoginIp: z.string().nullable(),
});
export type PlayerListItem = z.infer<typeof playerListItemSchema>;

export const playerPageSchema = operatorPageSchema(playerListItemSchema);
export type PlayerPage = z.infer<typeof playerPageSchema>;

export const playerRefSchema = z.object({ id: z.number().int(), username: z.string(), kind: z.enum(playerKinds) });
export type PlayerRef = z.infer<typeof playerRefSchema>;

export const playerDetailSchema = z.object({
  account: playerListItemSchema.extend({
    nickname: z.string().nullable(),
    realName: z.string().nullable(),
    language: z.string(),
    inviteCode: z.string().nullable(),
    mustChangePassword: z.boolean(),
    failedLoginCount: z.number().int(),
    lockedUntil: z.string().nullable(),
    registerIp: z.string().nullable(),
    registerMethod: z.string().nullable(),
    /** Two-step verification (authenticator app) is on; an operator can reset it. */
    twoFactorEnabled: z.boolean(),
  }),
  upline: playerRefSchema.nullable(),
  /** Direct downline (agents), at most 100; `downlineTotal` counts them all. */
  downline: z.array(playerRefSchema),
  downlineTotal: z.number().int(),
  balance: z.object({
    currency: z.string(),
    /** Minor-unit digits of the currency (ledger amounts are in minor units). */
    scale: z.number().int(),
    main: moneySchema,
    onHold: moneySchema,
    vendors: z.array(z.object({ vendor: z.string(), balance: moneySchema })),
    total: moneySchema,
    /** The ledger account of the main (cash) wallet: its history is `/players/:id/ledger`. */
    accountId: z.number().int(),
  }),
});
export type PlayerDetail = z.infer<typeof playerDetailSchema>;

export const playerSessionSchema = z.object({
  id: z.string(),
  scope: z.string(),
  loginMethod: z.string(),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
  device: z.string().nullable(),
  createdAt: z.string(),
  lastSeenAt: z.string(),
  expiresAt: z.string(),
  revokedAt: z.string().nullable(),
  /** Neither revoked, expired nor idle too long. */
  active: z.boolean(),
});
export const playerLoginAttemptSchema = z.object({
  id: z.number().int(),
  at: z.string(),
  ip: z.string().nullable(),
  success: z.boolean(),
  reason: z.string(),
});
/** The 30 most recent sessions and login attempts (with IPs). */
export const playerSecuritySchema = z.object({
  sessions: z.array(playerSessionSchema),
  logins: z.array(playerLoginAttemptSchema),
});
export type PlayerSecurity = z.infer<typeof playerSecuritySchema>;

export const playerLedgerQuerySchema = z.object({
  pageNo: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
export const playerLedgerPageSchema = walletHistoryPageSchema;

export const playerStatusInputSchema = z.strictObject({
  /** Why, kept in the audit log. */
  reason: z.string().trim().min(1).max(200),
});
/** A one-time password for the player, shown once to the operator; the player must change it at login. */
export const playerPasswordResetSchema = z.object({ temporaryPassword: z.string() });

/**
 * One level of an agent's downline tree: the accounts whose upline is this one, oldest first, each with the size
 * of its own direct downline, so the console fetches a level only when it is opened.
 */
export const playerDownlineQuerySchema = z.object({
  pageNo: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(50),
});
export type PlayerDownlineQuery = z.infer<typeof playerDownlineQuerySchema>;
export const playerDownlineNodeSchema = playerRefSchema.extend({
  status: z.enum(playerStatuses),
  createdAt: z.string(),
  /** How many accounts have this one as their upline. */
  downlineTotal: z.number().int(),
});
export type PlayerDownlineNode = z.infer<typeof playerDownlineNodeSchema>;
export const playerDownlinePageSchema = operatorPageSchema(playerDownlineNodeSchema);
export type PlayerDownlinePage = z.infer<typeof playerDownlinePageSchema>;

// ---------------------------------------------------------------------------------------------------------
// Manual balance adjustments: one operator proposes, another approves
// ---------------------------------------------------------------------------------------------------------

export const adjustmentDirections = ['credit', 'debit'] as const;
export type AdjustmentDirection = (typeof adjustmentDirections)[number];
export const adjustmentReasons = ['bonus', 'compensation', 'correction', 'chargeback', 'other'] as const;
export type AdjustmentReason = (typeof adjustmentReasons)[number];
/** `approving` only while the ledger transfer of an approval is under way. */
export const adjustmentStatuses = ['pending', 'approving', 'approved', 'rejected'] as const;
export type AdjustmentStatus = (typeof adjustmentStatuses)[number];
/**
 * Why an adjustment waits for a second operator: `amount`, above the approval threshold by itself;
 * `window_total`, at or below it but the player's direct adjustments of the rolling window would then add up
 * to more than the threshold (an amount split into small ones still needs the second operator).
 */
export const adjustmentApprovalReasons = ['amount', 'window_total'] as const;
export type AdjustmentApprovalReason = (typeof adjustmentApprovalReasons)[number];

export const createAdjustmentInputSchema = z.strictObject({
  playerId: z.number().int().positive(),
  direction: z.enum(adjustmentDirections),
  /** Major units as typed ("150.50"); more decimals than the currency has are refused. */
  amount: z
    .string()
    .trim()
    .regex(/^\d{1,12}(\.\d{1,8})?$/),
  reason: z.enum(adjustmentReasons),
  note: z.string().trim().min(1).max(500),
});
export type CreateAdjustmentInput = z.infer<typeof createAdjustmentInputSchema>;

/** Columns the adjustments list sorts on (newest proposal first by default). */
export const adjustmentSorts = ['proposedAt', 'amount', 'status'] as const;
export type AdjustmentSort = (typeof adjustmentSorts)[number];

export const adjustmentQuerySchema = z.object({
  status: z.enum(adjustmentStatuses).optional(),
  playerId: z.coerce.number().int().positive().optional(),
  ...listSortShape(adjustmentSorts, { sort: 'proposedAt', order: 'desc' }),
  pageNo: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
export type AdjustmentQuery = z.infer<typeof adjustmentQuerySchema>;

export const adjustmentIdParamsSchema = z.object({ id: z.coerce.number().int().positive() });
export const rejectAdjustmentInputSchema = z.strictObject({ reason: z.string().trim().min(1).max(200) });

export const adjustmentSchema = z.object({
  id: z.number().int(),
  player: z.object({ id: z.number().int(), username: z.string().nullable() }),
  direction: z.enum(adjustmentDirections),
  amount: moneySchema,
  currency: z.string(),
  reason: z.enum(adjustmentReasons),
  note: z.string(),
  status: z.enum(adjustmentStatuses),
  proposedBy: z.string(),
  proposedAt: z.string(),
  decidedBy: z.string().nullable(),
  decidedAt: z.string().nullable(),
  rejectReason: z.string().nullable(),
  ledgerTransferId: z.number().int().nullable(),
  /** Applied at once by its proposer: the amount was at or below the approval threshold. */
  direct: z.boolean(),
  /** Why it needs a second operator; null when applied at once. */
  approvalReason: z.enum(adjustmentApprovalReasons).nullable(),
});
export type Adjustment = z.infer<typeof adjustmentSchema>;

/** Adjustments above `approvalThreshold` wait for a second operator; at or below it they apply at once. */
export const adjustmentPolicySchema = z.object({
  currency: z.string(),
  /** 0 when every adjustment needs a second operator. */
  approvalThreshold: moneySchema,
  /**
   * Hours over which a player's direct adjustments add up: one that would take their total above the threshold
   * waits for a second operator as well.
   */
  directWindowHours: z.number().int().positive(),
  /**
   * With `?playerId=`: the sum of that player's direct adjustments (credits and debits alike) within the last
   * `directWindowHours`. A new adjustment applies at once when it is at most `approvalThreshold - windowTotal`.
   * Null without a player.
   */
  windowTotal: moneySchema.nullable(),
});
export type AdjustmentPolicy = z.infer<typeof adjustmentPolicySchema>;
export const adjustmentPolicyQuerySchema = z.object({ playerId: z.coerce.number().int().positive().optional() });
export type AdjustmentPolicyQuery = z.infer<typeof adjustmentPolicyQuerySchema>;
export const adjustmentPageSchema = operatorPageSchema(adjustmentSchema);
export type AdjustmentPage = z.infer<typeof adjustmentPageSchema>;

// ---------------------------------------------------------------------------------------------------------
// Dashboard
// ---------------------------------------------------------------------------------------------------------

export const dashboardDaySchema = z.object({
  /** The cashier day (YYYY-MM-DD) in the merchant's cashier time zone. */
  date: z.string(),
  deposits: z.object({ count: z.number().int(), sum: moneySchema }),
  withdrawals: z.object({ count: z.number().int(), sum: moneySchema }),
  /** Deposits minus withdrawals. */
  net: moneySchema,
  registrations: z.number().int(),
  /** Accounts with a session seen that day. */
  activePlayers: z.number().int(),
  /** Stakes of the rounds started that day (seamless vendors' rounds), their wins, and GGR = bets − wins. */
  bets: moneySchema,
  wins: moneySchema,
  ggr: moneySchema,
});
export type DashboardDay = z.infer<typeof dashboardDaySchema>;

export const dashboardSchema = z.object({
  currency: z.string(),
  /** Seven days, oldest first; the last is today. */
  days: z.array(dashboardDaySchema),
  pending: z.object({ deposits: z.number().int(), withdrawals: z.number().int(), adjustments: z.number().int() }),
  generatedAt: z.string(),
});
export type Dashboard = z.infer<typeof dashboardSchema>;

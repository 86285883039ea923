import { z } from 'zod';
import { minorAmountSchema } from './money';

/**
 * The wallet ledger's vocabulary and the shapes its calls answer with. Amounts travel as decimal strings of
 * minor units (`"12345"` is 123.45 at scale 2), never as JSON numbers (ARCHITECTURE.md section 4).
 */

export const walletOwnerTypes = ['player', 'agent', 'house', 'system'] as const;
export type WalletOwnerType = (typeof walletOwnerTypes)[number];

/** Account kinds. Player and agent accounts never go negative; house and system accounts may. */
export const walletAccountKinds = [
  'PLAYER_CASH',
  'PLAYER_BONUS',
  'PLAYER_LOCKED_VENDOR',
  'AGENT_CASH',
  'AGENT_COMMISSION',
  'HOUSE_GAMING',
  'HOUSE_PROMOTIONS',
  'HOUSE_COMMISSION',
  'HOUSE_ADJUSTMENTS',
  'PAYMENT_CLEARING',
  'WITHDRAWAL_CLEARING',
  'VENDOR_CLEARING',
  // The points mall's points, in their own unit (PTS): the member's balance and the house's issuing account.
  'PLAYER_POINTS',
  'HOUSE_POINTS',
] as const;
export type WalletAccountKind = (typeof walletAccountKinds)[number];

export const walletTransferKinds = [
  'DEPOSIT',
  'WITHDRAWAL',
  'BET',
  'WIN',
  'ROLLBACK',
  'TRANSFER',
  'VENDOR_TRANSFER',
  'BONUS',
  'COMMISSION',
  'ADJUSTMENT',
  'REVERSAL',
  // Points credited to a member (promotions), and points given up for cash in the points mall.
  'POINTS_AWARD',
  'POINTS_CONVERT',
  // Points held for goods in the points mall: posted when an operator approves, voided when one rejects.
  'POINTS_REDEEM',
] as const;
export type WalletTransferKind = (typeof walletTransferKinds)[number];

/** `pending` is a hold, `posted` moved money, `voided` released a hold. */
export const walletTransferStates = ['posted', 'pending', 'voided'] as const;
export type WalletTransferState = (typeof walletTransferStates)[number];

export const walletBalanceSchema = z.object({
  accountId: z.number().int(),
  currency: z.string().length(3),
  /** Posted balance. */
  balanceMinor: minorAmountSchema,
  /** Reserved by holds not yet posted or voided (withdrawals in review, bets in flight). */
  pendingDebitsMinor: minorAmountSchema,
  /** What can be spent now: balance minus pending debits. */
  availableMinor: minorAmountSchema,
});
export type WalletBalance = z.infer<typeof walletBalanceSchema>;

export const walletHistoryItemSchema = z.object({
  entryId: z.number().int(),
  transferId: z.number().int(),
  kind: z.string(),
  /** Signed from the account's side: negative when money left it. */
  amountMinor: minorAmountSchema,
  balanceAfterMinor: minorAmountSchema,
  counterpartyAccountId: z.number().int(),
  reversesTransferId: z.number().int().nullable(),
  metadata: z.record(z.string(), z.unknown()),
  createdAt: z.string(),
});
export type WalletHistoryItem = z.infer<typeof walletHistoryItemSchema>;

export const walletHistoryPageSchema = z.object({
  items: z.array(walletHistoryItemSchema),
  pageNo: z.number().int().min(1),
  pageSize: z.number().int().min(1),
  total: z.number().int().min(0),
  totalPages: z.number().int().min(0),
});
export type WalletHistoryPage = z.infer<typeof walletHistoryPageSchema>;

/** The checks `ledger:verify` runs; each breach names the check it failed. */
export const ledgerChecks = [
  'cached_balance',
  'entry_chain',
  'transfer_entries',
  'currency_balance',
  'never_negative',
  'pending_debits',
  'pending_resolution',
  'reversal',
] as const;
export type LedgerCheck = (typeof ledgerChecks)[number];

export const ledgerBreachSchema = z.object({
  check: z.enum(ledgerChecks),
  detail: z.string(),
});

export const ledgerVerifyReportSchema = z.object({
  ok: z.boolean(),
  accounts: z.number().int(),
  transfers: z.number().int(),
  entries: z.number().int(),
  /** Sum of all entries per currency; zero for every currency when debits equal credits. */
  netByCurrency: z.record(z.string(), minorAmountSchema),
  breaches: z.array(ledgerBreachSchema),
  checkedAt: z.string(),
});
export type LedgerVerifyReport = z.infer<typeof ledgerVerifyReportSchema>;

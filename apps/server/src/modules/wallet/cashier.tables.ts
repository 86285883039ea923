import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  unique,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';

/**
 * The cashier's tables (wallet module): what members ask for and what operators decide. Money itself only
 * ever moves in the ledger (wallet.tables.ts); these rows point at its transfers. `account_id` is the identity
 * account id (no foreign key across modules).
 */

const minor = (name: string) => bigint(name, { mode: 'bigint' });
const at = (name: string) => timestamp(name, { withTimezone: true });

/** A stored image (receipt or proof): random file name under UPLOADS_DIR, its checked type and size. */
export type StoredUpload = { name: string; type: 'png' | 'jpeg'; size: number; sha256: string };
/** Where a manual deposit is paid to. */
export type PayeeDetails = { bankName: string; accountNumber: string; holderName: string };
/** The bank account as it was when the withdrawal was asked for (the member may remove it later). */
export type PayToSnapshot = PayeeDetails & { bankCode: string; branch: string | null };

/** Deposit channels: payment gateway channels and the manual bank-transfer channel, with their limits. */
export const walletDepositChannels = pgTable(
  'wallet_deposit_channels',
  {
    id: serial('id').primaryKey(),
    merchantCode: varchar('merchant_code', { length: 20 }).notNull(),
    code: varchar('code', { length: 40 }).notNull(),
    type: varchar('type', { length: 10 }).notNull(),
    /** The gateway adapter of a gateway channel (`simulator`); null for manual channels. */
    gateway: varchar('gateway', { length: 20 }),
    method: varchar('method', { length: 20 }).notNull(),
    nameEn: varchar('name_en', { length: 60 }).notNull(),
    nameBn: varchar('name_bn', { length: 60 }).notNull(),
    minAmount: minor('min_amount').notNull(),
    maxAmount: minor('max_amount').notNull(),
    /** Quick-pick amounts, decimal strings of minor units. */
    presets: jsonb('presets').$type<string[]>().notNull().default([]),
    enabled: boolean('enabled').notNull().default(true),
    sortOrder: integer('sort_order').notNull().default(0),
    payee: jsonb('payee').$type<PayeeDetails | null>(),
    updatedAt: at('updated_at').notNull().defaultNow(),
    updatedBy: varchar('updated_by', { length: 64 }),
  },
  (table) => [
    unique('wallet_deposit_channels_code_uq').on(table.merchantCode, table.code),
    check('wallet_deposit_channels_type_ck', sql`${table.type} in ('gateway', 'manual')`),
    check('wallet_deposit_channels_gateway_ck', sql`(${table.type} = 'gateway') = (${table.gateway} is not null)`),
    check(
      'wallet_deposit_channels_limits_ck',
      sql`${table.minAmount} > 0 and ${table.maxAmount} >= ${table.minAmount}`,
    ),
  ],
);

/**
 * Deposits. Gateway deposits: pending until the gateway's signed callback (or a status query) says approved
 * or declined. Manual deposits: pending until an operator approves or rejects. A final state never changes:
 * every transition is `where status = 'pending'`. An approved deposit is credited in the ledger with a key
 * derived from the gateway transaction id (or the deposit id for manual ones), so the credit happens once even
 * when it is retried; `transfer_id` is null only between the approval and its credit.
 */
export const walletDeposits = pgTable(
  'wallet_deposits',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    merchantCode: varchar('merchant_code', { length: 20 }).notNull(),
    accountId: integer('account_id').notNull(),
    channelCode: varchar('channel_code', { length: 40 }).notNull(),
    type: varchar('type', { length: 10 }).notNull(),
    gateway: varchar('gateway', { length: 20 }),
    amount: minor('amount').notNull(),
    currency: varchar('currency', { length: 3 }).notNull(),
    status: varchar('status', { length: 10 }).notNull(),
    /** The member's Idempotency-Key: a retried request finds its deposit instead of making a second one. */
    clientKey: varchar('client_key', { length: 128 }).notNull(),
    requestHash: varchar('request_hash', { length: 64 }).notNull(),
    gatewayIntentId: varchar('gateway_intent_id', { length: 64 }),
    gatewayTxnId: varchar('gateway_txn_id', { length: 128 }),
    redirectUrl: text('redirect_url'),
    reference: varchar('reference', { length: 64 }),
    receipts: jsonb('receipts').$type<StoredUpload[]>().notNull().default([]),
    transferId: bigint('transfer_id', { mode: 'number' }),
    /** A gateway answer that contradicted the final state (approved after declined, …), for reconciliation. */
    lateGatewayStatus: varchar('late_gateway_status', { length: 20 }),
    rejectReason: varchar('reject_reason', { length: 200 }),
    reviewedById: integer('reviewed_by_id'),
    reviewedByName: varchar('reviewed_by_name', { length: 64 }),
    createdAt: at('created_at').notNull(),
    completedAt: at('completed_at'),
  },
  (table) => [
    unique('wallet_deposits_client_key_uq').on(table.merchantCode, table.accountId, table.clientKey),
    uniqueIndex('wallet_deposits_gateway_txn_uq')
      .on(table.gateway, table.gatewayTxnId)
      .where(sql`${table.gatewayTxnId} is not null`),
    check('wallet_deposits_status_ck', sql`${table.status} in ('pending', 'approved', 'rejected', 'failed')`),
    check('wallet_deposits_amount_ck', sql`${table.amount} > 0`),
    index('wallet_deposits_account_idx').on(table.accountId, table.createdAt),
    index('wallet_deposits_status_idx').on(table.merchantCode, table.status, table.createdAt),
  ],
);

/**
 * Withdrawals. `opening`: the row is written (daily limits counted under a per-member lock) and the ledger hold
 * is being placed; a refused hold deletes the row. `pending`: money held on the member's cash account, waiting
 * for an operator. `approved`: the hold was posted to WITHDRAWAL_CLEARING; `rejected`: it was voided.
 * The member then confirms receipt (`confirmation`), or it counts as received after a time limit.
 */
export const walletWithdrawals = pgTable(
  'wallet_withdrawals',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    merchantCode: varchar('merchant_code', { length: 20 }).notNull(),
    accountId: integer('account_id').notNull(),
    amount: minor('amount').notNull(),
    currency: varchar('currency', { length: 3 }).notNull(),
    status: varchar('status', { length: 10 }).notNull(),
    bankAccountId: bigint('bank_account_id', { mode: 'number' }).notNull(),
    payTo: jsonb('pay_to').$type<PayToSnapshot>().notNull(),
    clientKey: varchar('client_key', { length: 128 }).notNull(),
    requestHash: varchar('request_hash', { length: 64 }).notNull(),
    /** The ledger key of the hold; its post and void keys derive from the withdrawal id. */
    ledgerKey: varchar('ledger_key', { length: 128 }).notNull(),
    holdTransferId: bigint('hold_transfer_id', { mode: 'number' }),
    resolutionTransferId: bigint('resolution_transfer_id', { mode: 'number' }),
    rejectReason: varchar('reject_reason', { length: 200 }),
    reviewedById: integer('reviewed_by_id'),
    reviewedByName: varchar('reviewed_by_name', { length: 64 }),
    reviewedAt: at('reviewed_at'),
    confirmation: varchar('confirmation', { length: 16 }),
    receivedAmount: minor('received_amount'),
    confirmationNote: varchar('confirmation_note', { length: 140 }),
    proofs: jsonb('proofs').$type<StoredUpload[]>().notNull().default([]),
    confirmedAt: at('confirmed_at'),
    createdAt: at('created_at').notNull(),
  },
  (table) => [
    unique('wallet_withdrawals_client_key_uq').on(table.merchantCode, table.accountId, table.clientKey),
    unique('wallet_withdrawals_ledger_key_uq').on(table.ledgerKey),
    check('wallet_withdrawals_status_ck', sql`${table.status} in ('opening', 'pending', 'approved', 'rejected')`),
    check('wallet_withdrawals_amount_ck', sql`${table.amount} > 0`),
    check(
      'wallet_withdrawals_confirmation_ck',
      sql`${table.confirmation} is null or (${table.status} = 'approved' and ${table.confirmation} in ('received', 'not_received', 'partial', 'auto_received'))`,
    ),
    index('wallet_withdrawals_account_idx').on(table.accountId, table.createdAt),
    index('wallet_withdrawals_status_idx').on(table.merchantCode, table.status, table.createdAt),
  ],
);

/** Members' bank accounts and e-wallets. Removed ones stay (withdrawals point at them) with `removed_at`. */
export const walletBankAccounts = pgTable(
  'wallet_bank_accounts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    merchantCode: varchar('merchant_code', { length: 20 }).notNull(),
    accountId: integer('account_id').notNull(),
    kind: varchar('kind', { length: 10 }).notNull(),
    bankCode: varchar('bank_code', { length: 20 }).notNull(),
    bankName: varchar('bank_name', { length: 80 }).notNull(),
    accountNumber: varchar('account_number', { length: 40 }).notNull(),
    holderName: varchar('holder_name', { length: 120 }).notNull(),
    branch: varchar('branch', { length: 120 }),
    createdAt: at('created_at').notNull(),
    removedAt: at('removed_at'),
  },
  (table) => [
    uniqueIndex('wallet_bank_accounts_active_uq')
      .on(table.accountId, table.bankCode, table.accountNumber)
      .where(sql`${table.removedAt} is null`),
    index('wallet_bank_accounts_account_idx').on(table.accountId),
  ],
);

/** Wrong payment passwords in a row per member, and the lock they lead to. */
export const walletPaymentPasswordGuards = pgTable('wallet_payment_password_guards', {
  accountId: integer('account_id').primaryKey(),
  failedCount: integer('failed_count').notNull(),
  lockedUntil: at('locked_until'),
  updatedAt: at('updated_at').notNull(),
});

/** Nonces of signed gateway callbacks seen within the accepted age: a reused nonce is a replay. */
export const walletGatewayNonces = pgTable(
  'wallet_gateway_nonces',
  {
    gateway: varchar('gateway', { length: 20 }).notNull(),
    nonce: varchar('nonce', { length: 64 }).notNull(),
    receivedAt: at('received_at').notNull(),
  },
  (table) => [
    primaryKey({ name: 'wallet_gateway_nonces_pk', columns: [table.gateway, table.nonce] }),
    index('wallet_gateway_nonces_received_idx').on(table.receivedAt),
  ],
);

/**
 * The simulator gateway's own book of payment intents. It stands in for a third party's database: our side
 * reads it only through the simulator's API (createIntent, queryStatus), never directly.
 */
export const walletSimGatewayIntents = pgTable(
  'wallet_sim_gateway_intents',
  {
    id: varchar('id', { length: 40 }).primaryKey(),
    merchantCode: varchar('merchant_code', { length: 20 }).notNull(),
    merchantOrderId: varchar('merchant_order_id', { length: 64 }).notNull(),
    gatewayTxnId: varchar('gateway_txn_id', { length: 64 }).notNull(),
    amount: minor('amount').notNull(),
    currency: varchar('currency', { length: 3 }).notNull(),
    scale: integer('scale').notNull(),
    method: varchar('method', { length: 20 }).notNull(),
    status: varchar('status', { length: 10 }).notNull(),
    callbackUrl: text('callback_url').notNull(),
    returnUrl: text('return_url'),
    createdAt: at('created_at').notNull(),
    decidedAt: at('decided_at'),
  },
  (table) => [
    unique('wallet_sim_gateway_intents_order_uq').on(table.merchantCode, table.merchantOrderId),
    check('wallet_sim_gateway_intents_status_ck', sql`${table.status} in ('created', 'approved', 'declined')`),
  ],
);

/**
 * Messages for the member about money (spec section 4: deposit arrived or failed, withdrawal approved or
 * rejected). Written in the same transaction as the state change they report, by the statement that also stores
 * the member's inbox message (the content module's row, through `CashierDeps.inboxInsert`); the realtime socket is
 * told after the commit.
 */
export const walletMemberNotices = pgTable(
  'wallet_member_notices',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    merchantCode: varchar('merchant_code', { length: 20 }).notNull(),
    accountId: integer('account_id').notNull(),
    kind: varchar('kind', { length: 30 }).notNull(),
    params: jsonb('params').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: at('created_at').notNull(),
    readAt: at('read_at'),
  },
  (table) => [index('wallet_member_notices_account_idx').on(table.accountId, table.id)],
);

import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  unique,
  varchar,
} from 'drizzle-orm/pg-core';

const minor = (name: string) => bigint(name, { mode: 'bigint' });
const id = (name: string) => bigint(name, { mode: 'number' });

/**
 * Ledger accounts. `balance` is the cached posted balance (credits minus debits of the account's entries);
 * `pending_debits` is what unresolved holds reserve. Only house and system accounts may go negative
 * (a payment clearing account goes negative by what players deposited); player and agent accounts never do,
 * which the CHECKs enforce even if a service check were bypassed.
 */
export const walletAccounts = pgTable(
  'wallet_accounts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    merchantCode: varchar('merchant_code', { length: 20 }).notNull(),
    ownerType: varchar('owner_type', { length: 10 }).notNull(),
    /** The identity account id of a player or agent; null for house and system accounts. */
    ownerId: id('owner_id'),
    kind: varchar('kind', { length: 40 }).notNull(),
    currency: varchar('currency', { length: 3 }).notNull(),
    balance: minor('balance').notNull().default(sql`0`),
    pendingDebits: minor('pending_debits').notNull().default(sql`0`),
    allowNegative: boolean('allow_negative').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    unique('wallet_accounts_owner_kind_uq')
      .on(table.merchantCode, table.ownerType, table.ownerId, table.kind, table.currency)
      .nullsNotDistinct(),
    check('wallet_accounts_owner_type_ck', sql`${table.ownerType} in ('player', 'agent', 'house', 'system')`),
    check(
      'wallet_accounts_owner_id_ck',
      sql`(${table.ownerType} in ('player', 'agent')) = (${table.ownerId} is not null)`,
    ),
    check(
      'wallet_accounts_never_negative_ck',
      sql`${table.allowNegative} or ${table.balance} - ${table.pendingDebits} >= 0`,
    ),
    check(
      'wallet_accounts_members_never_negative_ck',
      sql`not (${table.allowNegative} and ${table.ownerType} in ('player', 'agent'))`,
    ),
    check('wallet_accounts_pending_debits_ck', sql`${table.pendingDebits} >= 0`),
  ],
);

/**
 * Immutable transfers, one per write call, each with the caller's unique idempotency key and the hash of
 * the request that created it. `state`:
 * - `posted`: money moved; exactly two entries (debit account minus, credit account plus).
 * - `pending`: a hold; no entries, it raises the debit account's pending_debits until it is resolved.
 * - `voided`: the void of a hold (`pending_id`); no entries, it releases the reservation.
 * A posted row with `pending_id` is the posting of that hold. `pending_id` is unique, so the database
 * resolves a hold at most once; `reverses_transfer_id` is unique, so a transfer is reversed at most once.
 * A trigger refuses UPDATE and DELETE (migration 0003 guards).
 */
export const walletTransfers = pgTable(
  'wallet_transfers',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    idempotencyKey: varchar('idempotency_key', { length: 128 }).notNull(),
    /** sha-256 of the canonical request, so a reused key with other parameters is refused. */
    requestHash: varchar('request_hash', { length: 64 }).notNull(),
    debitAccountId: id('debit_account_id')
      .notNull()
      .references(() => walletAccounts.id),
    creditAccountId: id('credit_account_id')
      .notNull()
      .references(() => walletAccounts.id),
    amount: minor('amount').notNull(),
    currency: varchar('currency', { length: 3 }).notNull(),
    kind: varchar('kind', { length: 40 }).notNull(),
    state: varchar('state', { length: 10 }).notNull(),
    pendingId: id('pending_id').references((): AnyPgColumn => walletTransfers.id),
    reversesTransferId: id('reverses_transfer_id').references((): AnyPgColumn => walletTransfers.id),
    metadata: jsonb('metadata').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    unique('wallet_transfers_idempotency_key_uq').on(table.idempotencyKey),
    unique('wallet_transfers_pending_id_uq').on(table.pendingId),
    unique('wallet_transfers_reverses_uq').on(table.reversesTransferId),
    check('wallet_transfers_amount_ck', sql`${table.amount} > 0`),
    check('wallet_transfers_accounts_ck', sql`${table.debitAccountId} <> ${table.creditAccountId}`),
    check('wallet_transfers_state_ck', sql`${table.state} in ('posted', 'pending', 'voided')`),
    check(
      'wallet_transfers_links_ck',
      sql`(${table.state} <> 'voided' or ${table.pendingId} is not null)
        and (${table.state} <> 'pending' or (${table.pendingId} is null and ${table.reversesTransferId} is null))
        and (${table.pendingId} is null or ${table.reversesTransferId} is null)
        and (${table.reversesTransferId} is null or ${table.state} = 'posted')`,
    ),
    index('wallet_transfers_debit_idx').on(table.debitAccountId),
    index('wallet_transfers_credit_idx').on(table.creditAccountId),
  ],
);

/** Two per posted transfer: the debit account's (negative amount) and the credit account's (positive). */
export const walletEntries = pgTable(
  'wallet_entries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    transferId: id('transfer_id')
      .notNull()
      .references(() => walletTransfers.id),
    accountId: id('account_id')
      .notNull()
      .references(() => walletAccounts.id),
    /** Signed: negative on the debited account, positive on the credited one. */
    amount: minor('amount').notNull(),
    /** The account's posted balance right after this entry. */
    balanceAfter: minor('balance_after').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    unique('wallet_entries_transfer_account_uq').on(table.transferId, table.accountId),
    check('wallet_entries_amount_ck', sql`${table.amount} <> 0`),
    index('wallet_entries_account_idx').on(table.accountId, table.id),
  ],
);

/**
 * HTTP idempotency records (platform/idempotency stores them here): the first answer to a money-moving call,
 * replayed for the same key and request hash. A claim in progress holds a lease, so a crashed request's key
 * can be taken over once the lease has run out.
 */
export const walletIdempotencyKeys = pgTable(
  'wallet_idempotency_keys',
  {
    scope: varchar('scope', { length: 100 }).notNull(),
    key: varchar('key', { length: 128 }).notNull(),
    requestHash: varchar('request_hash', { length: 64 }).notNull(),
    state: varchar('state', { length: 12 }).notNull(),
    statusCode: integer('status_code'),
    contentType: text('content_type'),
    body: text('body'),
    lockedUntil: timestamp('locked_until', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (table) => [
    unique('wallet_idempotency_keys_uq').on(table.scope, table.key),
    check('wallet_idempotency_keys_state_ck', sql`${table.state} in ('in_progress', 'completed')`),
    index('wallet_idempotency_keys_created_idx').on(table.createdAt),
  ],
);

import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  unique,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';

/**
 * Play with the vendors (gaming module): game sessions handed to seamless vendors, every wallet call a vendor made
 * (each vendor transaction id at most once), the rounds they make up, and the transfers to and from transfer-mode
 * vendors. Money itself only moves in the ledger (wallet module); rows point at its transfers by id.
 */

const minor = (name: string) => bigint(name, { mode: 'bigint' });
const at = (name: string) => timestamp(name, { withTimezone: true });

/** A launch of a seamless game: the token the vendor's wallet calls carry. */
export const gamingSessions = pgTable(
  'gaming_sessions',
  {
    token: varchar('token', { length: 64 }).primaryKey(),
    merchantCode: varchar('merchant_code', { length: 20 }).notNull(),
    accountId: integer('account_id').notNull(),
    vendorCode: varchar('vendor_code', { length: 40 }).notNull(),
    gameCode: varchar('game_code', { length: 100 }).notNull(),
    currency: varchar('currency', { length: 3 }).notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
    expiresAt: at('expires_at').notNull(),
  },
  (table) => [index('gaming_sessions_account_idx').on(table.accountId, table.createdAt)],
);

/**
 * One wallet transaction of a seamless vendor (bet, win, rollback), or a tombstone: the id of a bet that a rollback
 * named before the bet arrived, so that the late bet is refused. `status` is the first answer (RS_*), or `pending`
 * while the money moves, or `cancelled` when a rollback overtook a bet in flight.
 */
export const gamingWalletTransactions = pgTable(
  'gaming_wallet_transactions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    merchantCode: varchar('merchant_code', { length: 20 }).notNull(),
    aggregator: varchar('aggregator', { length: 20 }).notNull(),
    transactionUuid: varchar('transaction_uuid', { length: 100 }).notNull(),
    kind: varchar('kind', { length: 10 }).notNull(),
    accountId: integer('account_id'),
    vendorCode: varchar('vendor_code', { length: 40 }),
    gameCode: varchar('game_code', { length: 100 }),
    roundId: varchar('round_id', { length: 100 }),
    roundClosed: boolean('round_closed').notNull().default(false),
    referenceUuid: varchar('reference_uuid', { length: 100 }),
    amountMinor: minor('amount_minor').notNull().default(sql`0`),
    /** The amount as the protocol sent it (an integer at the protocol's scale). */
    amountVendor: text('amount_vendor').notNull().default('0'),
    currency: varchar('currency', { length: 3 }),
    /** What must match when the same transaction id comes again. */
    fingerprint: text('fingerprint').notNull(),
    status: varchar('status', { length: 40 }).notNull(),
    ledgerTransferId: bigint('ledger_transfer_id', { mode: 'number' }),
    /** A bet or win reversed by a rollback. */
    rolledBackAt: at('rolled_back_at'),
    request: jsonb('request').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (table) => [
    unique('gaming_wallet_transactions_uuid_uq').on(table.merchantCode, table.aggregator, table.transactionUuid),
    index('gaming_wallet_transactions_reference_idx').on(table.referenceUuid),
  ],
);

/**
 * A round of play: the stakes and wins of its transactions (betting record, recall, winners board). A round id is
 * the vendor's own, so it is unique only with the vendor: two vendors behind one aggregator (TCG's products, Hub88's
 * providers) may use the same id.
 */
export const gamingRounds = pgTable(
  'gaming_rounds',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    merchantCode: varchar('merchant_code', { length: 20 }).notNull(),
    aggregator: varchar('aggregator', { length: 20 }).notNull(),
    roundId: varchar('round_id', { length: 100 }).notNull(),
    accountId: integer('account_id').notNull(),
    vendorCode: varchar('vendor_code', { length: 40 }).notNull(),
    gameCode: varchar('game_code', { length: 100 }).notNull(),
    currency: varchar('currency', { length: 3 }).notNull(),
    stakeMinor: minor('stake_minor').notNull().default(sql`0`),
    winMinor: minor('win_minor').notNull().default(sql`0`),
    /** open, closed or rolled_back. */
    status: varchar('status', { length: 12 }).notNull().default('open'),
    startedAt: at('started_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
    closedAt: at('closed_at'),
  },
  (table) => [
    unique('gaming_rounds_vendor_round_uq').on(
      table.merchantCode,
      table.aggregator,
      table.vendorCode,
      table.roundId,
      table.accountId,
    ),
    index('gaming_rounds_account_idx').on(table.accountId, table.updatedAt),
    index('gaming_rounds_win_idx').on(table.merchantCode, table.winMinor),
    /**
     * The rounds of a merchant started since a time: the hot ranking's last 7 days (playActivity), the reports'
     * [from, to) totals and the oldest open pulled round. Without it every re-rank reads the whole table.
     */
    index('gaming_rounds_started_idx').on(table.merchantCode, table.startedAt),
  ],
);

/**
 * A transfer between a member's main wallet and a transfer-mode vendor's wallet, under our unique reference.
 * `pending` stays until the vendor's status check answers (nothing is retried blindly).
 */
export const gamingVendorTransfers = pgTable(
  'gaming_vendor_transfers',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    merchantCode: varchar('merchant_code', { length: 20 }).notNull(),
    reference: varchar('reference', { length: 64 }).notNull(),
    accountId: integer('account_id').notNull(),
    vendorCode: varchar('vendor_code', { length: 40 }).notNull(),
    /** in, out or all_out. */
    direction: varchar('direction', { length: 8 }).notNull(),
    amountMinor: minor('amount_minor').notNull(),
    currency: varchar('currency', { length: 3 }).notNull(),
    /** pending, success or failed. */
    status: varchar('status', { length: 10 }).notNull(),
    /** The ledger hold of an `in` transfer (posted on success, voided on failure). */
    holdTransferId: bigint('hold_transfer_id', { mode: 'number' }),
    detail: jsonb('detail').$type<Record<string, unknown>>().notNull().default({}),
    checks: integer('checks').notNull().default(0),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (table) => [
    unique('gaming_vendor_transfers_reference_uq').on(table.reference),
    index('gaming_vendor_transfers_pending_idx').on(table.status, table.createdAt),
    index('gaming_vendor_transfers_account_idx').on(table.accountId, table.vendorCode),
  ],
);

/** What we hold as a member's balance at a transfer-mode vendor, and whether the vendor knows the player. */
export const gamingVendorWallets = pgTable(
  'gaming_vendor_wallets',
  {
    accountId: integer('account_id').notNull(),
    vendorCode: varchar('vendor_code', { length: 40 }).notNull(),
    merchantCode: varchar('merchant_code', { length: 20 }).notNull(),
    balanceMinor: minor('balance_minor').notNull().default(sql`0`),
    playerCreated: boolean('player_created').notNull().default(false),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (table) => [unique('gaming_vendor_wallets_uq').on(table.accountId, table.vendorCode)],
);

/**
 * A member's seed pair for the in-house games (provably fair, inhouse.fairness.ts): the server seed stays secret
 * while the pair is active (only its SHA-256 hash is shown) and is revealed when the member rotates it. One active
 * pair per member; `nextNonce` is the nonce the next bet takes.
 */
export const gamingInhouseSeeds = pgTable(
  'gaming_inhouse_seeds',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    merchantCode: varchar('merchant_code', { length: 20 }).notNull(),
    accountId: integer('account_id').notNull(),
    serverSeed: varchar('server_seed', { length: 64 }).notNull(),
    serverSeedHash: varchar('server_seed_hash', { length: 64 }).notNull(),
    clientSeed: varchar('client_seed', { length: 64 }).notNull(),
    nextNonce: integer('next_nonce').notNull().default(0),
    createdAt: at('created_at').notNull().defaultNow(),
    revealedAt: at('revealed_at'),
  },
  (table) => [
    uniqueIndex('gaming_inhouse_seeds_active_uq')
      .on(table.merchantCode, table.accountId)
      .where(sql`${table.revealedAt} is null`),
    index('gaming_inhouse_seeds_account_idx').on(table.accountId, table.createdAt),
  ],
);

/**
 * One bet of an in-house game: what the member chose, the stake, then the seed pair and nonce that decide it, the
 * draw, and the two ledger transfers (stake in, payout out). `pending` until the stake has moved (no draw exists
 * yet, so nobody can see an outcome before paying for it); `open` once the stake moved and the draw is fixed;
 * `settled` after the payout; `refused` when the stake could not be taken. A crash at any step is finished by a job
 * from what is stored, so an outcome never changes. The request key makes a retried bet answer the first one.
 */
export const gamingInhouseRounds = pgTable(
  'gaming_inhouse_rounds',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    merchantCode: varchar('merchant_code', { length: 20 }).notNull(),
    roundId: varchar('round_id', { length: 40 }).notNull(),
    requestKey: varchar('request_key', { length: 160 }).notNull(),
    accountId: integer('account_id').notNull(),
    gameCode: varchar('game_code', { length: 40 }).notNull(),
    currency: varchar('currency', { length: 3 }).notNull(),
    seedId: bigint('seed_id', { mode: 'number' }).references(() => gamingInhouseSeeds.id),
    nonce: integer('nonce'),
    params: jsonb('params').$type<Record<string, unknown>>().notNull(),
    result: jsonb('result').$type<Record<string, unknown>>(),
    stakeMinor: minor('stake_minor').notNull(),
    payoutMinor: minor('payout_minor').notNull().default(sql`0`),
    /** pending, open, settled or refused (see above). */
    status: varchar('status', { length: 10 }).notNull(),
    stakeTransferId: bigint('stake_transfer_id', { mode: 'number' }),
    payoutTransferId: bigint('payout_transfer_id', { mode: 'number' }),
    createdAt: at('created_at').notNull().defaultNow(),
    settledAt: at('settled_at'),
  },
  (table) => [
    unique('gaming_inhouse_rounds_round_uq').on(table.roundId),
    unique('gaming_inhouse_rounds_request_uq').on(table.merchantCode, table.accountId, table.requestKey),
    unique('gaming_inhouse_rounds_nonce_uq').on(table.seedId, table.nonce),
    index('gaming_inhouse_rounds_open_idx').on(table.status, table.createdAt),
    index('gaming_inhouse_rounds_account_idx').on(table.accountId, table.createdAt),
  ],
);

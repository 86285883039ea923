import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';

const at = (name: string) => timestamp(name, { withTimezone: true });

/**
 * Operators of the back office: people who run the site, kept apart from players (identity module).
 * Usernames are unique without regard to case. The TOTP secret is set only once enrolment is confirmed
 * with a valid code; until then every login goes through the enrolment step.
 */
export const backofficeOperators = pgTable(
  'backoffice_operators',
  {
    id: serial('id').primaryKey(),
    username: varchar('username', { length: 64 }).notNull(),
    /** argon2id. */
    passwordHash: text('password_hash').notNull(),
    /** owner, finance, support, content or risk (contract `operatorRoles`). */
    role: varchar('role', { length: 16 }).notNull(),
    /** active or disabled; a disabled operator cannot log in and has no live session. */
    status: varchar('status', { length: 10 }).notNull().default('active'),
    /** Base32 TOTP secret (RFC 6238); null until the operator has enrolled an authenticator. */
    totpSecret: text('totp_secret'),
    totpEnrolledAt: at('totp_enrolled_at'),
    /** The last 30-second time step a code was accepted for, so a code cannot be replayed. */
    totpLastStep: bigint('totp_last_step', { mode: 'number' }),
    /** The password was set by someone else (first owner, created or reset by an owner). */
    mustChangePassword: boolean('must_change_password').notNull().default(true),
    lastLoginAt: at('last_login_at'),
    lastLoginIp: varchar('last_login_ip', { length: 64 }),
    createdAt: at('created_at').notNull(),
    updatedAt: at('updated_at').notNull(),
  },
  (table) => [
    uniqueIndex('backoffice_operators_username_uq').on(sql`lower(${table.username})`),
    check('backoffice_operators_role_ck', sql`${table.role} in ('owner', 'finance', 'support', 'content', 'risk')`),
    check('backoffice_operators_status_ck', sql`${table.status} in ('active', 'disabled')`),
  ],
);

/**
 * The step between password and TOTP code: the password was right, the second factor is pending. Only the
 * SHA-256 of the challenge token is stored. For enrolment it carries the freshly generated secret, which
 * moves to the operator only when a code made from it is confirmed.
 */
export const backofficeLoginChallenges = pgTable(
  'backoffice_login_challenges',
  {
    id: uuid('id').primaryKey(),
    tokenHash: varchar('token_hash', { length: 64 }).notNull(),
    operatorId: integer('operator_id')
      .notNull()
      .references(() => backofficeOperators.id),
    /** totp (enrolled operator) or enrol (first login, or after an owner reset the second factor). */
    kind: varchar('kind', { length: 8 }).notNull(),
    pendingTotpSecret: text('pending_totp_secret'),
    attempts: integer('attempts').notNull().default(0),
    ip: varchar('ip', { length: 64 }),
    createdAt: at('created_at').notNull(),
    expiresAt: at('expires_at').notNull(),
    usedAt: at('used_at'),
  },
  (table) => [uniqueIndex('backoffice_login_challenges_token_hash_uq').on(table.tokenHash)],
);

/**
 * Operator sessions. Only the SHA-256 of the token is stored. A session ends at the first of: idle
 * timeout after `last_seen_at`, the absolute `expires_at`, or `revoked_at` (logout, disable, 2FA reset).
 */
export const backofficeSessions = pgTable(
  'backoffice_sessions',
  {
    id: uuid('id').primaryKey(),
    operatorId: integer('operator_id')
      .notNull()
      .references(() => backofficeOperators.id),
    tokenHash: varchar('token_hash', { length: 64 }).notNull(),
    ip: varchar('ip', { length: 64 }),
    userAgent: varchar('user_agent', { length: 300 }),
    createdAt: at('created_at').notNull(),
    lastSeenAt: at('last_seen_at').notNull(),
    expiresAt: at('expires_at').notNull(),
    revokedAt: at('revoked_at'),
  },
  (table) => [
    uniqueIndex('backoffice_sessions_token_hash_uq').on(table.tokenHash),
    index('backoffice_sessions_operator_idx').on(table.operatorId),
  ],
);

/** Every operator login attempt: what the per-username and per-IP throttles count. */
export const backofficeLoginAttempts = pgTable(
  'backoffice_login_attempts',
  {
    id: serial('id').primaryKey(),
    /** Lower-cased as typed, also when no operator has it. */
    username: varchar('username', { length: 64 }).notNull(),
    ip: varchar('ip', { length: 64 }),
    success: boolean('success').notNull(),
    /** password, totp, locked, disabled, ok. */
    reason: varchar('reason', { length: 20 }).notNull(),
    at: at('at').notNull(),
  },
  (table) => [
    index('backoffice_login_attempts_username_idx').on(table.username, table.at),
    index('backoffice_login_attempts_ip_idx').on(table.ip, table.at),
  ],
);

/**
 * The audit log of every operator action. Append-only (a trigger refuses UPDATE, DELETE and TRUNCATE)
 * and hash-chained: `hash` is SHA-256 over the previous row's hash and this row's canonical JSON, so a
 * changed or removed row breaks the chain from that row on. `id` is the position in the chain, assigned
 * under a lock without gaps, so that a missing row is visible too.
 */
export const backofficeAuditLog = pgTable(
  'backoffice_audit_log',
  {
    id: bigint('id', { mode: 'number' }).primaryKey(),
    at: at('at').notNull(),
    /** Null for actions of the system itself (the first owner's creation). */
    operatorId: integer('operator_id'),
    operatorUsername: varchar('operator_username', { length: 64 }),
    action: varchar('action', { length: 64 }).notNull(),
    target: varchar('target', { length: 200 }),
    ip: varchar('ip', { length: 64 }),
    before: jsonb('before'),
    after: jsonb('after'),
    prevHash: varchar('prev_hash', { length: 64 }).notNull(),
    hash: varchar('hash', { length: 64 }).notNull(),
  },
  (table) => [
    index('backoffice_audit_log_at_idx').on(table.at),
    index('backoffice_audit_log_operator_idx').on(table.operatorId, table.id),
    index('backoffice_audit_log_action_idx').on(table.action, table.id),
  ],
);

/**
 * Manual balance adjustments (maker-checker): one operator proposes a credit or debit of a player's main wallet,
 * another approves or rejects it. Only approval moves money, through the wallet service, with the idempotency key
 * `bo-adjustment:<id>`, so an approval that is repeated or retried after a crash moves money once. `approving`
 * marks an approval whose ledger transfer is under way (`claimed_at`); the CHECK is the database's half of "never
 * your own": the operator who decides is never the one who proposed.
 */
export const backofficeAdjustments = pgTable(
  'backoffice_adjustments',
  {
    id: serial('id').primaryKey(),
    /** The identity account (player or agent) whose main wallet moves. */
    playerId: integer('player_id').notNull(),
    direction: varchar('direction', { length: 6 }).notNull(),
    amountMinor: bigint('amount_minor', { mode: 'bigint' }).notNull(),
    currency: varchar('currency', { length: 3 }).notNull(),
    reason: varchar('reason', { length: 20 }).notNull(),
    note: text('note').notNull(),
    status: varchar('status', { length: 10 }).notNull().default('pending'),
    proposedBy: integer('proposed_by')
      .notNull()
      .references(() => backofficeOperators.id),
    proposedAt: at('proposed_at').notNull(),
    decidedBy: integer('decided_by').references(() => backofficeOperators.id),
    claimedAt: at('claimed_at'),
    decidedAt: at('decided_at'),
    rejectReason: varchar('reject_reason', { length: 200 }),
    ledgerTransferId: bigint('ledger_transfer_id', { mode: 'number' }),
    /**
     * The proposer's `Idempotency-Key` of the request that created it (null: sent without one). The idempotency
     * layer forgets a key after a 5xx so that the retry runs again; the retry finds this row by (proposer, key)
     * and goes on with it and its ledger key instead of adjusting a second time.
     */
    idempotencyKey: varchar('idempotency_key', { length: 128 }),
    /** sha-256 of the validated request under that key: the same key with another request is refused. */
    requestHash: varchar('request_hash', { length: 64 }),
    /**
     * Why it waits for a second operator: `amount` (above the threshold by itself) or `window_total` (the
     * player's direct adjustments in the rolling window would go above it). Null when applied at once, and on
     * rows older than this column (read as `amount`).
     */
    approvalReason: varchar('approval_reason', { length: 12 }),
  },
  (table) => [
    index('backoffice_adjustments_status_idx').on(table.status, table.id),
    index('backoffice_adjustments_player_idx').on(table.playerId, table.id),
    // Keys are per operator, as the idempotency layer's key spaces are; rows without a key never conflict.
    uniqueIndex('backoffice_adjustments_idempotency_uq').on(table.proposedBy, table.idempotencyKey),
    check(
      'backoffice_adjustments_request_hash_ck',
      sql`(${table.idempotencyKey} is null) = (${table.requestHash} is null)`,
    ),
    check(
      'backoffice_adjustments_approval_reason_ck',
      sql`${table.approvalReason} is null or ${table.approvalReason} in ('amount', 'window_total')`,
    ),
    check('backoffice_adjustments_direction_ck', sql`${table.direction} in ('credit', 'debit')`),
    check('backoffice_adjustments_status_ck', sql`${table.status} in ('pending', 'approving', 'approved', 'rejected')`),
    check('backoffice_adjustments_amount_ck', sql`${table.amountMinor} > 0`),
    check(
      'backoffice_adjustments_four_eyes_ck',
      sql`${table.decidedBy} is null or ${table.decidedBy} <> ${table.proposedBy}`,
    ),
  ],
);

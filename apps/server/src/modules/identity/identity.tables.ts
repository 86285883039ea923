import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';

const at = (name: string) => timestamp(name, { withTimezone: true });

/** Personal profile fields of the registration form that need no column of their own (spec section 3). */
export type AccountProfile = Partial<
  Record<
    | 'qqNum'
    | 'line'
    | 'whatsapp'
    | 'facebook'
    | 'wechat'
    | 'telegram'
    | 'zalo'
    | 'idNumber'
    | 'fullName'
    | 'birthday'
    | 'address'
    | 'nationality'
    | 'occupation'
    | 'sourceOfIncome'
    | 'placeOfBirth'
    | 'recommenderId',
    string
  >
>;

/**
 * Player, agent and trial accounts of a merchant. Usernames are unique without regard to case, mobiles and
 * invite codes where present. `upline_id` puts the account in an agent's downline; `referrer_id` records
 * whose invite code it registered with.
 */
export const identityAccounts = pgTable(
  'identity_accounts',
  {
    id: serial('id').primaryKey(),
    merchantCode: varchar('merchant_code', { length: 20 }).notNull(),
    username: varchar('username', { length: 64 }).notNull(),
    /** 0 member, 1/2/41/42 agent, 4 trial (contract `accountTypes`). */
    type: smallint('type').notNull(),
    status: varchar('status', { length: 10 }).notNull().default('active'),
    playMoney: boolean('play_money').notNull().default(false),
    /** argon2id; null for trial accounts and for mobile registrations without a password (SMS login only). */
    passwordHash: text('password_hash'),
    passwordChangedAt: at('password_changed_at'),
    /** The password was set by someone else (an agent or operator): it must be changed at the next login. */
    mustChangePassword: boolean('must_change_password').notNull().default(false),
    paymentPasswordHash: text('payment_password_hash'),
    /** E.164, such as +8801712345678. */
    mobile: varchar('mobile', { length: 20 }),
    mobileVerified: boolean('mobile_verified').notNull().default(false),
    email: varchar('email', { length: 160 }),
    emailVerified: boolean('email_verified').notNull().default(false),
    nickname: varchar('nickname', { length: 64 }),
    /** Payee (real) name: the name on the member's bank accounts. */
    realName: varchar('real_name', { length: 120 }),
    avatarId: smallint('avatar_id'),
    language: varchar('language', { length: 8 }).notNull(),
    profile: jsonb('profile').$type<AccountProfile>().notNull().default({}),
    inviteCode: varchar('invite_code', { length: 16 }),
    uplineId: integer('upline_id').references((): AnyPgColumn => identityAccounts.id),
    referrerId: integer('referrer_id').references((): AnyPgColumn => identityAccounts.id),
    failedLoginCount: integer('failed_login_count').notNull().default(0),
    lockedUntil: at('locked_until'),
    lastLoginAt: at('last_login_at'),
    lastLoginIp: varchar('last_login_ip', { length: 64 }),
    registerIp: varchar('register_ip', { length: 64 }),
    registerMethod: varchar('register_method', { length: 10 }),
    registerDomain: varchar('register_domain', { length: 255 }),
    registerUrl: text('register_url'),
    createdAt: at('created_at').notNull(),
    updatedAt: at('updated_at').notNull(),
  },
  (table) => [
    uniqueIndex('identity_accounts_username_uq').on(table.merchantCode, sql`lower(${table.username})`),
    uniqueIndex('identity_accounts_mobile_uq')
      .on(table.merchantCode, table.mobile)
      .where(sql`${table.mobile} is not null`),
    uniqueIndex('identity_accounts_invite_code_uq')
      .on(table.merchantCode, table.inviteCode)
      .where(sql`${table.inviteCode} is not null`),
    index('identity_accounts_upline_idx').on(table.uplineId),
  ],
);

/** Login sessions. Only the SHA-256 of the token is stored, so a database leak yields no usable token. */
export const identitySessions = pgTable(
  'identity_sessions',
  {
    id: uuid('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => identityAccounts.id),
    tokenHash: varchar('token_hash', { length: 64 }).notNull(),
    loginMethod: varchar('login_method', { length: 12 }).notNull(),
    /** Agent-area session (`/wps/agent/session/login`) or player site. */
    scope: varchar('scope', { length: 8 }).notNull(),
    /** The forced change-password step is pending (default, expired or someone else's password). */
    passwordChangeRequired: boolean('password_change_required').notNull(),
    firstLogin: boolean('first_login').notNull(),
    previousLoginAt: at('previous_login_at'),
    previousLoginIp: varchar('previous_login_ip', { length: 64 }),
    ip: varchar('ip', { length: 64 }),
    userAgent: varchar('user_agent', { length: 300 }),
    device: varchar('device', { length: 10 }),
    createdAt: at('created_at').notNull(),
    lastSeenAt: at('last_seen_at').notNull(),
    expiresAt: at('expires_at').notNull(),
    revokedAt: at('revoked_at'),
  },
  (table) => [
    uniqueIndex('identity_sessions_token_hash_uq').on(table.tokenHash),
    index('identity_sessions_account_idx').on(table.accountId),
  ],
);

/**
 * SMS verification codes, one row per send (sent, failed at the provider, or suppressed for a number that
 * has no account). The rows are also the send log that the throttles, the lockout and the daily quota count.
 */
export const identitySmsCodes = pgTable(
  'identity_sms_codes',
  {
    id: serial('id').primaryKey(),
    merchantCode: varchar('merchant_code', { length: 20 }).notNull(),
    mobile: varchar('mobile', { length: 20 }).notNull(),
    purpose: varchar('purpose', { length: 16 }).notNull(),
    ip: varchar('ip', { length: 64 }),
    /** SHA-256 of salt and code. */
    codeHash: varchar('code_hash', { length: 64 }).notNull(),
    codeSalt: varchar('code_salt', { length: 32 }).notNull(),
    status: varchar('status', { length: 10 }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    createdAt: at('created_at').notNull(),
    expiresAt: at('expires_at').notNull(),
    consumedAt: at('consumed_at'),
  },
  (table) => [
    index('identity_sms_codes_mobile_idx').on(table.merchantCode, table.mobile, table.createdAt),
    index('identity_sms_codes_ip_idx').on(table.merchantCode, table.ip, table.createdAt),
    index('identity_sms_codes_created_idx').on(table.merchantCode, table.createdAt),
  ],
);

/** Captcha answers: single use (deleted when checked) and short-lived. */
export const identityCaptchas = pgTable(
  'identity_captchas',
  {
    id: uuid('id').primaryKey(),
    answer: varchar('answer', { length: 16 }).notNull(),
    createdAt: at('created_at').notNull(),
    expiresAt: at('expires_at').notNull(),
  },
  (table) => [index('identity_captchas_expires_idx').on(table.expiresAt)],
);

/** Every login attempt: the audit trail, and what the captcha rule counts (failures per username and per IP). */
export const identityLoginAttempts = pgTable(
  'identity_login_attempts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    merchantCode: varchar('merchant_code', { length: 20 }).notNull(),
    /** Lower-cased as typed, also when no account has it. */
    username: varchar('username', { length: 64 }).notNull(),
    accountId: integer('account_id'),
    ip: varchar('ip', { length: 64 }),
    success: boolean('success').notNull(),
    reason: varchar('reason', { length: 40 }).notNull(),
    at: at('at').notNull(),
  },
  (table) => [
    index('identity_login_attempts_username_idx').on(table.merchantCode, table.username, table.at),
    index('identity_login_attempts_ip_idx').on(table.merchantCode, table.ip, table.at),
  ],
);

/** Password reset links sent by e-mail: the token's SHA-256, single use, expiring. */
export const identityPasswordResets = pgTable(
  'identity_password_resets',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => identityAccounts.id),
    tokenHash: varchar('token_hash', { length: 64 }).notNull(),
    ip: varchar('ip', { length: 64 }),
    createdAt: at('created_at').notNull(),
    expiresAt: at('expires_at').notNull(),
    usedAt: at('used_at'),
  },
  (table) => [
    uniqueIndex('identity_password_resets_token_hash_uq').on(table.tokenHash),
    index('identity_password_resets_account_idx').on(table.accountId, table.createdAt),
  ],
);

/**
 * Where an account has logged in from, as address prefixes: IPv4 /24 and IPv6 /64. A whole address would
 * ask mobile players for a code after every reconnection (carriers hand out neighbouring addresses), while a
 * prefix still tells a new network or country from the usual one. A login from a prefix not listed here, for
 * an account that has at least one, needs the extra verification of spec section 4 (NEWIPVERIFY3).
 */
export const identityKnownIps = pgTable(
  'identity_known_ips',
  {
    accountId: integer('account_id')
      .notNull()
      .references(() => identityAccounts.id),
    ipPrefix: varchar('ip_prefix', { length: 64 }).notNull(),
    firstSeenAt: at('first_seen_at').notNull(),
    lastSeenAt: at('last_seen_at').notNull(),
  },
  (table) => [primaryKey({ columns: [table.accountId, table.ipPrefix] })],
);

/**
 * A password login held back for a second step: a new IP (spec section 4) or two-factor (TOTP) login. No
 * session exists until the step is completed, once, before `expires_at` and with fewer than the allowed wrong
 * answers.
 */
export const identityLoginChallenges = pgTable(
  'identity_login_challenges',
  {
    id: uuid('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => identityAccounts.id),
    /** newIp or twoFactor. */
    reason: varchar('reason', { length: 12 }).notNull(),
    scope: varchar('scope', { length: 8 }).notNull(),
    /** The ways the account can answer: sms, email, bankName, totp. */
    methods: jsonb('methods').$type<string[]>().notNull(),
    ip: varchar('ip', { length: 64 }),
    /** The password used was the default one, so the forced change step follows the login (FORCEPWD3). */
    passwordIsDefault: boolean('password_is_default').notNull(),
    failedAttempts: integer('failed_attempts').notNull().default(0),
    createdAt: at('created_at').notNull(),
    expiresAt: at('expires_at').notNull(),
    completedAt: at('completed_at'),
  },
  (table) => [index('identity_login_challenges_account_idx').on(table.accountId, table.createdAt)],
);

/**
 * Codes e-mailed to an account: to bind or change its e-mail address (to the new address) and to verify a
 * login from a new IP (to the bound address). Salted hashes only; single use, expiring, voided by a newer code.
 */
export const identityEmailCodes = pgTable(
  'identity_email_codes',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => identityAccounts.id),
    email: varchar('email', { length: 160 }).notNull(),
    /** BIND or LOGIN. */
    purpose: varchar('purpose', { length: 8 }).notNull(),
    codeHash: varchar('code_hash', { length: 64 }).notNull(),
    codeSalt: varchar('code_salt', { length: 32 }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    createdAt: at('created_at').notNull(),
    expiresAt: at('expires_at').notNull(),
    consumedAt: at('consumed_at'),
  },
  (table) => [index('identity_email_codes_account_idx').on(table.accountId, table.purpose, table.createdAt)],
);

/**
 * A member's authenticator (TOTP, RFC 6238). The secret is stored as the back office stores operators' ones
 * (base32, not encrypted: the codebase has no data-encryption key setting yet). `enabled_at` is null while the
 * member has scanned the QR code but not yet confirmed a code. `last_step` refuses a code used before.
 */
export const identityTwoFactor = pgTable('identity_two_factor', {
  accountId: integer('account_id')
    .primaryKey()
    .references(() => identityAccounts.id),
  secret: text('secret').notNull(),
  enabledAt: at('enabled_at'),
  lastStep: bigint('last_step', { mode: 'number' }),
  /** SHA-256 of the unused one-time recovery codes. */
  recoveryCodeHashes: jsonb('recovery_code_hashes').$type<string[]>().notNull().default([]),
  createdAt: at('created_at').notNull(),
  updatedAt: at('updated_at').notNull(),
});

/**
 * One-click (OpenID Connect) logins: which provider account (`provider` id of OIDC_PROVIDERS and the ID token's
 * `sub`) belongs to which account. A provider account is linked once, on its first login.
 */
export const identityOidcLinks = pgTable(
  'identity_oidc_links',
  {
    provider: varchar('provider', { length: 40 }).notNull(),
    subject: varchar('subject', { length: 255 }).notNull(),
    accountId: integer('account_id')
      .notNull()
      .references(() => identityAccounts.id),
    email: varchar('email', { length: 160 }),
    createdAt: at('created_at').notNull(),
    lastLoginAt: at('last_login_at').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.provider, table.subject] }),
    index('identity_oidc_links_account_idx').on(table.accountId),
  ],
);

/**
 * Authorization requests on their way to a provider: the SHA-256 of `state`, and the nonce and PKCE verifier the
 * callback must match. Single use (`used_at`) and short-lived.
 */
export const identityOidcStates = pgTable(
  'identity_oidc_states',
  {
    stateHash: varchar('state_hash', { length: 64 }).primaryKey(),
    provider: varchar('provider', { length: 40 }).notNull(),
    nonce: varchar('nonce', { length: 128 }).notNull(),
    codeVerifier: varchar('code_verifier', { length: 128 }).notNull(),
    returnTo: varchar('return_to', { length: 300 }).notNull(),
    createdAt: at('created_at').notNull(),
    expiresAt: at('expires_at').notNull(),
    usedAt: at('used_at'),
  },
  (table) => [index('identity_oidc_states_expires_idx').on(table.expiresAt)],
);

import { readFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

/**
 * The only reader of process.env. Every setting is parsed once here, documented in the README,
 * and passed into buildApp(config); nothing else reads the environment.
 */

const booleanFlag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', 'on', 'off', ''])
  .transform((value) => ['true', '1', 'yes', 'on'].includes(value));

const csv = z.string().transform((value) =>
  value
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean),
);

/** One OpenID Connect provider of OIDC_PROVIDERS (one-click login, OAUTHLOGIN3). */
const oidcProviderSchema = z.strictObject({
  id: z.string().regex(/^[a-z][a-z0-9-]{0,39}$/),
  label: z.string().min(1).max(40),
  issuer: z.url({ protocol: /^https?$/ }),
  clientId: z.string().min(1).max(200),
  clientSecret: z.string().min(1).max(500).optional(),
});
export type OidcProviderSetting = z.infer<typeof oidcProviderSchema>;

const oidcProviders = z
  .string()
  .transform((value, context) => {
    try {
      return JSON.parse(value === '' ? '[]' : value) as unknown;
    } catch {
      context.addIssue({ code: 'custom', message: 'must be a JSON array' });
      return z.NEVER;
    }
  })
  .pipe(z.array(oidcProviderSchema).max(10));

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./.data'),
  DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/ }).optional(),
  DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(200).default(10),
  DATABASE_AUTO_PREPARE: booleanFlag.default(true),
  DATABASE_PIPELINE: booleanFlag.default(true),
  WALLET_COMMIT_GROUP_MAX: z.coerce.number().int().min(1).max(1000).default(32),
  REDIS_URL: z.url({ protocol: /^rediss?$/ }).optional(),
  REDIS_KEY_PREFIX: z
    .string()
    .regex(/^[\w:.-]{1,40}$/)
    .default('portal:'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  MERCHANT_CODE: z
    .string()
    .regex(/^[A-Z0-9_]{2,20}$/, 'upper-case letters, digits and _ (2 to 20)')
    .default('DEMO'),
  SITE_NAME: z.string().min(1).max(40).default('BDX88'),
  MERCHANT_CURRENCY: z
    .string()
    .regex(/^[A-Z]{3}$/, 'an ISO 4217 code')
    .default('BDT'),
  DEFAULT_LANGUAGE: z.enum(['en', 'bn']).default('en'),
  TRUSTED_PROXIES: csv.default([]),
  BODY_LIMIT_BYTES: z.coerce.number().int().min(1024).max(50_000_000).default(1_048_576),
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(600),
  NOT_FOUND_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(60),
  PERMISSION_CACHE_TTL_MS: z.coerce.number().int().min(0).default(30_000),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(100).default(10_000),
  GEOIP_DATABASE: z.string().optional(),
  PAYLOAD_PRIVATE_KEY: z.string().optional(),
  WEB_DIST_DIR: z.string().optional(),
  BACKOFFICE_DIST_DIR: z.string().optional(),
  BO_OWNER_PASSWORD: z.string().min(12).max(128).optional(),
  /** 32 bytes as 64 hex digits or base64: seals back-office TOTP secrets at rest (AES-256-GCM). */
  BO_TOTP_KEY: z
    .string()
    .regex(/^(?:[0-9a-fA-F]{64}|[A-Za-z0-9+/]{43}=)$/, '32 bytes as 64 hex digits or base64')
    .optional(),
  /**
   * Manual balance adjustments above this amount (minor units of the merchant currency) wait for a second
   * operator's approval; at or below it they are applied at once. 0: every adjustment needs a second operator.
   */
  BO_ADJUSTMENT_APPROVAL_THRESHOLD_MINOR: z
    .string()
    .regex(/^\d{1,15}$/, 'a whole number of minor units')
    .default('0')
    .transform((value) => BigInt(value)),
  /**
   * The rolling window, in hours, over which a player's direct adjustments count together: one that would take
   * their total (absolute amounts, any operator) above BO_ADJUSTMENT_APPROVAL_THRESHOLD_MINOR waits for a second
   * operator like a single large one, so splitting an amount does not skip the approval.
   */
  BO_ADJUSTMENT_DIRECT_WINDOW_HOURS: z.coerce.number().int().min(1).max(720).default(24),
  SERVE_WEB: booleanFlag.default(true),
  SEED_DEMO: booleanFlag.default(false),
  DEV_TOOLS: booleanFlag.default(false),
  API_DOCS: booleanFlag.default(true),
  PUBLIC_URL: z.url({ protocol: /^https?$/ }).optional(),
  SESSION_IDLE_MINUTES: z.coerce.number().int().min(1).default(60),
  SESSION_ABSOLUTE_HOURS: z.coerce.number().int().min(1).default(24),
  LOGIN_MAX_FAILURES: z.coerce.number().int().min(1).default(5),
  LOGIN_LOCK_MINUTES: z.coerce.number().int().min(1).default(15),
  LOGIN_CAPTCHA_AFTER_FAILURES: z.coerce.number().int().min(0).default(3),
  LOGIN_FAILURE_WINDOW_MINUTES: z.coerce.number().int().min(1).default(15),
  LOGIN_NEW_IP_VERIFICATION: booleanFlag.default(true),
  /** 32 bytes as 64 hex digits or base64: seals members' TOTP secrets at rest (AES-256-GCM). */
  MEMBER_TOTP_KEY: z
    .string()
    .regex(/^(?:[0-9a-fA-F]{64}|[A-Za-z0-9+/]{43}=)$/, '32 bytes as 64 hex digits or base64')
    .optional(),
  OIDC_PROVIDERS: oidcProviders.default([]),
  LOGIN_MAX_CONCURRENT_HASHES: z.coerce.number().int().min(1).max(256).default(4),
  LOGIN_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(20),
  REGISTER_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(10),
  FEEDBACK_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(5),
  DEFAULT_MEMBER_PASSWORD: z.string().min(1).max(128).default('{secret}'),
  PASSWORD_MAX_AGE_DAYS: z.coerce.number().int().min(1).default(90),
  PASSWORD_RESET_TTL_MINUTES: z.coerce.number().int().min(1).max(1440).default(30),
  CAPTCHA_TTL_SECONDS: z.coerce.number().int().min(10).max(3600).default(120),
  CAPTCHA_REFRESH_INTERVAL_MS: z.coerce.number().int().min(0).default(1000),
  SMS_CODE_TTL_MINUTES: z.coerce.number().int().min(1).max(60).default(1),
  SMS_MAX_SENDS: z.coerce.number().int().min(1).default(5),
  SMS_SEND_WINDOW_MINUTES: z.coerce.number().int().min(1).default(5),
  SMS_MAX_CODE_ATTEMPTS: z.coerce.number().int().min(1).default(5),
  SMS_DAILY_QUOTA: z.coerce.number().int().min(0).default(1000),
  SMS_REQUIRE_CAPTCHA: booleanFlag.default(true),
  UPLOADS_DIR: z.string().min(1).optional(),
  PAYMENT_SIM_ENABLED: booleanFlag.optional(),
  PAYMENT_SIM_SECRET: z.string().min(16).max(256).optional(),
  CHAT_TOKEN_SECRET: z.string().min(16).max(256).optional(),
  CHAT_TOKEN_TTL_MINUTES: z.coerce.number().int().min(5).max(1440).default(120),
  PAYMENT_SIM_CALLBACK_URL: z.url({ protocol: /^https?$/ }).optional(),
  PAYMENT_CALLBACK_MAX_AGE_SECONDS: z.coerce.number().int().min(30).max(3600).default(300),
  PAYMENT_PASSWORD_MAX_FAILURES: z.coerce.number().int().min(1).default(5),
  PAYMENT_PASSWORD_LOCK_MINUTES: z.coerce.number().int().min(1).default(30),
  BANK_ACCOUNTS_MAX: z.coerce.number().int().min(1).max(50).default(5),
  WITHDRAW_MIN_AMOUNT: z
    .string()
    .regex(/^\d{1,12}(\.\d{1,4})?$/, 'a decimal amount in major units, such as 100 or 99.50')
    .default('100'),
  WITHDRAW_MAX_AMOUNT: z
    .string()
    .regex(/^\d{1,12}(\.\d{1,4})?$/, 'a decimal amount in major units, such as 100 or 99.50')
    .default('50000'),
  WITHDRAW_DAILY_MAX_COUNT: z.coerce.number().int().min(1).default(5),
  WITHDRAW_DAILY_MAX_AMOUNT: z
    .string()
    .regex(/^\d{1,12}(\.\d{1,4})?$/, 'a decimal amount in major units, such as 100 or 99.50')
    .default('200000'),
  WITHDRAW_AUTO_CONFIRM_MINUTES: z.coerce.number().int().min(1).default(1440),
  CASHIER_DAY_UTC_OFFSET_MINUTES: z.coerce.number().int().min(-720).max(840).default(360),
  JOBS_ENABLED: booleanFlag.default(true),
  AUTO_CONFIRM_INTERVAL_SECONDS: z.coerce.number().int().min(1).max(86_400).default(60),
  HOUSEKEEPING_INTERVAL_SECONDS: z.coerce.number().int().min(1).max(86_400).default(300),
  POINTS_EARN_INTERVAL_SECONDS: z.coerce.number().int().min(1).max(86_400).default(60),
  POINTS_RECOVERY_INTERVAL_SECONDS: z.coerce.number().int().min(1).max(86_400).default(60),
  POINTS_CONVERSION_STALE_MINUTES: z.coerce.number().int().min(1).max(1440).default(5),
  IDEMPOTENCY_KEY_RETENTION_HOURS: z.coerce.number().int().min(1).max(8760).default(24),
  HUB88_API_URL: z.url({ protocol: /^https?$/ }).optional(),
  HUB88_OPERATOR_ID: z
    .string()
    .regex(/^[\w-]{1,40}$/)
    .optional(),
  HUB88_OPERATOR_PRIVATE_KEY_FILE: z.string().min(1).optional(),
  HUB88_PUBLIC_KEY_FILE: z.string().min(1).optional(),
  TCG_API_URL: z.url({ protocol: /^https?$/ }).optional(),
  TCG_MERCHANT_CODE: z.string().min(1).max(64).optional(),
  TCG_DES_KEY: z.string().length(8, 'exactly 8 characters (a DES key)').optional(),
  TCG_SIGN_KEY: z.string().min(1).max(256).optional(),
  TCG_PRODUCTS: z
    .string()
    .regex(
      /^\d{1,6}:[A-Z0-9_]{1,40}:[A-Z]{3,10}(,\d{1,6}:[A-Z0-9_]{1,40}:[A-Z]{3,10})*$/,
      'comma-separated productType:VENDOR_CODE:CATEGORY, such as 420:TCG_LOTTO_VN:LOTT',
    )
    .optional(),
  CATALOGUE_SYNC_INTERVAL_MINUTES: z.coerce.number().int().min(2).max(10_080).default(1440),
  VENDOR_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
  TCG_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(30_000),
  TCG_REPORT_UTC_OFFSET_MINUTES: z.coerce.number().int().min(-720).max(840).default(480),
  GAME_SESSION_TTL_MINUTES: z.coerce.number().int().min(1).max(10_080).default(1440),
  INHOUSE_GAMES: booleanFlag.default(true),
  CATALOGUE_ESPORTS_VENDORS: csv.default(['AV', 'IMES', 'IA', 'AI', 'TF']),
  CATALOGUE_COCKFIGHT_VENDORS: csv.default([]),
  CATALOGUE_INHOUSE_VENDORS: csv.default([]),
});

export type AppConfig = {
  port: number;
  host: string;
  dataDir: string;
  /** PostgreSQL connection string; when absent the server runs on embedded PGlite in dataDir. */
  databaseUrl: string | undefined;
  databasePoolMax: number;
  /**
   * Repeated parameterised statements become named prepared statements on PostgreSQL (see auto-prepare.ts). Off for
   * connection poolers that cannot keep them, such as PgBouncer in transaction mode before 1.21.
   */
  databaseAutoPrepare: boolean;
  /**
   * PostgreSQL: the ledger's group commit and the batched reads use connections in pipeline mode (statements sent
   * before the earlier ones are answered). Off behind a proxy that does not allow it.
   */
  databasePipeline: boolean;
  /** Most one-statement ledger transfers written in one transaction (group commit; 1 writes each alone). */
  walletCommitGroupMax: number;
  /** In-memory PGlite (tests only): nothing is written to disk. */
  databaseInMemory: boolean;
  redisUrl: string | undefined;
  /** Prefix of every Redis key and channel, so several deployments (or test runs) can share one Redis. */
  redisKeyPrefix: string;
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  merchantCode: string;
  /** Display name seeded for the site on first start. */
  siteName: string;
  merchantCurrency: string;
  defaultLanguage: 'en' | 'bn';
  trustedProxies: string[];
  bodyLimitBytes: number;
  rateLimitPerMinute: number;
  notFoundRateLimitPerMinute: number;
  permissionCacheTtlMs: number;
  shutdownTimeoutMs: number;
  geoipDatabase: string | undefined;
  payloadPrivateKey: string | undefined;
  webDistDir: string | undefined;
  /** Built operator console to serve at /backoffice. */
  backofficeDistDir: string | undefined;
  /** Password of the first back-office owner created at first start; random (and printed) when unset. */
  boOwnerPassword: string | undefined;
  /** BO_TOTP_KEY as given (64 hex digits or base64 of 32 bytes); unset: TOTP secrets are stored plain. */
  boTotpKey: string | undefined;
  /** Adjustments above this (minor units) need a second operator; at or below, they apply at once. */
  boAdjustmentApprovalThresholdMinor: bigint;
  /** Hours over which a player's direct adjustments add up against that threshold. */
  boAdjustmentDirectWindowHours: number;
  serveWeb: boolean;
  seedDemo: boolean;
  devTools: boolean;
  apiDocs: boolean;
  /** Where players reach the site; used in e-mailed links. Default http://localhost:<port>. */
  publicUrl: string;
  /** A session ends after this long without a call… */
  sessionIdleMinutes: number;
  /** …and this long after login, whatever happens. */
  sessionAbsoluteHours: number;
  /** Wrong passwords in a row that lock an account… */
  loginMaxFailures: number;
  /** …for this long. */
  loginLockMinutes: number;
  /** Failed logins (of a username, or from an IP within the window) after which login needs a captcha; 0 always. */
  loginCaptchaAfterFailures: number;
  loginFailureWindowMinutes: number;
  /**
   * A password login from an address prefix (IPv4 /24, IPv6 /64) the account has not logged in from needs a
   * second step (mobile or e-mail code, bank account name or authenticator code), when NEWIPVERIFY3 is on too.
   */
  loginNewIpVerification: boolean;
  /**
   * One-click login providers (OpenID Connect: authorization code with PKCE, state and nonce, ID token signature
   * checked against the provider's JWKS), shown in the login popup while OAUTHLOGIN3 is on.
   */
  oidcProviders: OidcProviderSetting[];
  /** Seals members' TOTP secrets at rest when set; without it they are stored as base32 (as the back office without BO_TOTP_KEY). */
  memberTotpKey: string | undefined;
  /** argon2id verifications running at once in this process (19 MiB each); further logins wait their turn. */
  loginMaxConcurrentHashes: number;
  /** Login attempts per client IP per minute (login, agent login, password resets). */
  loginRateLimitPerMinute: number;
  /** Registrations, free-play accounts, affiliate checks and reset e-mails per client IP per minute. */
  registerRateLimitPerMinute: number;
  /** Feedback submissions per client IP per minute. */
  feedbackRateLimitPerMinute: number;
  /** Accounts whose password is this literal (spec section 9 "{secret}") must change it after logging in. */
  defaultMemberPassword: string;
  /** With password expiry (PWDEXPIRY3) on, a password older than this must be changed. */
  passwordMaxAgeDays: number;
  passwordResetTtlMinutes: number;
  captchaTtlSeconds: number;
  /** A client gets at most one captcha per this interval (spec section 5: one refresh per second); 0 no limit. */
  captchaRefreshIntervalMs: number;
  /** How long an SMS code stays valid (`expiredMinutes`). */
  smsCodeTtlMinutes: number;
  /** SMS sends per number, and per client IP, within the window before the 5-minute lockout. */
  smsMaxSends: number;
  smsSendWindowMinutes: number;
  /** Wrong codes before an SMS code is void and must be resent. */
  smsMaxCodeAttempts: number;
  /** SMS messages the merchant may send per UTC day; past it senders get "quota not sufficient". */
  smsDailyQuota: number;
  /** Sending an SMS code needs a solved captcha (protects the SMS budget from scripted sends). */
  smsRequireCaptcha: boolean;
  /** Where receipt and proof images are stored (random names). Default <dataDir>/uploads. */
  uploadsDir: string;
  /**
   * The built-in payment gateway simulator (its pay page approves deposits without real money): on by default
   * only with DEV_TOOLS. Its channels are hidden and its routes absent when off.
   */
  paymentSimEnabled: boolean;
  /** The simulator's per-merchant HMAC secret; when unset, each process makes a random one (one instance only). */
  paymentSimSecret: string | undefined;
  /** HMAC secret of live-chat tokens (the chatUrl); when unset, each process makes a random one (one instance only). */
  chatTokenSecret: string | undefined;
  /** How long a live-chat token (chatUrl) works, in minutes. */
  chatTokenTtlMinutes: number;
  /** Where the simulator sends its server-to-server callbacks. Default <publicUrl>/gateway/payments/simulator/callback. */
  paymentSimCallbackUrl: string;
  /** Gateway callbacks whose signed timestamp is older (or further ahead) than this are refused. */
  paymentCallbackMaxAgeSeconds: number;
  /** Wrong payment passwords in a row that lock money-out calls… */
  paymentPasswordMaxFailures: number;
  /** …for this long. */
  paymentPasswordLockMinutes: number;
  /** Bank accounts and e-wallets a member may bind. */
  bankAccountsMax: number;
  /** Per withdrawal request, decimal strings in major units of the merchant currency. */
  withdrawMinAmount: string;
  withdrawMaxAmount: string;
  /** Withdrawals per member per cashier day (pending and approved count; rejected do not). */
  withdrawDailyMaxCount: number;
  withdrawDailyMaxAmount: string;
  /** A paid withdrawal the member has not confirmed counts as received after this long. */
  withdrawAutoConfirmMinutes: number;
  /** The cashier's day (daily withdrawal limits, today's totals, record dates) starts at midnight at this UTC offset. */
  cashierDayUtcOffsetMinutes: number;
  /** Run the scheduled jobs (one leader per cluster: a PostgreSQL advisory lock, or this process on PGlite). */
  jobsEnabled: boolean;
  /** How often the leader auto-confirms paid withdrawals past WITHDRAW_AUTO_CONFIRM_MINUTES. */
  autoConfirmIntervalSeconds: number;
  /** How often the leader finishes interrupted cashier work and forgets expired keys and nonces. */
  housekeepingIntervalSeconds: number;
  /** The points mall's jobs: how often settled play earns points, and how often stale conversions are finished. */
  points: { earnIntervalSeconds: number; recoveryIntervalSeconds: number; conversionStaleMinutes: number };
  /** Idempotency-Key answers are replayed for at least this long, then forgotten by housekeeping. */
  idempotencyKeyRetentionHours: number;
  /** The Hub88 aggregator (seamless wallet); null when HUB88_* is not set. Keys are PEM text read from the files. */
  hub88: { apiUrl: string; operatorId: string; privateKeyPem: string; publicKeyPem: string } | null;
  /** The TCG aggregator (transfer wallet); null when TCG_* is not set. `products` null: the built-in list. */
  tcg: {
    apiUrl: string;
    merchantCode: string;
    desKey: string;
    signKey: string;
    products: Array<{ productType: number; code: string; category: string }> | null;
  } | null;
  /** How often the leader pulls the vendors' catalogues (Hub88 allows one game list a minute). */
  catalogueSyncIntervalMinutes: number;
  /** HTTP timeout of calls to the Hub88 Games API. */
  vendorTimeoutMs: number;
  /** HTTP timeout of calls to TCG (its docs ask for 30 s or more); a timed-out transfer is checked, never re-sent. */
  tcgTimeoutMs: number;
  /** The time zone of TCG's bet reports (to agree with TCG), minutes east of UTC; default 480 (GMT+8). */
  tcgReportUtcOffsetMinutes: number;
  /** Lifetime of a seamless game session: bets with an older token are refused (wins and rollbacks never are). */
  gameSessionTtlMinutes: number;
  /** The in-house games (provably fair dice and limbo under INHOUSE, route /bgs) are in the catalogue. */
  inhouseGames: boolean;
  /** Menu reshaping (spec section 4): vendors whose SPORTS cards are e-sports, cockfight, and RNG vendors shown as INHOUSE. */
  catalogueEsportsVendors: string[];
  catalogueCockfightVendors: string[];
  catalogueInhouseVendors: string[];
};

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
  }
}

/**
 * Parses settings from an environment-like record. Collects every bad variable before failing,
 * so an operator fixes them all in one go.
 * @throws ConfigError listing each bad variable and why.
 */
export function loadConfig(env: Record<string, string | undefined> = process.env): AppConfig {
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== ''));
  const parsed = envSchema.safeParse(present);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`));
  }
  const e = parsed.data;
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    databasePoolMax: e.DATABASE_POOL_MAX,
    databaseAutoPrepare: e.DATABASE_AUTO_PREPARE,
    databasePipeline: e.DATABASE_PIPELINE,
    walletCommitGroupMax: e.WALLET_COMMIT_GROUP_MAX,
    databaseInMemory: false,
    redisUrl: e.REDIS_URL,
    redisKeyPrefix: e.REDIS_KEY_PREFIX,
    logLevel: e.LOG_LEVEL,
    merchantCode: e.MERCHANT_CODE,
    siteName: e.SITE_NAME,
    merchantCurrency: e.MERCHANT_CURRENCY,
    defaultLanguage: e.DEFAULT_LANGUAGE,
    trustedProxies: e.TRUSTED_PROXIES,
    bodyLimitBytes: e.BODY_LIMIT_BYTES,
    rateLimitPerMinute: e.RATE_LIMIT_PER_MINUTE,
    notFoundRateLimitPerMinute: e.NOT_FOUND_RATE_LIMIT_PER_MINUTE,
    permissionCacheTtlMs: e.PERMISSION_CACHE_TTL_MS,
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_MS,
    geoipDatabase: e.GEOIP_DATABASE,
    payloadPrivateKey: e.PAYLOAD_PRIVATE_KEY,
    webDistDir: e.WEB_DIST_DIR ? path.resolve(e.WEB_DIST_DIR) : undefined,
    backofficeDistDir: e.BACKOFFICE_DIST_DIR ? path.resolve(e.BACKOFFICE_DIST_DIR) : undefined,
    boOwnerPassword: e.BO_OWNER_PASSWORD,
    boTotpKey: e.BO_TOTP_KEY,
    boAdjustmentApprovalThresholdMinor: e.BO_ADJUSTMENT_APPROVAL_THRESHOLD_MINOR,
    boAdjustmentDirectWindowHours: e.BO_ADJUSTMENT_DIRECT_WINDOW_HOURS,
    serveWeb: e.SERVE_WEB,
    seedDemo: e.SEED_DEMO,
    devTools: e.DEV_TOOLS,
    apiDocs: e.API_DOCS,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    sessionIdleMinutes: e.SESSION_IDLE_MINUTES,
    sessionAbsoluteHours: e.SESSION_ABSOLUTE_HOURS,
    loginMaxFailures: e.LOGIN_MAX_FAILURES,
    loginLockMinutes: e.LOGIN_LOCK_MINUTES,
    loginCaptchaAfterFailures: e.LOGIN_CAPTCHA_AFTER_FAILURES,
    loginFailureWindowMinutes: e.LOGIN_FAILURE_WINDOW_MINUTES,
    loginNewIpVerification: e.LOGIN_NEW_IP_VERIFICATION,
    oidcProviders: e.OIDC_PROVIDERS,
    memberTotpKey: e.MEMBER_TOTP_KEY,
    loginMaxConcurrentHashes: e.LOGIN_MAX_CONCURRENT_HASHES,
    loginRateLimitPerMinute: e.LOGIN_RATE_LIMIT_PER_MINUTE,
    registerRateLimitPerMinute: e.REGISTER_RATE_LIMIT_PER_MINUTE,
    feedbackRateLimitPerMinute: e.FEEDBACK_RATE_LIMIT_PER_MINUTE,
    defaultMemberPassword: e.DEFAULT_MEMBER_PASSWORD,
    passwordMaxAgeDays: e.PASSWORD_MAX_AGE_DAYS,
    passwordResetTtlMinutes: e.PASSWORD_RESET_TTL_MINUTES,
    captchaTtlSeconds: e.CAPTCHA_TTL_SECONDS,
    captchaRefreshIntervalMs: e.CAPTCHA_REFRESH_INTERVAL_MS,
    smsCodeTtlMinutes: e.SMS_CODE_TTL_MINUTES,
    smsMaxSends: e.SMS_MAX_SENDS,
    smsSendWindowMinutes: e.SMS_SEND_WINDOW_MINUTES,
    smsMaxCodeAttempts: e.SMS_MAX_CODE_ATTEMPTS,
    smsDailyQuota: e.SMS_DAILY_QUOTA,
    smsRequireCaptcha: e.SMS_REQUIRE_CAPTCHA,
    uploadsDir: path.resolve(e.UPLOADS_DIR ?? path.join(e.DATA_DIR, 'uploads')),
    paymentSimEnabled: e.PAYMENT_SIM_ENABLED ?? e.DEV_TOOLS,
    paymentSimSecret: e.PAYMENT_SIM_SECRET,
    chatTokenSecret: e.CHAT_TOKEN_SECRET,
    chatTokenTtlMinutes: e.CHAT_TOKEN_TTL_MINUTES,
    paymentSimCallbackUrl:
      e.PAYMENT_SIM_CALLBACK_URL ??
      `${(e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, '')}/gateway/payments/simulator/callback`,
    paymentCallbackMaxAgeSeconds: e.PAYMENT_CALLBACK_MAX_AGE_SECONDS,
    paymentPasswordMaxFailures: e.PAYMENT_PASSWORD_MAX_FAILURES,
    paymentPasswordLockMinutes: e.PAYMENT_PASSWORD_LOCK_MINUTES,
    bankAccountsMax: e.BANK_ACCOUNTS_MAX,
    withdrawMinAmount: e.WITHDRAW_MIN_AMOUNT,
    withdrawMaxAmount: e.WITHDRAW_MAX_AMOUNT,
    withdrawDailyMaxCount: e.WITHDRAW_DAILY_MAX_COUNT,
    withdrawDailyMaxAmount: e.WITHDRAW_DAILY_MAX_AMOUNT,
    withdrawAutoConfirmMinutes: e.WITHDRAW_AUTO_CONFIRM_MINUTES,
    cashierDayUtcOffsetMinutes: e.CASHIER_DAY_UTC_OFFSET_MINUTES,
    jobsEnabled: e.JOBS_ENABLED,
    autoConfirmIntervalSeconds: e.AUTO_CONFIRM_INTERVAL_SECONDS,
    housekeepingIntervalSeconds: e.HOUSEKEEPING_INTERVAL_SECONDS,
    points: {
      earnIntervalSeconds: e.POINTS_EARN_INTERVAL_SECONDS,
      recoveryIntervalSeconds: e.POINTS_RECOVERY_INTERVAL_SECONDS,
      conversionStaleMinutes: e.POINTS_CONVERSION_STALE_MINUTES,
    },
    idempotencyKeyRetentionHours: e.IDEMPOTENCY_KEY_RETENTION_HOURS,
    ...gameVendorSettings(e),
    catalogueSyncIntervalMinutes: e.CATALOGUE_SYNC_INTERVAL_MINUTES,
    vendorTimeoutMs: e.VENDOR_TIMEOUT_MS,
    tcgTimeoutMs: e.TCG_TIMEOUT_MS,
    tcgReportUtcOffsetMinutes: e.TCG_REPORT_UTC_OFFSET_MINUTES,
    gameSessionTtlMinutes: e.GAME_SESSION_TTL_MINUTES,
    inhouseGames: e.INHOUSE_GAMES,
    catalogueEsportsVendors: e.CATALOGUE_ESPORTS_VENDORS,
    catalogueCockfightVendors: e.CATALOGUE_COCKFIGHT_VENDORS,
    catalogueInhouseVendors: e.CATALOGUE_INHOUSE_VENDORS,
  };
}

/**
 * The game aggregators: each is configured completely or not at all (a half-configured one is an error), and the
 * Hub88 key files are read here so that a missing or unreadable file stops the server with the other problems.
 */
function gameVendorSettings(e: z.infer<typeof envSchema>): Pick<AppConfig, 'hub88' | 'tcg'> {
  const problems: string[] = [];
  const group = (names: Record<string, string | undefined>) => {
    const missing = Object.entries(names).filter(([, value]) => value === undefined);
    if (missing.length === Object.keys(names).length) return false;
    for (const [name] of missing) problems.push(`${name}: required when the others of its group are set`);
    return missing.length === 0;
  };
  const readPem = (name: string, file: string): string => {
    try {
      const pem = readFileSync(path.resolve(file), 'utf8');
      if (!pem.includes('-----BEGIN')) problems.push(`${name}: ${file} is not a PEM file`);
      return pem;
    } catch {
      problems.push(`${name}: cannot read ${file}`);
      return '';
    }
  };
  let hub88: AppConfig['hub88'] = null;
  if (
    group({
      HUB88_API_URL: e.HUB88_API_URL,
      HUB88_OPERATOR_ID: e.HUB88_OPERATOR_ID,
      HUB88_OPERATOR_PRIVATE_KEY_FILE: e.HUB88_OPERATOR_PRIVATE_KEY_FILE,
      HUB88_PUBLIC_KEY_FILE: e.HUB88_PUBLIC_KEY_FILE,
    })
  ) {
    hub88 = {
      apiUrl: e.HUB88_API_URL as string,
      operatorId: e.HUB88_OPERATOR_ID as string,
      privateKeyPem: readPem('HUB88_OPERATOR_PRIVATE_KEY_FILE', e.HUB88_OPERATOR_PRIVATE_KEY_FILE as string),
      publicKeyPem: readPem('HUB88_PUBLIC_KEY_FILE', e.HUB88_PUBLIC_KEY_FILE as string),
    };
  }
  let tcg: AppConfig['tcg'] = null;
  if (
    group({
      TCG_API_URL: e.TCG_API_URL,
      TCG_MERCHANT_CODE: e.TCG_MERCHANT_CODE,
      TCG_DES_KEY: e.TCG_DES_KEY,
      TCG_SIGN_KEY: e.TCG_SIGN_KEY,
    })
  ) {
    tcg = {
      apiUrl: e.TCG_API_URL as string,
      merchantCode: e.TCG_MERCHANT_CODE as string,
      desKey: e.TCG_DES_KEY as string,
      signKey: e.TCG_SIGN_KEY as string,
      products: e.TCG_PRODUCTS
        ? e.TCG_PRODUCTS.split(',').map((item) => {
            const [productType = '0', code = '', category = ''] = item.split(':');
            return { productType: Number(productType), code, category };
          })
        : null,
    };
  }
  if (problems.length > 0) throw new ConfigError(problems);
  return { hub88, tcg };
}

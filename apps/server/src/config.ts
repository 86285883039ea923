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

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./.data'),
  DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/ }).optional(),
  DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(200).default(10),
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
  SERVE_WEB: booleanFlag.default(true),
  SEED_DEMO: booleanFlag.default(false),
  DEV_TOOLS: booleanFlag.default(false),
  API_DOCS: booleanFlag.default(true),
});

export type AppConfig = {
  port: number;
  host: string;
  dataDir: string;
  /** PostgreSQL connection string; when absent the server runs on embedded PGlite in dataDir. */
  databaseUrl: string | undefined;
  databasePoolMax: number;
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
  serveWeb: boolean;
  seedDemo: boolean;
  devTools: boolean;
  apiDocs: boolean;
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
    serveWeb: e.SERVE_WEB,
    seedDemo: e.SEED_DEMO,
    devTools: e.DEV_TOOLS,
    apiDocs: e.API_DOCS,
  };
}

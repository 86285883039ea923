import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { type AppDeps, buildApp } from '../app';
import { type AppConfig, loadConfig } from '../config';
import type { CountryResolver } from '../platform/geo/geo.types';
import { createTestDatabase } from './test-database';
import { testEnv } from './test-env';

/** Configuration for tests: quiet logs, no web app, generous limits unless a test sets its own. */
export function testConfig(overrides: Partial<AppConfig> = {}): AppConfig {
  return {
    ...loadConfig({ LOG_LEVEL: 'silent', SERVE_WEB: 'false', PERMISSION_CACHE_TTL_MS: '0' }),
    databaseInMemory: true,
    // With TEST_REDIS_URL the whole server suite runs its rate limits, caches and pub/sub on Redis;
    // a random prefix keeps parallel test files and repeated runs from sharing counters.
    redisUrl: testEnv.redisUrl,
    redisKeyPrefix: `test:${randomBytes(6).toString('hex')}:`,
    // Timers off: a test runs a job's tick itself (`app.jobs.tick`) or turns them on.
    jobsEnabled: false,
    // Off unless a test turns them on: their vendor would otherwise appear in every catalogue assertion.
    inhouseGames: false,
    ...overrides,
  };
}

/** A resolver for tests: addresses listed map to a country, everything else is unknown. */
export function fixedCountryResolver(map: Record<string, string>): CountryResolver {
  return { country: (ip) => map[ip] ?? null };
}

/**
 * Builds the real app on a fresh migrated database (PGlite in memory, or PostgreSQL when
 * TEST_DATABASE_URL is set). Close it in afterAll; that also drops the database.
 */
export async function buildTestApp(overrides: Partial<AppConfig> = {}, deps: AppDeps = {}): Promise<FastifyInstance> {
  const database = deps.database ?? (await createTestDatabase());
  const app = await buildApp(testConfig(overrides), {
    countryResolver: fixedCountryResolver({}),
    ...deps,
    database,
  });
  if (!deps.database) app.addHook('onClose', () => database.close());
  return app;
}

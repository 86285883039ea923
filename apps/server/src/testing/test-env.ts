/**
 * The only place tests read the environment (config.ts is the server's only reader). An empty variable
 * counts as unset, so `TEST_REDIS_URL= npx vitest` runs the in-memory suites only.
 */
export const testEnv = {
  databaseUrl: process.env.TEST_DATABASE_URL || undefined,
  redisUrl: process.env.TEST_REDIS_URL || undefined,
};

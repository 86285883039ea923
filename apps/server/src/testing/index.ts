export { buildTestApp, fixedCountryResolver, testConfig } from './test-app';
export { createTestDatabase } from './test-database';
export { testEnv } from './test-env';

export { awayFromCashierDayTurn } from './day-turn';
export { buildTestApp, fixedCountryResolver, testConfig } from './test-app';
export { createTestDatabase } from './test-database';
export { testEnv } from './test-env';

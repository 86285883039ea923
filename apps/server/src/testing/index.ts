export { awayFromCashierDayTurn } from './day-turn';
export { heldBackPool } from './held-back-pool';
export { logStatements, type StatementLog } from './statement-log';
export { buildTestApp, fixedCountryResolver, testConfig } from './test-app';
export { createTestDatabase } from './test-database';
export { testEnv } from './test-env';

export type { BatchedReads } from './batched-reads';
export { type Database, type DatabaseOptions, type Db, type DbOrTx, openDatabase, type Tx } from './database';
export { isDatabaseError, isLockTimeout, isRetryableDbError, isUniqueViolation } from './errors';
export type { PipelinePool, PipelineSession } from './pipeline';
export { rawQuery, rowsOf } from './raw-query';

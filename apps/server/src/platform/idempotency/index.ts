export {
  type IdempotencyClaimResult,
  type IdempotencyOptions,
  type IdempotencyRecord,
  type IdempotencyStorage,
  idempotencyHeader,
  idempotencyPlugin,
  idempotentReplayHeader,
  type RouteIdempotency,
} from './idempotency.plugin';
export { canonicalJson, requestHash, withoutSecrets } from './request-hash';

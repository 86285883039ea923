/**
 * @portal/vendor-sim: a stand-in third-party game aggregator for tests and `npm start`. Importing it has no side
 * effects; `startVendorSim` starts the HTTP service.
 */
export type { SimGame } from './catalogue/generator';
export { HUB88_CATEGORIES, PROVIDERS } from './catalogue/providers';
export type { AmbiguousMode, FaultName, Faults, ReportFaultMode } from './faults';
export { SIGNATURE_HEADER, signBody, verifyBody } from './hub88/signature';
export type { RetryPolicy } from './hub88/wallet-client';
export { generateVendorKeys, type KeyPair, type VendorKeys } from './keys';
export { type PlaySlotSpinInput, startVendorSim, type VendorSim, type VendorSimOptions } from './sim';
export { decryptParams, encryptParams, signParams } from './tcg/crypto';
export type { TcgBetRecord } from './tcg/merchant';

/** The wallet module's public face: other modules and app.ts use only what is exported here. */
export { createWalletIdempotencyStorage } from './wallet.idempotency';
export { type WalletRoutesOptions, walletRoutes } from './wallet.routes';
export {
  createWalletService,
  type ResolveOptions,
  type Transfer,
  type TransferEntry,
  type TransferInput,
  type WalletAccount,
  type WalletOwner,
  type WalletService,
  type WalletServiceDeps,
} from './wallet.service';

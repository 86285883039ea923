/** The wallet module's public face: other modules and app.ts use only what is exported here. */
export type {
  CashierQueueChange,
  CashierSettings,
  MemberNotice,
  OperatorPage,
  OperatorRef,
  PageInput,
} from './cashier.context';
export { type CashierRoutesOptions, cashierRoutes } from './cashier.routes';
export { type CashierService, createCashierService } from './cashier.service';
export { type CashierSetupOptions, setUpCashier } from './cashier.setup';
export { type DepositService, depositCreditKey } from './deposit.service';
export type { PaymentGateway, PaymentGateways } from './payment-gateway';
export { type PaymentGatewayRoutesOptions, paymentGatewayRoutes } from './payment-gateway.routes';
export { type PaymentSimulator, type SimFault, type SimTransport, simulatorGatewayCode } from './payment-simulator';
export { createWalletIdempotencyStorage } from './wallet.idempotency';
export { type WalletJobDeps, type WalletJobSettings, walletJobNames, walletJobs } from './wallet.jobs';
export { createWalletReports, type WalletReports } from './wallet.reports.service';
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
  type WithinTransfer,
} from './wallet.service';
export type { WithdrawService } from './withdraw.service';

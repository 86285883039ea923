/** The gaming module's public face: app.ts uses only what is exported here. */
export type {
  LaunchRequest,
  TransferOutcome,
  TransferVendorAdapter,
  VendorAdapter,
  VendorBetPage,
  VendorBetRecord,
} from './gaming.adapter';
export { type GatewayRoutesOptions, gatewayRoutes } from './gaming.gateway.routes';
export type { RoundTotalsRow } from './gaming.repository';
export { type GamingRoutesOptions, gamingRoutes } from './gaming.routes';
export { createGamingService, type GamingDeps, type GamingService, maskName } from './gaming.service';
export { type GamingSettings, type GamingSetupOptions, setUpGaming } from './gaming.setup';
export { createHub88Adapter, hub88Category, hub88VendorCode } from './hub88.client';
export { signHub88Body, verifyHub88Body } from './hub88.signature';
export { createHub88Wallet, type Hub88Wallet, hub88UserOf } from './hub88.wallet';
export { createInhouseAdapter } from './inhouse.adapter';
export { type InhouseRoutesOptions, inhouseRoutes } from './inhouse.routes';
export { createInhouseGames, type InhouseGames, inhouseAggregator, inhouseVendorCode } from './inhouse.service';
export { createTcgAdapter, defaultTcgProducts, type TcgProduct } from './tcg.client';
export { decryptTcgParams, encryptTcgParams, signTcgParams } from './tcg.crypto';

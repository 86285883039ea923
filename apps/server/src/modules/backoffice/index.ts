/** The back-office module's public face: app.ts uses only what is exported here. */
export {
  type AdjustmentService,
  type AdjustmentServiceDeps,
  adjustmentTransferKey,
  createAdjustmentService,
} from './backoffice.adjustments.service';
export type { BackofficeCashier, BackofficeCashierEvents } from './backoffice.cashier.routes';
export type { BackofficeGames } from './backoffice.games.routes';
export type { BackofficePlayers } from './backoffice.players.routes';
export {
  type BackofficePlayersDeps,
  type BackofficePlayersService,
  createBackofficePlayersService,
} from './backoffice.players.service';
export {
  type BackofficeReports,
  type BackofficeReportsDeps,
  createBackofficeReports,
} from './backoffice.reports.service';
export { type BackofficeRoutesOptions, backofficeRoutes, type OperatorAccess } from './backoffice.routes';
export {
  type BackofficeService,
  backofficeDefaults,
  createBackofficeService,
  type FirstOwner,
  type OperatorContext,
  seedFirstOwner,
} from './backoffice.service';

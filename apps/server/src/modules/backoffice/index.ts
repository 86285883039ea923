/** The back-office module's public face: app.ts uses only what is exported here. */
export type { BackofficeCashier } from './backoffice.cashier.routes';
export { type BackofficeRoutesOptions, backofficeRoutes, type OperatorAccess } from './backoffice.routes';
export {
  type BackofficeService,
  backofficeDefaults,
  createBackofficeService,
  type FirstOwner,
  type OperatorContext,
  seedFirstOwner,
} from './backoffice.service';

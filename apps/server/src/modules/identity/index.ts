/** The identity module's public face: other modules and app.ts use only what is exported here. */
export { createAuthenticate, requireRealAccount } from './identity.auth';
export {
  createIdentityOperatorService,
  type IdentityOperatorService,
} from './identity.operator.service';
export { identityRoutes } from './identity.routes';
export { type DemoLogin, seedDemoAccounts } from './identity.seed';
export {
  type AccountSummary,
  type CreateAccountInput,
  createIdentityService,
  type IdentityService,
  type IdentitySettings,
} from './identity.service';

/** The support module's public face (live chat): app.ts uses only what is exported here. */
export { type SupportOperatorDeps, supportOperatorRoutes } from './support.operator-routes';
export { type SupportRoutesOptions, supportRoutes } from './support.routes';
export {
  createSupportService,
  type SupportOperator,
  type SupportService,
  type SupportServiceDeps,
} from './support.service';
export { createSupportSockets, type SupportSockets } from './support.sockets';

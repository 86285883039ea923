/** The promotions module's public face: other modules and app.ts use only what is exported here. */
export { type PointsRoutesOptions, pointsRoutes } from './points.routes';
export { seedDemoPoints } from './points.seed';
export {
  createPointsService,
  defaultPointsSettings,
  type PointsService,
  type PointsServiceDeps,
  type PointsSettings,
  pointsUnit,
} from './points.service';

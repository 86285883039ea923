/** The promotions module's public face: other modules and app.ts use only what is exported here. */
export { type PlayedRound, type PointsJobDeps, pointsForRound, pointsJobNames, pointsJobs } from './points.jobs';
export { createPointsOperator, type PointsOperator, type PointsOperatorDeps } from './points.operator';
export { type PointsRoutesOptions, pointsRoutes } from './points.routes';
export { seedDemoGoods, seedDemoPoints } from './points.seed';
export {
  createPointsService,
  defaultPointsSettings,
  earnKey,
  type PointsService,
  type PointsServiceDeps,
  type PointsSettings,
  pointsUnit,
  type RedemptionNotice,
} from './points.service';

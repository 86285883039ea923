/** The system module's public face: other modules and app.ts use only what is exported here. */
export { systemRoutes } from './system.routes';
export { seedSystem } from './system.seed';
export { createSystemService, type SystemService } from './system.service';

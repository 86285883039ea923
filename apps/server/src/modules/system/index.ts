/** The system module's public face: other modules and app.ts use only what is exported here. */
export { createOutboxService, type OutboxMessage, type OutboxService } from './outbox.service';
export { systemRoutes } from './system.routes';
export { seedSystem } from './system.seed';
export { createSystemService, type SystemService } from './system.service';

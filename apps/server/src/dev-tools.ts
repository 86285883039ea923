import type { FastifyPluginAsync } from 'fastify';
import { ok } from './platform/http/envelope';

/**
 * Development tools, mounted under /dev only when DEV_TOOLS is on. Modules add their outboxes and
 * captcha answers here so demos and automated journeys can finish every flow; with DEV_TOOLS off
 * none of these routes exist.
 */
export const devToolsRoutes: FastifyPluginAsync = async (app) => {
  app.get('/', { schema: { hide: true } }, async () =>
    ok({ devTools: true, routes: app.printRoutes({ commonPrefix: false }).split('\n').filter(Boolean) }),
  );
};

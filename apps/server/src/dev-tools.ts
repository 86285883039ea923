import { okEnvelope } from '@portal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { OutboxService } from './modules/system';
import { ok } from './platform/http/envelope';

export type DevToolsOptions = { outbox: OutboxService };

const outboxMessageSchema = z.object({
  id: z.number(),
  channel: z.enum(['SMS', 'EMAIL']),
  recipient: z.string(),
  subject: z.string().nullable(),
  body: z.string(),
  createdAt: z.string(),
});

/**
 * Development tools, mounted under /dev only when DEV_TOOLS is on, so demos and automated journeys
 * can finish flows that need a phone or an inbox. With DEV_TOOLS off none of these routes exist.
 */
export const devToolsRoutes: FastifyPluginAsyncZod<DevToolsOptions> = async (app, { outbox }) => {
  app.get('/', { schema: { tags: ['dev'], summary: 'What the development tools offer' } }, async () =>
    ok({ devTools: true, tools: ['GET /dev/outbox?channel=SMS|EMAIL&recipient=&limit='] }),
  );

  app.get(
    '/outbox',
    {
      schema: {
        tags: ['dev'],
        summary: 'Messages the built-in SMS and e-mail providers sent, newest first',
        querystring: z.strictObject({
          channel: z.enum(['SMS', 'EMAIL']).optional(),
          recipient: z.string().max(120).optional(),
          limit: z.coerce.number().int().min(1).max(200).default(50),
        }),
        response: { 200: okEnvelope(z.array(outboxMessageSchema)) },
      },
    },
    async (request) => ok(await outbox.list(request.query)),
  );
};

import { okEnvelope } from '@portal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { IdentityService } from './modules/identity';
import type { OutboxService } from './modules/system';
import { AppError } from './platform/http/app-error';
import { ok } from './platform/http/envelope';

export type DevToolsOptions = { outbox: OutboxService; identity: Pick<IdentityService, 'peekCaptchaAnswer'> };

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
export const devToolsRoutes: FastifyPluginAsyncZod<DevToolsOptions> = async (app, { outbox, identity }) => {
  app.get('/', { schema: { tags: ['dev'], summary: 'What the development tools offer' } }, async () =>
    ok({
      devTools: true,
      tools: ['GET /dev/outbox?channel=SMS|EMAIL&recipient=&limit=', 'GET /dev/captcha/:captchaId'],
    }),
  );

  app.get(
    '/captcha/:captchaId',
    {
      schema: {
        tags: ['dev'],
        summary: 'The answer of a live captcha, so automated journeys can pass it (the captcha stays unused)',
        params: z.strictObject({ captchaId: z.string().max(64) }),
        response: { 200: okEnvelope(z.object({ captchaId: z.string(), answer: z.string() })) },
      },
    },
    async (request) => {
      const answer = await identity.peekCaptchaAnswer(request.params.captchaId);
      if (answer === null) throw new AppError('NOT_FOUND', { captchaId: request.params.captchaId });
      return ok({ captchaId: request.params.captchaId, answer });
    },
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

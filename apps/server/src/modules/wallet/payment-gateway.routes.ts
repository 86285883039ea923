import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { DepositService } from './deposit.service';
import { type PaymentSimulator, type SimFault, simFaults } from './payment-simulator';

export type PaymentGatewayRoutesOptions = {
  deposits: DepositService;
  /** The simulator PSP's pages; null when PAYMENT_SIM_ENABLED is off. */
  simulator: PaymentSimulator | null;
};

const callbackBodyLimit = 64 * 1024;

/**
 * Payment gateways' server-to-server callbacks (`/gateway/payments/:gateway/callback`, answered in the gateway's
 * own format, not our envelope) and the simulator PSP's pay page (`/gateway-sim/pay/:intentId`).
 */
export const paymentGatewayRoutes: FastifyPluginAsyncZod<PaymentGatewayRoutesOptions> = async (
  app,
  { deposits, simulator },
) => {
  // Signatures cover the exact bytes sent, so this plugin keeps JSON bodies raw; forms are for the pay page.
  app.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: callbackBodyLimit }, (_r, body, done) =>
    done(null, body),
  );
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 4096 },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );

  app.post(
    '/gateway/payments/:gateway/callback',
    {
      bodyLimit: callbackBodyLimit,
      // The answers are a few bytes, always under the compression threshold: skip the plugin's per-request hooks.
      compress: false,
      schema: {
        tags: ['gateway'],
        summary: "A payment gateway's signed callback (X-Signature, X-Timestamp, X-Nonce over the raw body)",
        params: z.object({ gateway: z.string().regex(/^[a-z0-9_]{1,20}$/) }),
      },
    },
    async (request, reply) => {
      const headers: Record<string, string | undefined> = {};
      for (const [name, value] of Object.entries(request.headers)) {
        headers[name.toLowerCase()] = Array.isArray(value) ? value[0] : value;
      }
      const rawBody = typeof request.body === 'string' ? request.body : '';
      const answer = await deposits.handleGatewayCallback(request.params.gateway, headers, rawBody);
      return reply.status(answer.statusCode).type(answer.contentType).send(answer.body);
    },
  );

  if (!simulator) return;

  const intentParams = z.object({ intentId: z.string().regex(/^sim_[0-9a-f]{24}$/) });
  const lang = z.object({ lang: z.enum(['en', 'bn']).optional() });

  app.get(
    '/gateway-sim/pay/:intentId',
    { schema: { hide: true, params: intentParams, querystring: lang } },
    async (request, reply) => {
      const page = await simulator.renderPayPage(request.params.intentId, request.query.lang);
      return reply
        .status(page.statusCode)
        .header('cache-control', 'no-store')
        .type('text/html; charset=utf-8')
        .send(page.html);
    },
  );

  app.post(
    '/gateway-sim/pay/:intentId',
    {
      schema: {
        hide: true,
        params: intentParams,
        querystring: lang,
        body: z.object({
          decision: z.enum(['approve', 'decline']),
          // Demos can make the callback misbehave from the page, as tests do.
          fault: z.enum(simFaults as [SimFault, ...SimFault[]]).optional(),
        }),
      },
    },
    async (request, reply) => {
      const result = await simulator.decide(request.params.intentId, request.body.decision, {
        faults: request.body.fault ? [request.body.fault] : [],
        language: request.query.lang,
      });
      return reply
        .status(result.intent ? 200 : 404)
        .header('cache-control', 'no-store')
        .type('text/html; charset=utf-8')
        .send(result.html);
    },
  );
};

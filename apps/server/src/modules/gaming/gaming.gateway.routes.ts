import type { FastifyPluginAsync } from 'fastify';
import { hub88SignatureHeader } from './hub88.signature';
import type { Hub88Endpoint, Hub88Wallet } from './hub88.wallet';

export type GatewayRoutesOptions = {
  /** The Hub88 Wallet API; its routes are absent when no Hub88 aggregator is configured. */
  hub88: Hub88Wallet | null;
};

const hub88Endpoints: Hub88Endpoint[] = [
  'user/info',
  'user/balance',
  'transaction/bet',
  'transaction/win',
  'transaction/rollback',
];

/**
 * The vendors' server-to-server calls under `/gateway/<vendor>/…`. The bodies stay raw bytes (no JSON parsing
 * before the signature check, which must see exactly what was signed); answers follow each vendor's protocol,
 * not the portal's envelope. Not rate limited per IP: an aggregator calls from a few fixed addresses.
 */
export const gatewayRoutes: FastifyPluginAsync<GatewayRoutesOptions> = async (app, options) => {
  // Encapsulated: only this plugin's routes read bodies as raw buffers.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));

  const { hub88 } = options;
  if (hub88) {
    for (const endpoint of hub88Endpoints) {
      app.post(
        `/gateway/hub88/${endpoint}`,
        {
          config: { rateLimit: false },
          schema: {
            tags: ['gateway'],
            summary: `Hub88 Wallet API: ${endpoint} (signed with X-Hub88-Signature over the raw body; answers carry an RS_* status)`,
          },
        },
        async (request, reply) => {
          const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
          const header = request.headers[hub88SignatureHeader];
          const answer = await hub88.handle(endpoint, raw, Array.isArray(header) ? header[0] : header);
          return reply
            .status(200)
            .header('content-type', 'application/json; charset=utf-8')
            .send(JSON.stringify(answer));
        },
      );
    }
  }
};

import {
  calls,
  inhouseGameTokenHeader,
  inhousePlayInputSchema,
  inhousePlayResultSchema,
  inhouseRotateInputSchema,
  inhouseRoundsQuerySchema,
  inhouseRoundsSchema,
  inhouseSeedRotationSchema,
  inhouseTableSchema,
  inhouseVerifyInputSchema,
  inhouseVerifyResultSchema,
  lookupMessage,
  okEnvelope,
  requestHeaders,
} from '@portal/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../platform/http/app-error';
import { ok, requestLanguage } from '../../platform/http/envelope';
import type { InhouseGames } from './inhouse.service';

export type InhouseRoutesOptions = { inhouse: InhouseGames };

const tags = ['in-house games'];
const keyPattern = /^[\x21-\x7e]{8,128}$/;

function gameToken(request: FastifyRequest): string {
  const header = request.headers[inhouseGameTokenHeader];
  const token = Array.isArray(header) ? header[0] : header;
  if (!token) throw new AppError('GAMING_SESSION_INVALID');
  return token;
}

/**
 * The in-house games' calls, made by the game page inside the game frame with the launch's token in
 * `X-Game-Token` (like a vendor's game, it never sees the member's portal session). Bets need an Idempotency-Key:
 * a retry answers the first bet.
 */
export const inhouseRoutes: FastifyPluginAsyncZod<InhouseRoutesOptions> = async (app, { inhouse }) => {
  app.get(
    calls.inhouseSeed.path,
    {
      schema: {
        tags,
        summary:
          "The game page's opening state: the member's seed pair (the server seed's SHA-256 as the commitment, the client seed, the next nonce), balance, currency and stake limits",
        response: { 200: okEnvelope(inhouseTableSchema) },
      },
    },
    async (request) => ok(await inhouse.table(gameToken(request))),
  );

  app.post(
    calls.inhouseRotateSeed.path,
    {
      schema: {
        tags,
        summary: 'Reveals the server seed (every bet under it can now be checked) and starts a new pair',
        body: inhouseRotateInputSchema,
        response: { 200: okEnvelope(inhouseSeedRotationSchema) },
      },
    },
    async (request) => ok(await inhouse.rotateSeed(gameToken(request), request.body.clientSeed)),
  );

  app.post(
    calls.inhousePlay.path,
    {
      schema: {
        tags,
        summary:
          'One bet of dice or limbo, decided by HMAC-SHA256(server seed, client seed:nonce); Idempotency-Key required',
        body: inhousePlayInputSchema,
        response: { 200: okEnvelope(inhousePlayResultSchema) },
      },
    },
    async (request) => {
      const header = request.headers[requestHeaders.idempotencyKey];
      const key = Array.isArray(header) ? header[0] : header;
      if (!key || !keyPattern.test(key)) {
        const message = lookupMessage(requestLanguage(request), key ? 'validation.invalid' : 'validation.required');
        throw new AppError('VALIDATION_FAILED', {}, [
          { path: `headers.${requestHeaders.idempotencyKey}`, code: 'invalid', message: message ?? 'invalid' },
        ]);
      }
      return ok(await inhouse.play(gameToken(request), request.body, key));
    },
  );

  app.get(
    calls.inhouseRounds.path,
    {
      schema: {
        tags,
        summary: "The member's last in-house bets with their seeds (server seeds of rotated pairs only)",
        querystring: inhouseRoundsQuerySchema,
        response: { 200: okEnvelope(inhouseRoundsSchema) },
      },
    },
    async (request) => ok(await inhouse.rounds(gameToken(request), request.query.limit)),
  );

  app.post(
    calls.inhouseVerify.path,
    {
      schema: {
        tags,
        summary: 'Recomputes a bet from a revealed server seed, the client seed and the nonce (no session needed)',
        body: inhouseVerifyInputSchema,
        response: { 200: okEnvelope(inhouseVerifyResultSchema) },
      },
    },
    async (request) => ok(inhouse.verify(request.body)),
  );
};

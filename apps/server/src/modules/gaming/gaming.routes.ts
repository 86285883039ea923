import {
  type CallEntry,
  calls,
  gameRecallQuerySchema,
  gameRecallSchema,
  gameRoundDetailsQuerySchema,
  gameRoundDetailsSchema,
  launchGameInputSchema,
  launchGameResultSchema,
  okEnvelope,
  openedNumbersQuerySchema,
  openedNumbersSchema,
  rankListInputSchema,
  rankListSchema,
  vnGameMenuQuerySchema,
  vnGameMenuSchema,
  walletTransferInputSchema,
  walletTransferResultSchema,
} from '@portal/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { bearerToken, requireAuth } from '../../platform/http/auth-context';
import { ok } from '../../platform/http/envelope';
import { requestLanguage } from '../catalogue';
import { requireRealAccount } from '../identity';
import type { GamingService } from './gaming.service';

export type GamingRoutesOptions = {
  gaming: GamingService;
  /** The identity module's session check, for `startGameV2` (no token flag: visitors may start a free trial). */
  authenticate(request: FastifyRequest): Promise<void>;
  defaultLanguage: string;
};

const route = (entry: CallEntry) => ({ method: entry.method, url: entry.path });
const tokenSecurity = [{ token: [] }];
const tags = ['games'];

/** Launch, transfers to transfer-mode vendors, the winners board and the game recall. */
export const gamingRoutes: FastifyPluginAsyncZod<GamingRoutesOptions> = async (app, options) => {
  const { gaming } = options;
  const language = (request: FastifyRequest, given?: string) =>
    given ?? requestLanguage(request) ?? options.defaultLanguage;

  const launchSummary =
    'Launches a game (mode real or trial; launchMode GAME, LOBBY or LOTT) and answers the URL to open. Visitors get AUTH_REQUIRED for real money (the login popup), trial users IDENTITY_REAL_ACCOUNT_REQUIRED; a game or vendor under maintenance answers CATALOGUE_GAME_MAINTENANCE';

  for (const entry of [calls.launchGame, calls.gameLaunchFb]) {
    app.route({
      ...route(entry),
      schema: {
        tags,
        summary: launchSummary,
        security: tokenSecurity,
        body: launchGameInputSchema,
        response: { 200: okEnvelope(launchGameResultSchema) },
      },
      handler: async (request) =>
        ok(
          await gaming.launch(request.body, {
            auth: requireAuth(request),
            language: language(request, request.body.language),
            ip: request.ip,
          }),
        ),
    });
  }

  app.route({
    ...route(calls.startGameV2),
    schema: {
      tags,
      summary: `${launchSummary}. Without a token only the free trial starts.`,
      body: launchGameInputSchema,
      response: { 200: okEnvelope(launchGameResultSchema) },
    },
    handler: async (request) => {
      if (bearerToken(request)) await options.authenticate(request);
      return ok(
        await gaming.launch(request.body, {
          auth: request.auth,
          language: language(request, request.body.language),
          ip: request.ip,
        }),
      );
    },
  });

  app.route({
    ...route(calls.walletTransfer),
    config: { idempotency: true },
    schema: {
      tags,
      summary:
        "Moves money into a transfer-mode vendor's wallet (in), part of it back (out) or all of it back (all_out). Takes an Idempotency-Key header; an ambiguous vendor answer is resolved with the vendor's status check (status PENDING until then)",
      security: tokenSecurity,
      body: walletTransferInputSchema,
      response: { 200: okEnvelope(walletTransferResultSchema) },
    },
    handler: async (request) => ok(await gaming.walletTransfer(requireRealAccount(request), request.body)),
  });

  app.route({
    ...route(calls.rankList),
    schema: {
      tags,
      summary: 'The winners board: the biggest wins (limitNum 20), names masked',
      body: rankListInputSchema.optional(),
      response: { 200: okEnvelope(rankListSchema) },
    },
    handler: async (request) => {
      const input = rankListInputSchema.parse(request.body ?? {});
      return ok(await gaming.rankList(input, language(request, input.language)));
    },
  });

  app.route({
    ...route(calls.vnGameMenu),
    schema: {
      tags,
      summary: 'Lottery menu: the lottery games grouped by game group, for the prize mode (LOTT, ELOTT or both)',
      querystring: vnGameMenuQuerySchema,
      response: { 200: okEnvelope(vnGameMenuSchema) },
    },
    handler: async (request) => ok(await gaming.vnGameMenu(request.query, language(request, request.query.language))),
  });

  app.route({
    ...route(calls.vnGameMenuRecent),
    schema: {
      tags,
      summary: 'The lottery games the member launched, grouped like the lottery menu',
      security: tokenSecurity,
      querystring: vnGameMenuQuerySchema,
      response: { 200: okEnvelope(vnGameMenuSchema) },
    },
    handler: async (request) =>
      ok(
        await gaming.vnGameMenuRecent(
          requireAuth(request).accountId,
          request.query,
          language(request, request.query.language),
        ),
      ),
  });

  for (const entry of [calls.vnOpenedNumbers, calls.lottoOpenedNumbers]) {
    app.route({
      ...route(entry),
      schema: {
        tags,
        summary: "A lottery game's latest draws (opened numbers), newest first, from its vendor",
        ...(entry.token ? { security: tokenSecurity } : {}),
        querystring: openedNumbersQuerySchema,
        response: { 200: okEnvelope(openedNumbersSchema) },
      },
      handler: async (request) => ok(await gaming.openedNumbers(request.query)),
    });
  }

  app.route({
    ...route(calls.gameRoundDetails),
    schema: {
      tags,
      summary: "The vendor's page with the details of one of the member's recalled rounds",
      security: tokenSecurity,
      querystring: gameRoundDetailsQuerySchema,
      response: { 200: okEnvelope(gameRoundDetailsSchema) },
    },
    handler: async (request) =>
      ok(await gaming.roundDetails(requireRealAccount(request).accountId, request.query.roundId)),
  });

  app.route({
    ...route(calls.gameRecall),
    schema: {
      tags,
      summary: "Game recall: the member's last 10 rounds (stake, win, status), newest first",
      security: tokenSecurity,
      querystring: gameRecallQuerySchema,
      response: { 200: okEnvelope(gameRecallSchema) },
    },
    handler: async (request) =>
      ok(await gaming.recall(requireRealAccount(request).accountId, language(request, request.query.language))),
  });
};

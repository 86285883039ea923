import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { catalogue, findGame, type SimGame } from '../catalogue/generator';
import type { SimContext } from '../context';
import { SIGNATURE_HEADER, verifyBody } from './signature';

/**
 * The Hub88 Games API the operator calls (`<HUB88_API_URL>/operator/generic/v2/...`), each request signed with the
 * operator's private key over the raw body. Errors are `{"error": "<text>"}` with the documented HTTP codes.
 * @see /work/shared/protocols/hub88-wallet.md section 8
 */
export function registerGamesApi(app: FastifyInstance, ctx: SimContext): void {
  app.register(
    async (scope) => {
      // The signature covers the exact bytes, so the body is kept raw and parsed only after the check.
      scope.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => done(null, body));

      const fail = (reply: FastifyReply, code: number, error: string) => reply.code(code).send({ error });
      const lastListCall = new Map<string, number>();

      /** Signature, JSON and operator checks shared by every Games API call; null when the reply was sent. */
      const authenticate = (request: FastifyRequest, reply: FastifyReply): Record<string, unknown> | null => {
        const raw = typeof request.body === 'string' ? request.body : '';
        const signature = request.headers[SIGNATURE_HEADER];
        if (!verifyBody(raw, typeof signature === 'string' ? signature : undefined, ctx.operatorPublicKeyPem)) {
          fail(reply, 401, 'Invalid or missing signature');
          return null;
        }
        let body: unknown;
        try {
          body = JSON.parse(raw);
        } catch {
          fail(reply, 400, 'Body is not valid JSON');
          return null;
        }
        if (!body || typeof body !== 'object' || Array.isArray(body)) {
          fail(reply, 400, 'Body must be a JSON object');
          return null;
        }
        const fields = body as Record<string, unknown>;
        if (fields.operator_id === undefined) {
          fail(reply, 400, 'operator_id is required');
          return null;
        }
        if (String(fields.operator_id) !== ctx.operatorId) {
          fail(reply, 404, 'Unknown operator_id');
          return null;
        }
        return fields;
      };

      scope.post('/operator/generic/v2/game/list', async (request, reply) => {
        const body = authenticate(request, reply);
        if (!body) return reply;
        const limit = ctx.gameListRateLimitPerMinute;
        if (limit > 0) {
          const now = Date.now();
          const last = lastListCall.get(ctx.operatorId) ?? 0;
          if (now - last < 60_000 / limit)
            return fail(reply, 429, 'Rate limit: game/list may be called once per minute');
          lastListCall.set(ctx.operatorId, now);
        }
        const base = ctx.publicUrl();
        return catalogue().map((game) => gameListItem(game, base, ctx));
      });

      scope.post('/operator/generic/v2/game/url', async (request, reply) => {
        const body = authenticate(request, reply);
        if (!body) return reply;
        const { user, token, currency, game_code: gameCode, platform, lang, lobby_url: lobbyUrl } = body;
        const demo = user === undefined && token === undefined;
        if (typeof gameCode !== 'string' || !gameCode) return fail(reply, 400, 'game_code is required');
        if (typeof currency !== 'string' || !/^[A-Z]{3,5}$/.test(currency))
          return fail(reply, 400, 'currency is required');
        if (platform !== 'GPL_DESKTOP' && platform !== 'GPL_MOBILE')
          return fail(reply, 400, 'platform must be GPL_DESKTOP or GPL_MOBILE');
        if (!demo) {
          if (typeof user !== 'string' || user.length < 3)
            return fail(reply, 400, 'user must be a string of at least 3 characters');
          if (typeof token !== 'string' || token.length < 10 || token.length > 255)
            return fail(reply, 400, 'token must be a string of 10 to 255 characters');
        }
        if (lang !== undefined && typeof lang !== 'string') return fail(reply, 400, 'lang must be a string');
        if (lobbyUrl !== undefined && (typeof lobbyUrl !== 'string' || !/^https?:\/\//.test(lobbyUrl)))
          return fail(reply, 400, 'lobby_url must be an http(s) URL');
        if (!ctx.currencies.has(currency))
          return fail(reply, 403, `Currency ${currency} is not enabled for this operator`);
        const game = findGame(gameCode);
        if (!game) return fail(reply, 404, 'Unknown game_code');
        if (demo && game.kind !== 'slot') return fail(reply, 403, 'This game has no demo mode');
        const session = ctx.sessions.open({
          game,
          ...(demo ? {} : { user: user as string, token: token as string }),
          currency,
          platform,
          lang: typeof lang === 'string' ? lang : 'en',
          ...(typeof lobbyUrl === 'string' ? { lobbyUrl } : {}),
        });
        return { url: `${ctx.publicUrl()}/play/${session.id}` };
      });

      scope.post('/operator/generic/v2/game/round', async (request, reply) => {
        const body = authenticate(request, reply);
        if (!body) return reply;
        const { user, round, transaction_uuid: transactionUuid } = body;
        if (typeof user !== 'string' || typeof round !== 'string' || typeof transactionUuid !== 'string')
          return fail(reply, 400, 'user, round and transaction_uuid are required');
        const record = ctx.sessions.round(round);
        if (!record || record.user !== user || !record.transactions.some((t) => t.transactionUuid === transactionUuid))
          return fail(reply, 404, 'Unknown round');
        return { url: `${ctx.publicUrl()}/round/${encodeURIComponent(round)}` };
      });
    },
    { prefix: '/hub88' },
  );
}

const FEATURES: Record<SimGame['kind'], string[]> = {
  slot: ['wild', 'scatter'],
  baccarat: ['live_dealer_style', 'timed_rounds'],
  fish: ['instant_win'],
  blackjack: ['double_down'],
  cockfight: ['timed_rounds'],
};

export function gameListItem(game: SimGame, base: string, ctx: Pick<SimContext, 'rtp' | 'slotHitRatio'>) {
  const slot = game.kind === 'slot';
  return {
    game_code: game.code,
    name: game.name,
    product: game.providerCode,
    category: game.category,
    platforms: ['GPL_DESKTOP', 'GPL_MOBILE'],
    enabled: true,
    freebet_support: false,
    demo_game_support: slot,
    phoenix_jackpot_support: false,
    blocked_countries: [],
    release_date: game.releaseDate,
    url_thumb: `${base}/art/${game.code}.svg`,
    url_background: `${base}/art/${game.code}.svg?variant=wide`,
    volatility: game.volatility,
    // Fish pays the configured RTP on every shot; blackjack (S17, 3:2, no split) about 99.3%; baccarat's best bet
    // (banker, 5% commission) 98.94%.
    rtp:
      slot || game.kind === 'fish'
        ? Math.round(ctx.rtp * 10_000) / 100
        : game.kind === 'blackjack'
          ? 99.3
          : game.kind === 'cockfight'
            ? 96.24
            : 98.94,
    paylines: slot ? 20 : null,
    hit_ratio: slot ? ctx.slotHitRatio() : null,
    certifications: [],
    languages: ['eng'],
    theme: game.themes,
    technology: ['html5'],
    features: FEATURES[game.kind],
  };
}

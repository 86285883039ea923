import type { FastifyInstance, FastifyReply } from 'fastify';
import { renderArt } from '../catalogue/art';
import { findGame } from '../catalogue/generator';
import type { SimContext } from '../context';
import { BLACKJACK_STAKES, BlackjackError } from '../games/blackjack';
import { FISH_KINDS, FISH_STAKES, FishPlayError } from '../games/fish';
import { callerOf, SLOT_BET_LEVELS, SlotPlayError } from '../games/slot-play';
import { TableError, walletMessage } from '../games/timed-table';
import { baccaratPage } from '../pages/baccarat-page';
import { blackjackPage } from '../pages/blackjack-page';
import { cockfightPage } from '../pages/cockfight-page';
import { fishPage } from '../pages/fish-page';
import { escapeHtml, pageShell } from '../pages/layout';
import { slotPage } from '../pages/slot-page';
import type { Hub88Session } from './sessions';

const BACCARAT_CHIPS = [1, 5, 10, 50, 100, 500].map((major) => major * 100_000);

/** Artwork, the launch pages of the Hub88 games, their small JSON APIs, and the round-details page. */
export function registerPlayRoutes(app: FastifyInstance, ctx: SimContext): void {
  app.get<{ Params: { file: string }; Querystring: { variant?: string } }>('/art/:file', async (request, reply) => {
    const code = request.params.file.replace(/\.svg$/, '');
    const game = findGame(code);
    if (!game || !request.params.file.endsWith('.svg')) return reply.code(404).send({ error: 'Unknown artwork' });
    return reply
      .header('content-type', 'image/svg+xml; charset=utf-8')
      .header('cache-control', 'public, max-age=86400, immutable')
      .send(renderArt(game, request.query.variant === 'wide'));
  });

  const sessionOr404 = (id: string, reply: FastifyReply): Hub88Session | undefined => {
    const session = ctx.sessions.get(id);
    if (!session) void reply.code(404).send({ error: 'This game session does not exist or has ended' });
    return session;
  };

  app.get<{ Params: { id: string } }>('/play/:id', async (request, reply) => {
    const session = ctx.sessions.get(request.params.id);
    reply.header('content-type', 'text/html; charset=utf-8');
    if (!session) return reply.code(404).send(notFoundPage());
    const common = { currency: session.currency, ...(session.lobbyUrl ? { lobbyUrl: session.lobbyUrl } : {}) };
    if (session.game.kind === 'slot')
      return slotPage(session.game, {
        ...common,
        table: ctx.slots.table,
        rtp: ctx.rtp,
        betLevels: SLOT_BET_LEVELS,
        demo: !session.user,
      });
    if (session.game.kind === 'cockfight') return cockfightPage(session.game, { ...common, chips: BACCARAT_CHIPS });
    if (session.game.kind === 'blackjack') return blackjackPage(session.game, { ...common, stakes: BLACKJACK_STAKES });
    if (session.game.kind === 'fish')
      return fishPage(session.game, { ...common, kinds: FISH_KINDS, stakes: FISH_STAKES, rtp: ctx.rtp });
    return baccaratPage(session.game, { ...common, chips: BACCARAT_CHIPS });
  });

  app.get<{ Params: { id: string } }>('/play/:id/api/state', async (request, reply) => {
    const session = sessionOr404(request.params.id, reply);
    if (!session) return reply;
    if (!session.user) return { balance: session.demoBalance, currency: session.currency, demo: true };
    if (!session.userInfoSent) {
      session.userInfoSent = true;
      void ctx.wallet.userInfo(session.user);
    }
    const outcome = await ctx.wallet.balance(callerOf(session));
    if (outcome.kind === 'ambiguous') return reply.code(502).send({ error: 'The casino did not answer; try again' });
    if (outcome.answer.status !== 'RS_OK') return reply.code(409).send({ error: walletMessage(outcome.answer.status) });
    return { balance: outcome.answer.balance, currency: outcome.answer.currency ?? session.currency, demo: false };
  });

  app.post<{ Params: { id: string }; Body: { bet?: unknown } }>('/play/:id/api/spin', async (request, reply) => {
    const session = sessionOr404(request.params.id, reply);
    if (!session) return reply;
    try {
      const result = await ctx.slots.spin(session, Number(request.body?.bet), { waitMs: 5000 });
      return {
        round: result.round,
        status: result.status,
        bet: result.bet,
        win: result.win,
        grid: result.outcome.grid,
        lineWins: result.outcome.lineWins,
        scatterCount: result.outcome.scatterCount,
        balance: result.balance,
        ...(result.error ? { message: walletMessage(result.error) } : {}),
      };
    } catch (error) {
      if (error instanceof SlotPlayError) return reply.code(400).send({ error: error.message });
      throw error;
    }
  });

  app.post<{ Params: { id: string }; Body: { fish?: unknown; stake?: unknown } }>(
    '/play/:id/api/shoot',
    async (request, reply) => {
      const session = sessionOr404(request.params.id, reply);
      if (!session) return reply;
      try {
        const result = await ctx.fish.shoot(session, String(request.body?.fish), Number(request.body?.stake), {
          waitMs: 5000,
        });
        return { ...result, ...(result.error ? { message: walletMessage(result.error) } : {}) };
      } catch (error) {
        if (error instanceof FishPlayError) return reply.code(400).send({ error: error.message });
        throw error;
      }
    },
  );

  const blackjackAnswer = async (run: () => Promise<unknown>, reply: FastifyReply) => {
    try {
      return await run();
    } catch (error) {
      if (error instanceof BlackjackError)
        return reply.code(409).send({
          error:
            error.message.startsWith('RS_') || error.message === 'TIMEOUT'
              ? walletMessage(error.message)
              : error.message,
        });
      throw error;
    }
  };
  app.get<{ Params: { id: string } }>('/play/:id/api/hand', async (request, reply) => {
    const session = sessionOr404(request.params.id, reply);
    if (!session) return reply;
    return ctx.blackjack.view(session) ?? {};
  });
  app.post<{ Params: { id: string }; Body: { stake?: unknown } }>('/play/:id/api/deal', async (request, reply) => {
    const session = sessionOr404(request.params.id, reply);
    if (!session) return reply;
    return blackjackAnswer(() => ctx.blackjack.deal(session, Number(request.body?.stake)), reply);
  });
  app.post<{ Params: { id: string }; Body: { action?: unknown } }>('/play/:id/api/act', async (request, reply) => {
    const session = sessionOr404(request.params.id, reply);
    if (!session) return reply;
    const action = request.body?.action;
    if (action !== 'hit' && action !== 'stand' && action !== 'double')
      return reply.code(400).send({ error: 'Choose hit, stand or double' });
    return blackjackAnswer(() => ctx.blackjack.act(session, action), reply);
  });

  app.get<{ Params: { id: string } }>('/play/:id/api/table', async (request, reply) => {
    const session = sessionOr404(request.params.id, reply);
    if (!session) return reply;
    if (session.game.kind !== 'baccarat' && session.game.kind !== 'cockfight')
      return reply.code(400).send({ error: 'Not a table game' });
    return ctx.tables.table(session.game.code).snapshot(session.id);
  });

  app.post<{ Params: { id: string }; Body: { side?: unknown; amount?: unknown } }>(
    '/play/:id/api/bet',
    async (request, reply) => {
      const session = sessionOr404(request.params.id, reply);
      if (!session) return reply;
      if (session.game.kind !== 'baccarat' && session.game.kind !== 'cockfight')
        return reply.code(400).send({ error: 'Not a table game' });
      try {
        return await ctx.tables
          .table(session.game.code)
          .placeBet(session, String(request.body?.side), Number(request.body?.amount));
      } catch (error) {
        if (error instanceof TableError) return reply.code(409).send({ error: error.message });
        throw error;
      }
    },
  );

  app.get<{ Params: { round: string } }>('/round/:round', async (request, reply) => {
    const record = ctx.sessions.round(request.params.round);
    reply.header('content-type', 'text/html; charset=utf-8');
    if (!record) return reply.code(404).send(notFoundPage());
    const fmt = (units: number) => (units / 100_000).toFixed(2);
    const rows = record.transactions
      .map(
        (t) =>
          `<tr><td>${t.type}</td><td>${escapeHtml(t.transactionUuid)}</td><td>${t.amount === undefined ? '' : fmt(t.amount)}</td><td>${escapeHtml(t.status)}</td></tr>`,
      )
      .join('');
    return pageShell({
      title: `Round ${record.round}`,
      provider: record.gameName,
      glow: '#1a1a2e',
      demo: false,
      css: 'pre{white-space:pre-wrap;font-size:12px;max-width:860px}',
      body: `<section class="panel" style="width:min(900px,100%)"><p>Game: ${escapeHtml(record.gameName)} · Stake ${fmt(record.stake)} ${escapeHtml(record.currency)} · Win ${fmt(record.win)} · Status ${record.status} · ${escapeHtml(record.createdAt)}</p>
<table class="pays"><thead><tr><th>Type</th><th>Transaction</th><th>Amount</th><th>Status</th></tr></thead><tbody>${rows}</tbody></table>
<pre>${escapeHtml(JSON.stringify(record.detail, null, 1))}</pre></section>`,
      script: "document.getElementById('balance').textContent = '';",
    });
  });
}

function notFoundPage(): string {
  return pageShell({
    title: 'Game session not found',
    provider: 'Vendor simulator',
    glow: '#3b0a45',
    demo: false,
    css: '',
    body: '<p class="panel">This game session does not exist or has ended. Open the game again from the casino lobby.</p>',
    script: "document.getElementById('balance').textContent = '';",
  });
}

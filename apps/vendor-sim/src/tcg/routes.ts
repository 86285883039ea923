import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Faults } from '../faults';
import { isValidSelection, LOTTERY_BET_TYPES, type LotteryBetType, type LotteryDraws } from '../games/lottery';
import type { Selection } from '../games/sportsbook';
import { bookPage } from '../pages/book-page';
import { lotteryPage } from '../pages/lottery-page';
import { decryptParams, signParams } from './crypto';
import { parseAmount, TCG_STATUS, type TcgMerchant, type TcgSession, UNITS } from './merchant';
import { isLotteryProduct, productByType } from './products';

/**
 * `POST <TCG_API_URL>/doBusiness.do`: form fields (or JSON) merchant_code, params (DES-ECB Base64 of the JSON
 * call), sign (SHA-256 hex of params + sign key). Answers are plain JSON with `status` (0 = success).
 * @see /work/shared/protocols/tcg-transfer.md section 2
 */
export function registerTcgRoutes(
  app: FastifyInstance,
  deps: {
    merchant: TcgMerchant;
    lottery: LotteryDraws;
    faults: Faults;
    merchantCode: string;
    desKey: string;
    signKey: string;
    currency: string;
  },
): void {
  const { merchant, lottery, faults } = deps;
  app.register(async (scope) => {
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) =>
      done(null, Object.fromEntries(new URLSearchParams(String(body)))),
    );

    scope.post<{ Body: Record<string, unknown> | undefined }>('/tcg/api/doBusiness.do', async (request, reply) => {
      const form = request.body ?? {};
      const { merchant_code: merchantCode, params, sign } = form;
      if (typeof merchantCode !== 'string' || typeof params !== 'string' || typeof sign !== 'string')
        return { status: TCG_STATUS.BAD_PARAMS, error_desc: 'merchant_code, params and sign are required' };
      if (merchantCode !== deps.merchantCode)
        return { status: TCG_STATUS.NO_MERCHANT, error_desc: 'Merchant does not exist' };
      if (signParams(params, deps.signKey) !== sign.toLowerCase())
        return { status: TCG_STATUS.BAD_SIGN, error_desc: 'Invalid sign' };
      let call: unknown;
      try {
        call = JSON.parse(decryptParams(params, deps.desKey));
      } catch {
        return { status: TCG_STATUS.BAD_SIGN, error_desc: 'params could not be decrypted' };
      }
      if (!call || typeof call !== 'object' || Array.isArray(call))
        return { status: TCG_STATUS.BAD_PARAMS, error_desc: 'params must be a JSON object' };
      const method = (call as { method?: unknown }).method;
      if (method === 'bdm' && faults.take('reportUnavailable')) {
        if (faults.reportMode === 'error') return { status: TCG_STATUS.FAILURE, error_desc: 'System busy' };
        // Slow: no answer at all; the connection is dropped after the delay (the merchant's client gives up first).
        reply.hijack();
        const timer = setTimeout(() => reply.raw.socket?.destroy(), faults.reportDelayMs);
        timer.unref();
        reply.raw.on('close', () => clearTimeout(timer));
        return reply;
      }
      const { answer } = merchant.handle(call as Record<string, unknown>);
      if (
        (method === 'ft' || method === 'ftoa') &&
        answer.status === 0 &&
        faults.take('transferAmbiguous', String((call as { reference_no?: unknown }).reference_no))
      ) {
        return ambiguous(reply, faults.transferMode);
      }
      return answer;
    });
  });

  const sessionOr404 = (id: string, reply: FastifyReply): TcgSession | undefined => {
    const session = merchant.sessions.get(id);
    if (!session) void reply.code(404).send({ error: 'This game session does not exist or has ended' });
    return session;
  };
  // The page shows money at the Hub88 scale (×100000) like the other games; the TCG wallet keeps ×10000.
  const toPageUnits = (units: number) => units * (100_000 / UNITS);
  const walletOf = (session: TcgSession) =>
    session.trial ? session.trialBalance : merchant.balance(session.username, session.productType);
  const bettor = (session: TcgSession) => (session.trial ? `trial:${session.id}` : session.username);

  app.get<{ Params: { id: string } }>('/tcg/play/:id', async (request, reply) => {
    const session = merchant.sessions.get(request.params.id);
    reply.header('content-type', 'text/html; charset=utf-8');
    if (!session)
      return reply
        .code(404)
        .send('<!doctype html><title>Not found</title><p>This game session does not exist or has ended.</p>');
    const product = productByType(session.productType);
    if (product && !isLotteryProduct(product))
      return bookPage({
        title: product.name,
        provider: product.productCode,
        demo: session.trial,
        currency: deps.currency,
        ...(session.backUrl ? { lobbyUrl: session.backUrl } : {}),
      });
    return lotteryPage({
      title: product?.name ?? 'Lottery',
      provider: product?.productCode ?? 'TCG',
      games: lottery.games
        .filter((game) => game.productType === session.productType)
        .map(({ code, name, intervalMs }) => ({ code, name, intervalMs })),
      gameCode: session.gameCode,
      view: session.view,
      demo: session.trial,
      ...(session.backUrl ? { lobbyUrl: session.backUrl } : {}),
    });
  });

  app.get<{ Params: { id: string }; Querystring: { game?: string } }>(
    '/tcg/play/:id/api/state',
    async (request, reply) => {
      const session = sessionOr404(request.params.id, reply);
      if (!session) return reply;
      const code = request.query.game ?? session.gameCode;
      const game = lottery.game(code);
      if (!game || game.productType !== session.productType)
        return reply.code(404).send({ error: 'Unknown lottery game' });
      return {
        balance: toPageUnits(walletOf(session)),
        currency: deps.currency,
        current: lottery.current(code),
        history: lottery.history(code, 20).draws,
        myBets: lottery
          .betsOf(bettor(session), session.productType)
          .slice(-30)
          .reverse()
          .map((bet) => ({
            ...bet,
            amount: toPageUnits(bet.amount),
            returned: bet.returned === undefined ? undefined : toPageUnits(bet.returned),
          })),
      };
    },
  );

  app.get<{ Params: { id: string } }>('/tcg/play/:id/api/book', async (request, reply) => {
    const session = sessionOr404(request.params.id, reply);
    if (!session) return reply;
    const book = merchant.book(session.productType);
    if (!book) return reply.code(400).send({ error: 'Not a sportsbook' });
    const events = book.list();
    return {
      balance: toPageUnits(walletOf(session)),
      currency: deps.currency,
      events: events.map((event) => ({
        id: event.id,
        sport: event.sport,
        home: event.home,
        away: event.away,
        startsAt: event.startsAt,
        status: event.status,
        result: event.result ?? null,
        odds: Object.fromEntries(
          Object.entries(event.odds).map(([selection, odds]) => [selection, (odds as number) / 100]),
        ),
      })),
      bets: book
        .betsOf(bettor(session))
        .slice(-30)
        .reverse()
        .map((bet) => {
          const event = book.event(bet.eventId);
          return {
            teams: event ? `${event.home} v ${event.away}` : bet.eventId,
            selection: bet.selection,
            odds: bet.oddsHundredths / 100,
            amount: toPageUnits(bet.amount),
            status: bet.status,
            returned: bet.returned === undefined ? null : toPageUnits(bet.returned),
          };
        }),
    };
  });

  app.post<{ Params: { id: string }; Body: { eventId?: unknown; selection?: unknown; amount?: unknown } }>(
    '/tcg/play/:id/api/book-bet',
    async (request, reply) => {
      const session = sessionOr404(request.params.id, reply);
      if (!session) return reply;
      const book = merchant.book(session.productType);
      if (!book) return reply.code(400).send({ error: 'Not a sportsbook' });
      const body = request.body ?? {};
      const selection = String(body.selection) as Selection;
      if (!['HOME', 'DRAW', 'AWAY'].includes(selection))
        return reply.code(400).send({ error: 'Choose home, draw or away' });
      const amount = parseAmount(body.amount, 2);
      if (amount === undefined || amount < UNITS || amount > 10_000 * UNITS)
        return reply.code(400).send({ error: 'Stake must be between 1.00 and 10,000.00' });
      let odds: number;
      try {
        odds = book.quote(String(body.eventId), selection);
      } catch (error) {
        return reply.code(409).send({ error: (error as Error).message });
      }
      if (session.trial) {
        if (session.trialBalance < amount)
          return reply.code(409).send({ error: 'Not enough balance in this game wallet' });
        session.trialBalance -= amount;
      } else if (!merchant.debitForBet(session.username, session.productType, amount))
        return reply
          .code(409)
          .send({ error: 'Not enough balance in this game wallet: transfer funds in from the casino' });
      const bet = book.addBet({
        username: bettor(session),
        productType: session.productType,
        eventId: String(body.eventId),
        selection,
        oddsHundredths: odds,
        amount,
      });
      merchant.recordBet({
        username: bet.username,
        productType: bet.productType,
        gameCode: session.gameCode,
        gameBetId: bet.id,
        amount,
      });
      return { id: bet.id, odds: odds / 100, balance: toPageUnits(walletOf(session)) };
    },
  );

  app.post<{
    Params: { id: string };
    Body: { game?: unknown; betType?: unknown; selection?: unknown; amount?: unknown };
  }>('/tcg/play/:id/api/bet', async (request, reply) => {
    const session = sessionOr404(request.params.id, reply);
    if (!session) return reply;
    const body = request.body ?? {};
    const game = lottery.game(String(body.game));
    if (!game || game.productType !== session.productType)
      return reply.code(400).send({ error: 'Unknown lottery game' });
    const betType = String(body.betType) as LotteryBetType;
    if (!LOTTERY_BET_TYPES.includes(betType) || !isValidSelection(betType, String(body.selection)))
      return reply.code(400).send({ error: 'Choose a valid bet and selection' });
    const amount = parseAmount(body.amount, 2);
    if (amount === undefined || amount < UNITS || amount > 10_000 * UNITS)
      return reply.code(400).send({ error: 'Stake must be between 1.00 and 10,000.00' });
    let numero: string;
    try {
      numero = lottery.checkBet(game.code, betType, String(body.selection));
    } catch (error) {
      return reply.code(409).send({ error: (error as Error).message });
    }
    if (session.trial) {
      if (session.trialBalance < amount)
        return reply.code(409).send({ error: 'Not enough balance in this game wallet' });
      session.trialBalance -= amount;
    } else if (!merchant.debitForBet(session.username, session.productType, amount))
      return reply
        .code(409)
        .send({ error: 'Not enough balance in this game wallet: transfer funds in from the casino' });
    const bet = lottery.addBet({
      username: bettor(session),
      productType: session.productType,
      gameCode: game.code,
      numero,
      betType,
      selection: String(body.selection),
      amount,
    });
    merchant.recordBet({
      username: bet.username,
      productType: bet.productType,
      gameCode: bet.gameCode,
      gameBetId: bet.id,
      amount,
    });
    return { bet: { ...bet, amount: toPageUnits(bet.amount) }, balance: toPageUnits(walletOf(session)) };
  });
}

function ambiguous(reply: FastifyReply, mode: 'drop' | 'http500' | 'pending') {
  if (mode === 'pending') return reply.send({ status: 0, error_desc: null, transaction_status: 'PENDING' });
  if (mode === 'http500')
    return reply.code(500).header('content-type', 'text/html').send('<html><body>502 Bad Gateway</body></html>');
  // The transfer was applied, but the connection dies before any answer.
  reply.hijack();
  reply.raw.socket?.destroy();
  return reply;
}

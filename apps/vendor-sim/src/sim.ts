import { createPublicKey } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import { catalogue, findGame, type SimGame } from './catalogue/generator';
import type { SimContext } from './context';
import { type AmbiguousMode, FAULT_NAMES, type FaultName, Faults } from './faults';
import { baccaratRules } from './games/baccarat';
import { BlackjackPlay } from './games/blackjack';
import { cockfightRules } from './games/cockfight';
import { FishPlay } from './games/fish';
import { LotteryDraws } from './games/lottery';
import { spin } from './games/slot-math';
import { SlotPlay, type SpinResult } from './games/slot-play';
import { Sportsbook } from './games/sportsbook';
import { DEFAULT_TABLE_TIMINGS, type TableTimings, TimedTables } from './games/timed-table';
import { registerGamesApi } from './hub88/games-api';
import { registerPlayRoutes } from './hub88/play-routes';
import { type Hub88Session, SessionStore } from './hub88/sessions';
import { DEFAULT_RETRY, Hub88WalletClient, type RetryPolicy } from './hub88/wallet-client';
import { seededRng } from './rng';
import { TcgMerchant } from './tcg/merchant';
import { isLotteryProduct, lotteryGames, TCG_PRODUCTS } from './tcg/products';
import { registerTcgRoutes } from './tcg/routes';

export type VendorSimOptions = {
  /** 0 (default) picks a free port. */
  port?: number;
  host?: string;
  /** Where players' browsers reach the simulator (launch URLs, artwork); default http://<host>:<port>. */
  publicUrl?: string;
  /** The portal's base URL; Wallet API calls go to `<portalUrl>/gateway/hub88/...`. */
  portalUrl: string;
  hub88: { operatorId: string; privateKeyPem: string; operatorPublicKeyPem: string };
  /** `reportUtcOffsetMinutes`: the time zone of the `bdm` report (default 480, GMT+8; agree it with the merchant). */
  tcg: { merchantCode: string; desKey: string; signKey: string; reportUtcOffsetMinutes?: number };
  /** The operator's currency (default BDT); game/url for any other is refused (403). */
  currency?: string;
  /** Return to player of the slots (default 0.96). */
  rtp?: number;
  /** game/list calls allowed per minute (Hub88: 1); 0 switches the limit off. Default 1. */
  gameListRateLimitPerMinute?: number;
  retry?: Partial<RetryPolicy>;
  /** Betting, dealing (fight) and result phases of the baccarat tables and cockfight arenas. */
  tableTimings?: Partial<TableTimings>;
  /** Lottery draws: `autoDraw` (default true) runs them on their schedule; `intervalScale` shortens every interval. */
  lottery?: { autoDraw?: boolean; intervalScale?: number };
  /** Keep the TCG players, wallets and transfers in this JSON file (standalone run); in memory when unset. */
  tcgStateFile?: string;
  /** Serve `POST /sim/faults` and `GET /sim/state` (for the standalone dev run). */
  devRoutes?: boolean;
  logger?: boolean;
};

export type PlaySlotSpinInput = {
  /** The operator token passed in game/url; the newest session of this token (and game) plays. */
  token: string;
  gameCode?: string;
  /** Total bet at the protocol scale (1.00 = 100000), a multiple of 2000. */
  bet: number;
  /** Fixed reel stops (tests only), one per reel. */
  stops?: number[];
};

export type VendorSim = {
  url: string;
  /** `HUB88_API_URL` for the portal. */
  hub88ApiUrl: string;
  /** `TCG_API_URL` for the portal. */
  tcgApiUrl: string;
  faults: Faults;
  keys: { simPublicKeyPem: string };
  app: FastifyInstance;
  wallet: Hub88WalletClient;
  games(): SimGame[];
  /** Plays one slot spin as the player of `token` would from the launch page; resolves once the win is answered. */
  playSlotSpin(input: PlaySlotSpinInput): Promise<SpinResult>;
  /** Baccarat tables and cockfight arenas by game code: `tables.table(code).placeBet(…)`, `.deal()`. */
  tables: TimedTables;
  /** Fish shooter rounds: `fish.shoot(session, fishId, stake)`; sessions come from `sessionByToken`. */
  fish: FishPlay;
  /** Blackjack hands: `blackjack.deal(session, stake)`, `blackjack.act(session, 'hit' | 'stand' | 'double')`. */
  blackjack: BlackjackPlay;
  /** The newest game session opened by game/url for this operator token (and game). */
  sessionByToken(token: string, gameCode?: string): Hub88Session | undefined;
  /** Points the Wallet API callbacks at another portal (when the portal starts after the simulator). */
  setPortalUrl(portalUrl: string): void;
  /** The TCG side: players' vendor wallets and transfers. */
  tcg: TcgMerchant;
  /** Scheduled lottery draws and their opened numbers. */
  lottery: LotteryDraws;
  close(): Promise<void>;
};

/** Starts the simulator and resolves once it listens. Nothing runs at import time. */
export async function startVendorSim(options: VendorSimOptions): Promise<VendorSim> {
  const faults = new Faults();
  const sessions = new SessionStore();
  const rtp = options.rtp ?? 0.96;
  if (!(rtp > 0.5 && rtp < 1)) throw new Error('rtp must be between 0.5 and 1');
  const retry: RetryPolicy = { ...DEFAULT_RETRY, ...options.retry };
  const wallet = new Hub88WalletClient({
    walletBaseUrl: `${options.portalUrl.replace(/\/$/, '')}/gateway/hub88`,
    privateKeyPem: options.hub88.privateKeyPem,
    retry,
    faults,
  });
  const slots = new SlotPlay({ wallet, sessions, faults, rtp });
  const fish = new FishPlay({ wallet, sessions, rtp });
  const blackjack = new BlackjackPlay({ wallet, sessions });
  const tables = new TimedTables({
    wallet,
    sessions,
    timings: { ...DEFAULT_TABLE_TIMINGS, ...options.tableTimings },
    rulesFor: (gameCode) => (findGame(gameCode)?.kind === 'cockfight' ? cockfightRules() : baccaratRules()) as never,
  });
  let publicUrl = options.publicUrl?.replace(/\/$/, '') ?? '';
  let hitRatio: number | undefined;
  const ctx: SimContext = {
    publicUrl: () => publicUrl,
    operatorId: String(options.hub88.operatorId),
    operatorPublicKeyPem: options.hub88.operatorPublicKeyPem,
    currencies: new Set([options.currency ?? 'BDT']),
    rtp,
    gameListRateLimitPerMinute: options.gameListRateLimitPerMinute ?? 1,
    slotHitRatio: () => {
      if (hitRatio === undefined) {
        // Measured once on the shared pay table with a fixed seed (the share of spins that win anything), in %.
        const rng = seededRng(7);
        let hits = 0;
        for (let i = 0; i < 20_000; i += 1) if (spin(rng, slots.table).winHundredthsOfLineBet > 0) hits += 1;
        hitRatio = Math.round((hits / 20_000) * 10_000) / 100;
      }
      return hitRatio;
    },
    sessions,
    wallet,
    faults,
    slots,
    tables,
    fish,
    blackjack,
  };

  const currency = options.currency ?? 'BDT';
  let merchant: TcgMerchant | undefined;
  const lottery = new LotteryDraws(lotteryGames(options.lottery?.intervalScale ?? 1), {
    autoDraw: options.lottery?.autoDraw ?? true,
    settle: (bet, returned) => merchant?.settleGameBet(bet, returned),
  });
  const books = new Map(
    TCG_PRODUCTS.filter((product) => !isLotteryProduct(product)).map((product) => [
      product.productType,
      new Sportsbook(product.productCode, product.gameType === 'ESPORTS' ? 'ESPORTS' : 'SPORTS', {
        autoRun: options.lottery?.autoDraw ?? true,
        settle: (bet, returned) => merchant?.settleGameBet(bet, returned),
      }),
    ]),
  );
  merchant = new TcgMerchant({
    currency,
    lottery,
    books,
    ...(options.tcgStateFile ? { stateFile: options.tcgStateFile } : {}),
    ...(options.tcg.reportUtcOffsetMinutes !== undefined
      ? { reportUtcOffsetMinutes: options.tcg.reportUtcOffsetMinutes }
      : {}),
  });
  if (!/^.{8}$/u.test(options.tcg.desKey) || Buffer.byteLength(options.tcg.desKey) !== 8)
    throw new Error('tcg.desKey must be 8 ASCII characters');

  if (options.lottery?.autoDraw ?? true) {
    lottery.start();
    for (const book of books.values()) book.start();
  }

  // close() ends every connection, even one a test left hanging on purpose (the report fault), so it never waits.
  const app = Fastify({ logger: options.logger ?? false, bodyLimit: 1_048_576, forceCloseConnections: true });
  registerGamesApi(app, ctx);
  registerPlayRoutes(app, ctx);
  registerTcgRoutes(app, { merchant, lottery, faults, currency, ...options.tcg });
  app.get('/healthz', async () => ({ ok: true }));
  if (options.devRoutes) {
    app.get('/sim/state', async () => ({
      faults: faults.state(),
      pendingCallbacks: wallet.pending,
      callbacks: wallet.log.slice(-50),
    }));
    app.post<{ Body: { fault?: string; times?: number; mode?: string; reset?: boolean } }>(
      '/sim/faults',
      async (request, reply) => {
        const body = request.body ?? {};
        if (body.reset) {
          faults.reset();
          return faults.state();
        }
        if (!FAULT_NAMES.includes(body.fault as FaultName))
          return reply.code(400).send({ error: `fault must be one of ${FAULT_NAMES.join(', ')}` });
        const mode = body.mode as AmbiguousMode | undefined;
        if (mode && !['drop', 'http500', 'pending'].includes(mode))
          return reply.code(400).send({ error: 'mode must be drop, http500 or pending' });
        try {
          faults.arm(body.fault as FaultName, body.times ?? 1, mode ? { mode } : {});
        } catch (error) {
          return reply.code(400).send({ error: (error as Error).message });
        }
        return faults.state();
      },
    );
  }

  await app.listen({ port: options.port ?? 0, host: options.host ?? '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('the simulator did not bind a TCP port');
  const host = !options.host || options.host === '0.0.0.0' || options.host === '::' ? 'localhost' : options.host;
  const url = `http://${host.includes(':') ? `[${host}]` : host}:${address.port}`;
  if (!publicUrl) publicUrl = url;

  return {
    url,
    hub88ApiUrl: `${url}/hub88`,
    tcgApiUrl: `${url}/tcg/api`,
    faults,
    keys: {
      simPublicKeyPem: createPublicKey(options.hub88.privateKeyPem).export({ type: 'spki', format: 'pem' }).toString(),
    },
    app,
    wallet,
    games: catalogue,
    tables,
    tcg: merchant,
    lottery,
    fish,
    blackjack,
    sessionByToken: (token, gameCode) => sessions.byToken(token, gameCode),
    setPortalUrl: (portalUrl) => {
      wallet.options.walletBaseUrl = `${portalUrl.replace(/\/$/, '')}/gateway/hub88`;
    },
    playSlotSpin: async (input) => {
      const session = sessions.byToken(input.token, input.gameCode);
      if (!session) throw new Error('No game session for this token: launch the game through game/url first');
      if (input.gameCode && !findGame(input.gameCode)) throw new Error('Unknown game');
      return slots.spin(session, input.bet, input.stops ? { stops: input.stops } : {});
    },
    close: async () => {
      tables.stopAll();
      lottery.stop();
      for (const book of books.values()) book.stop();
      await wallet.close();
      await app.close();
    },
  };
}

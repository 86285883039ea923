import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyCompress from '@fastify/compress';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import fastifyWebsocket from '@fastify/websocket';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest, type RouteOptions } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { AppConfig } from './config';
import { devToolsRoutes } from './dev-tools';
import {
  backofficeRoutes,
  createAdjustmentService,
  createBackofficePlayersService,
  createBackofficeReports,
  type FirstOwner,
  seedFirstOwner,
} from './modules/backoffice';
import { type CatalogueService, catalogueRoutes, createCatalogueService } from './modules/catalogue';
import { type ContentService, contentRoutes, createContentService, seedDemoContent } from './modules/content';
import {
  type GamingService,
  gamingRoutes,
  gatewayRoutes,
  type InhouseGames,
  inhouseRoutes,
  setUpGaming,
} from './modules/gaming';
import {
  createAuthenticate,
  createIdentityOperatorService,
  createIdentityService,
  type DemoLogin,
  type IdentityService,
  identityRoutes,
  seedDemoAccounts,
} from './modules/identity';
import {
  createPointsOperator,
  createPointsService,
  type PointsService,
  pointsJobs,
  pointsRoutes,
  seedDemoGoods,
  seedDemoPoints,
} from './modules/promotions';
import {
  createCashierNoticeRelay,
  createCashierQueueFeed,
  createRealtimeService,
  type RealtimeService,
  realtimeRoutes,
} from './modules/realtime';
import {
  createSupportService,
  createSupportSockets,
  type SupportService,
  supportOperatorRoutes,
  supportRoutes,
} from './modules/support';
import {
  createOutboxService,
  createSystemService,
  type OutboxService,
  type SystemService,
  seedSystem,
  systemRoutes,
} from './modules/system';
import {
  type CashierService,
  cashierRoutes,
  createWalletIdempotencyStorage,
  createWalletReports,
  createWalletService,
  type PaymentSimulator,
  paymentGatewayRoutes,
  type SimTransport,
  setUpCashier,
  type WalletService,
  walletJobs,
} from './modules/wallet';
import { type Database, type DatabaseOptions, openDatabase } from './platform/db';
import type { CountryResolver } from './platform/geo/geo.types';
import { openMmdbCountryResolver } from './platform/geo/mmdb-country-resolver';
import { createStartupPage } from './platform/html/startup-page';
import { AppError } from './platform/http/app-error';
import { installAuthContext } from './platform/http/auth-context';
import { callGuard } from './platform/http/call-guard';
import { failureEnvelope, ok } from './platform/http/envelope';
import { installErrorHandler } from './platform/http/error-handler';
import { securityHeadersPlugin } from './platform/http/security-headers';
import { type IdempotencyOptions, idempotencyPlugin } from './platform/idempotency';
import {
  createInProcessLeaderLock,
  createJobScheduler,
  createPostgresLeaderLock,
  type JobScheduler,
} from './platform/jobs';
import { createKv, type Kv } from './platform/kv';
import { metricsPlugin } from './platform/metrics';
import type { EmailProvider, SmsProvider } from './platform/notify/notify.types';

export type { AppConfig } from './config';
export { loadConfig } from './config';

/** What buildApp can be handed instead of opening it from configuration (tests, benchmarks, e2e). */
export type AppDeps = {
  database?: Database;
  kv?: Kv;
  countryResolver?: CountryResolver;
  now?: () => Date;
  /** Overrides for the Idempotency-Key layer (tests name the caller's key space without logging in). */
  idempotency?: Pick<IdempotencyOptions, 'scope' | 'leaseMs'>;
  /** A real SMS gateway or mailer; by default messages go to the outbox table (shown under /dev/outbox). */
  smsProvider?: SmsProvider;
  emailProvider?: EmailProvider;
  /** How the payment simulator reaches its callback URL; HTTP by default (tests pass one built on inject). */
  paymentSimTransport?: SimTransport;
  /** Told of every route as it is registered (the back-office route walk enumerates the built app with it). */
  onRoute?: (route: RouteOptions) => void;
};

declare module 'fastify' {
  interface FastifyInstance {
    /** Module services, for tests and operator tooling that run in-process. */
    services: {
      system: SystemService;
      outbox: OutboxService;
      identity: IdentityService;
      wallet: WalletService;
      cashier: CashierService;
      /** Realtime sockets: `publishToAccount` reaches the account's sockets on every instance. */
      realtime: RealtimeService;
      /** Live chat between members (or named visitors) and operators. */
      support: SupportService;
      /** Announcements, the member inbox and feedback. */
      content: ContentService;
      /** The simulator PSP (PAYMENT_SIM_ENABLED), for tests and demos; null when off. */
      paymentSimulator: PaymentSimulator | null;
      /** Vendors and games (fed by the vendors' catalogue syncs), favourites, recent plays. */
      catalogue: CatalogueService;
      /** Launches, vendor transfers, catalogue syncs, winners board, game recall. */
      gaming: GamingService;
      /** The in-house games (INHOUSE_GAMES); null when off. */
      inhouse: InhouseGames | null;
      /** The points mall: points, conversions, goods redemptions. */
      points: PointsService;
    };
    database: Database;
    /** The demo logins seeded at start (SEED_DEMO), for start-up output and demos; empty otherwise. */
    demoLogins: DemoLogin[];
    /** The first back-office owner when this start created it (printed once by npm start), else null. */
    backofficeFirstOwner: FirstOwner | null;
    /** The scheduled jobs (started when JOBS_ENABLED); tests run a tick with `jobs.tick(name)`. */
    jobs: JobScheduler;
  }
}

/** JSON API prefixes: their answers get the API security-header set (platform/http/security-headers.ts). */
const jsonApiPrefixes = [
  '/wps/',
  '/lgw/',
  '/lotto/',
  '/bo/api/',
  '/gateway/',
  '/inhouse/api/',
  '/healthz',
  '/readyz',
  '/metrics',
];

/** Built scripts, styles and fonts: never opened as a document, so the page-only security headers do nothing there. */
const subresourceFile = /\.(?:js|css|woff2?)(?:\.br|\.gz)?$/;
/**
 * Headers that only act on a document (CSP, framing, COOP, prefetch and download controls) or not at all any more.
 * The first screen loads some sixty scripts and styles over HTTP/1.1, where headers are not compressed: without
 * these each answer is about 0.8 KB smaller. No sniffing, CORP, HSTS and the referrer policy stay.
 */
const documentOnlyHeaders = [
  'content-security-policy',
  'cross-origin-opener-policy',
  'origin-agent-cluster',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-frame-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
];

/** The home page's addresses (spec section 2): served with the start-up promotion (see `createStartupPage`). */
const startupPagePaths = ['/', '/index', '/index.html', '/home'];

/** API prefixes that never fall back to the web app's index.html. */
const apiPrefixes = [
  '/wps/',
  '/lgw/',
  '/lotto/',
  '/bo/',
  '/gateway/',
  '/inhouse/api/',
  '/dev/',
  '/docs',
  '/healthz',
  '/readyz',
  '/metrics',
];

/** The database the configuration names: PostgreSQL at DATABASE_URL, else embedded PGlite under the data directory. */
export function databaseOptionsFor(config: AppConfig): DatabaseOptions {
  return config.databaseUrl
    ? {
        kind: 'postgres',
        url: config.databaseUrl,
        poolMax: config.databasePoolMax,
        autoPrepare: config.databaseAutoPrepare,
        pipeline: config.databasePipeline,
      }
    : { kind: 'pglite', dataDir: config.databaseInMemory ? null : path.join(config.dataDir, 'pglite') };
}

function defaultWebDist(): string | undefined {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (let depth = 0; depth < 5; depth += 1) {
    const candidate = path.join(dir, 'apps', 'web', 'dist');
    if (existsSync(path.join(candidate, 'index.html'))) return candidate;
    const sibling = path.join(dir, 'web', 'dist');
    if (existsSync(path.join(sibling, 'index.html'))) return sibling;
    dir = path.dirname(dir);
  }
  return undefined;
}

function defaultBackofficeDist(): string | undefined {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (let depth = 0; depth < 5; depth += 1) {
    const candidate = path.join(dir, 'apps', 'backoffice', 'dist');
    if (existsSync(path.join(candidate, 'index.html'))) return candidate;
    const sibling = path.join(dir, 'backoffice', 'dist');
    if (existsSync(path.join(sibling, 'index.html'))) return sibling;
    dir = path.dirname(dir);
  }
  return undefined;
}

/**
 * Builds the whole server: platform plugins, then every module. Opens (and migrates) the database
 * and the cache from configuration unless they are handed in; closes what it opened on app.close().
 */
export async function buildApp(config: AppConfig, deps: AppDeps = {}): Promise<FastifyInstance> {
  // Request ids: a random prefix per app and a counter. Unique across instances for tracing a request through the
  // logs, without a UUID's randomness and 36 characters on every answer.
  const requestIdPrefix = randomBytes(6).toString('base64url');
  let requestCount = 0;
  const app = Fastify({
    logger: {
      level: config.logLevel,
      redact: { paths: ['req.headers.authorization', 'req.headers.cookie'], censor: '[redacted]' },
    },
    genReqId: (request) => {
      const given = request.headers['x-request-id'];
      if (typeof given === 'string' && /^[\w-]{8,64}$/.test(given)) return given;
      requestCount += 1;
      return `${requestIdPrefix}-${requestCount.toString(36)}`;
    },
    // Every route validates and serialises with the zod compilers (set below): handing them in as the factories
    // also keeps Fastify from loading Ajv and fast-json-stringify at start, which nothing here uses.
    // (Fastify types the factories for Ajv; the zod compilers take the same calls.)
    schemaController: {
      compilersFactory: {
        buildValidator: (() => validatorCompiler) as never,
        buildSerializer: (() => serializerCompiler) as never,
      },
    },
    trustProxy: config.trustedProxies.length > 0 ? config.trustedProxies : false,
    bodyLimit: config.bodyLimitBytes,
    return503OnClosing: true,
    forceCloseConnections: 'idle',
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
  }).withTypeProvider<ZodTypeProvider>();
  // Installed first, so that it hears every route of every plugin registered below.
  if (deps.onRoute) app.addHook('onRoute', deps.onRoute);

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  installErrorHandler(app);
  installAuthContext(app);

  const ownsDatabase = !deps.database;
  const database = deps.database ?? (await openDatabase(databaseOptionsFor(config)));
  if (ownsDatabase) await database.migrate();
  const ownsKv = !deps.kv;
  const kv =
    deps.kv ?? createKv({ redisUrl: config.redisUrl, keyPrefix: `${config.redisKeyPrefix}${config.merchantCode}:` });
  const countryResolver = deps.countryResolver ?? (await openMmdbCountryResolver(config.geoipDatabase));

  await seedSystem(database.db, {
    merchantCode: config.merchantCode,
    siteName: config.siteName,
    currency: config.merchantCurrency,
    defaultLanguage: config.defaultLanguage,
  });

  const system = createSystemService({
    db: database.db,
    merchantCode: config.merchantCode,
    countryResolver,
    pubsub: kv.pubsub,
    cacheTtlMs: config.permissionCacheTtlMs,
    payloadPrivateKey: config.payloadPrivateKey,
    now: deps.now,
  });
  // The system's first load (and, on a fresh database, the payload key generation) runs beside the demo seeding.
  const systemStarting = system.start();
  const outbox = createOutboxService({ db: database.db, merchantCode: config.merchantCode });
  const identity = createIdentityService({
    db: database.db,
    merchantCode: config.merchantCode,
    defaultLanguage: config.defaultLanguage,
    system,
    sms: deps.smsProvider ?? outbox.sms,
    email: deps.emailProvider ?? outbox.email,
    settings: config,
    log: app.log,
    now: deps.now,
  });
  // The first back-office owner (an argon2id hash on a fresh database) is made beside them too.
  const [stopSystem, demoLogins, backofficeFirstOwner] = await Promise.all([
    systemStarting,
    config.seedDemo ? seedDemoAccounts(identity) : Promise.resolve([]),
    seedFirstOwner({ db: database.db, password: config.boOwnerPassword }),
  ]);
  if (demoLogins.length > 0) app.log.info({ demoLogins }, 'demo accounts seeded');

  const wallet = createWalletService({
    db: database.db,
    merchantCode: config.merchantCode,
    log: app.log,
    maxCommitGroup: config.walletCommitGroupMax,
    pipeline: database.pipeline,
  });
  if (config.paymentSimEnabled) {
    app.log.warn('PAYMENT_SIM_ENABLED is ON: the simulator pay page credits deposits without real money.');
    if (!config.paymentSimSecret) app.log.warn('PAYMENT_SIM_SECRET not set: a random secret for this process only');
  }
  const realtime = createRealtimeService({ pubsub: kv.pubsub, log: app.log });
  /**
   * The member's new balance to their sockets (header balance, live): read only when a socket of the account is
   * connected on some instance, so a bet or win of a player without the portal open costs no balance read.
   */
  const publishBalance = async (accountId: number): Promise<void> => {
    if (!(await realtime.isListening(accountId))) return;
    const balance = await cashier.balance({ accountId, sessionId: 'realtime', accountType: 0, role: 'member' });
    await realtime.publishToAccount(accountId, { type: 'balance', balance });
  };
  const pushBalance = (accountId: number): void => {
    publishBalance(accountId).catch((error: unknown) =>
      app.log.warn({ err: error, accountId }, 'realtime: balance event not sent'),
    );
  };
  if (!config.chatTokenSecret) app.log.warn('CHAT_TOKEN_SECRET not set: live-chat links work on this process only');
  const support = createSupportService({
    db: database.db,
    merchantCode: config.merchantCode,
    pubsub: kv.pubsub,
    tokenSecret: config.chatTokenSecret ?? randomBytes(32).toString('hex'),
    tokenTtlMinutes: config.chatTokenTtlMinutes,
    customerService: async () => (await system.operatorSettings()).customerService.filter((entry) => entry.enabled),
    username: async (accountId) => (await identity.getAccount(accountId))?.username ?? null,
    now: deps.now,
  });
  const supportSockets = createSupportSockets({ pubsub: kv.pubsub, log: app.log });
  // Cashier notices (deposit arrived/failed, withdrawal approved/rejected) go to the member's sockets with the new
  // balance. `cashier` is read only when a notice comes, after it is built.
  const relayCashierNotice = createCashierNoticeRelay({
    realtime,
    balance: (accountId) => cashier.balance({ accountId, sessionId: 'realtime', accountType: 0, role: 'member' }),
    log: app.log,
  });
  // The operators' live cashier queues: `cashier` is read only when a change comes or a console connects.
  const cashierQueue = createCashierQueueFeed({
    pubsub: kv.pubsub,
    counts: async () => {
      const first = { pageNo: 1, pageSize: 1 };
      const [deposits, withdrawals, disputed] = await Promise.all([
        cashier.deposits.listPendingDeposits(first),
        cashier.withdrawals.listPendingWithdrawals(first),
        cashier.withdrawals.listDisputedWithdrawals(first),
      ]);
      return { deposits: deposits.total, withdrawals: withdrawals.total, disputed: disputed.total };
    },
    username: async (accountId) => (await identity.getAccount(accountId))?.username ?? null,
    log: app.log,
  });
  // Who a message to a segment reaches: accounts from identity, deposits from the wallet (their public services).
  const segmentAccounts = createIdentityOperatorService({
    db: database.db,
    merchantCode: config.merchantCode,
    sessionIdleMinutes: config.sessionIdleMinutes,
    now: deps.now,
  });
  const segmentDeposits = createWalletReports({ db: database.db, merchantCode: config.merchantCode });
  const content = createContentService({
    db: database.db,
    merchantCode: config.merchantCode,
    identity,
    audience: {
      accountIds: (filter) => segmentAccounts.segmentAccountIds(filter),
      depositorAccountIds: (since) => segmentDeposits.depositorAccountIds(since),
    },
    publish: (accountId, event) => realtime.publishToAccount(accountId, event),
    isListening: (accountId) => realtime.isListening(accountId),
    log: app.log,
    now: deps.now,
  });
  if (config.seedDemo) await seedDemoContent(content);
  // The site's CDN lists (permission response), read at most every few seconds for game images and launch URLs.
  let siteCdns: { at: number; value: Promise<{ image: string[]; launch: string[] }> } | null = null;
  const cdns = () => {
    if (!siteCdns || Date.now() - siteCdns.at > 5_000) {
      const value = system.permissionResponseJson('127.0.0.1').then((json) => {
        const info = (JSON.parse(json) as { value: { info: { imageCDNs: string[]; launchGameCDNs: string[] } } }).value
          .info;
        return { image: info.imageCDNs, launch: info.launchGameCDNs };
      });
      siteCdns = { at: Date.now(), value };
      value.catch(() => {
        siteCdns = null;
      });
    }
    return siteCdns.value;
  };
  const catalogue = createCatalogueService({
    db: database.db,
    merchantCode: config.merchantCode,
    cache: kv.cache,
    rules: {
      esportsVendors: config.catalogueEsportsVendors,
      cockfightVendors: config.catalogueCockfightVendors,
      inhouseVendors: config.catalogueInhouseVendors,
    },
    imageCdns: async () => (await cdns()).image,
    // Hot games rank by real play, which the gaming module records (built below; read only when ranks are computed).
    playActivity: (since) => gamingSetup.gaming.playActivity(since),
    now: deps.now,
  });
  const { cashier, paymentSimulator } = await setUpCashier({
    db: database.db,
    reads: database.reads,
    merchantCode: config.merchantCode,
    wallet,
    identity,
    system,
    settings: config,
    uploadsDir: config.uploadsDir,
    // Transfer-mode vendors' wallets come from the gaming module (built below; read only when a member asks).
    transferVendors: () => gamingSetup.gaming.transferVendors(),
    vendorBalances: (accountId) => gamingSetup.gaming.vendorBalances(accountId),
    // Personal profit and loss reads the member's rounds from the gaming module.
    gameRoundTotals: (accountId, range) => gamingSetup.gaming.memberRoundTotals(accountId, range),
    // Member transfers: both members' sockets hear the new balance.
    onBalanceChanged: pushBalance,
    // Each notice also becomes an inbox message (stored once per deposit or withdrawal decision), written by the
    // statement that stores the notice, so both commit with the decision.
    inboxInsert: (notice) => content.cashierNoticeInsert(notice),
    // Once committed, the member's sockets hear the notice with the new balance, and the new unread count.
    onNotice: (notice) => {
      relayCashierNotice(notice);
      void content.cashierNoticeStored(notice);
    },
    // Review-queue changes reach every operator's console on every instance (the realtime module's feed).
    onQueueChanged: (change) => cashierQueue.publish(change),
    paymentSim: {
      enabled: config.paymentSimEnabled,
      secret: config.paymentSimSecret ?? randomBytes(32).toString('hex'),
      callbackUrl: config.paymentSimCallbackUrl,
      maxAgeSeconds: config.paymentCallbackMaxAgeSeconds,
      transport: deps.paymentSimTransport,
    },
    log: app.log,
    now: deps.now,
  });
  // The points mall: points in the ledger, converted into cash through the cashier's payment-password check.
  const points = createPointsService({
    db: database.db,
    merchantCode: config.merchantCode,
    wallet,
    cashier,
    system,
    cache: kv.cache,
    // A decided goods redemption becomes an inbox message (stored once per redemption).
    onRedemptionDecided: (notice) => {
      content
        .recordCashierNotice(notice)
        .catch((error: unknown) => app.log.error({ err: error, notice }, 'content: notice not stored in the inbox'));
    },
    log: app.log,
    now: deps.now,
    onBalanceChanged: pushBalance,
  });
  if (config.seedDemo) {
    const demoMember = await identity.findAccountByUsername('demo_player');
    if (demoMember) await seedDemoPoints(points, demoMember.id);
    await seedDemoGoods({ db: database.db, merchantCode: config.merchantCode, now: deps.now });
  }
  const gamingSetup = setUpGaming({
    db: database.db,
    merchantCode: config.merchantCode,
    cache: kv.cache,
    catalogue,
    wallet,
    identity,
    currency: () => system.currency(),
    launchCdns: async () => (await cdns()).launch,
    settings: config,
    // Bets, wins and vendor transfers reach the header balance live, like deposits.
    publishBalance,
    log: app.log,
    now: deps.now,
  });
  const { gaming } = gamingSetup;
  app.decorate('services', {
    system,
    outbox,
    identity,
    wallet,
    cashier,
    paymentSimulator,
    realtime,
    support,
    content,
    catalogue,
    gaming,
    inhouse: gamingSetup.inhouse,
    points,
  });
  // One leader per cluster runs the periodic jobs (ARCHITECTURE.md section 6); modules hand in their jobs.
  const idempotencyStorage = createWalletIdempotencyStorage({ db: database.db });
  const jobs = createJobScheduler({
    lock: database.connectionString
      ? createPostgresLeaderLock({
          connectionString: database.connectionString,
          name: `portal:jobs:${config.merchantCode}`,
          log: app.log,
        })
      : createInProcessLeaderLock(),
    log: app.log,
    now: deps.now,
  });
  for (const job of walletJobs({ cashier, idempotency: idempotencyStorage, settings: config })) jobs.register(job);
  // Catalogue sync (CATALOGUE_SYNC_INTERVAL_MINUTES) and the check of pending vendor transfers; an empty catalogue
  // is filled once the server is ready, in the background.
  for (const job of gamingSetup.jobs) jobs.register(job);
  // Points from settled play (read through the gaming service), and conversions a crash left half done.
  for (const job of pointsJobs({
    db: database.db,
    merchantCode: config.merchantCode,
    points,
    rounds: (afterId, limit) => gaming.roundsAfter(afterId, limit),
    currency: () => system.currency(),
    earnsPoints: async (accountId) => {
      const account = await identity.getAccount(accountId);
      return account !== null && account.role !== 'trial' && !account.playMoney;
    },
    settings: config.points,
  }))
    jobs.register(job);
  if (config.jobsEnabled) {
    const firstSync = new AbortController();
    app.addHook('onReady', async () => gamingSetup.syncIfEmpty(firstSync.signal));
    app.addHook('preClose', async () => firstSync.abort());
  }
  app.decorate('jobs', jobs);
  if (config.jobsEnabled) app.addHook('onReady', async () => jobs.start());
  app.decorate('demoLogins', demoLogins);
  if (backofficeFirstOwner) {
    app.log.warn(
      { username: backofficeFirstOwner.username },
      'back-office owner created: sign in at /backoffice and set up two-step verification',
    );
  }
  app.decorate('backofficeFirstOwner', backofficeFirstOwner);
  app.decorate('database', database);
  app.addHook('onClose', async () => {
    // Jobs first: a run in progress finishes while the database is still open, then the lock is given up.
    await jobs.stop();
    await stopSystem();
    if (ownsKv) await kv.close();
    if (ownsDatabase) await database.close();
  });

  await app.register(securityHeadersPlugin, {
    apiPrefixes: jsonApiPrefixes,
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        // Game art comes from the image CDN; the local vendor simulator serves it over plain http like its frames.
        imgSrc: ["'self'", 'data:', 'blob:', 'https:', 'http://localhost:*', 'http://127.0.0.1:*'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        scriptSrc: ["'self'"],
        connectSrc: ["'self'", 'ws:', 'wss:'],
        frameSrc: ["'self'", 'https:', 'http://localhost:*', 'http://127.0.0.1:*'],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  await app.register(fastifyCompress, { global: true, threshold: 2048 });
  await app.register(fastifyRateLimit, {
    global: true,
    max: config.rateLimitPerMinute,
    timeWindow: 60_000,
    // The limit headers travel only on the 429 answer (with Retry-After): on every successful answer they tripled
    // the per-request header work for no client that reads them.
    addHeadersOnExceeding: { 'x-ratelimit-limit': false, 'x-ratelimit-remaining': false, 'x-ratelimit-reset': false },
    redis: kv.redis ?? undefined,
    nameSpace: `${config.redisKeyPrefix}${config.merchantCode}:rl:`,
    errorResponseBuilder: (_request, context) => {
      const error = new AppError('RATE_LIMITED', { retryAfterSeconds: Math.ceil(context.ttl / 1000) });
      error.headers = { 'retry-after': String(Math.ceil(context.ttl / 1000)) };
      return error;
    },
  });
  await app.register(metricsPlugin);

  if (config.apiDocs) {
    await app.register(fastifySwagger, {
      openapi: {
        info: {
          title: 'Portal API',
          version: '1',
          description:
            'Player, vendor-gateway and operator calls. Every response is the envelope { success, value } or { success: false, code, message, requestId }.',
        },
        components: { securitySchemes: { token: { type: 'apiKey', in: 'header', name: 'Authorization' } } },
      },
      transform: jsonSchemaTransform,
    });
    await app.register(fastifySwaggerUi, { routePrefix: '/docs', staticCSP: true });
  }

  // Probes arrive every few seconds: log them only when something is wrong.
  const probeLogLevel = config.logLevel === 'silent' ? 'silent' : 'warn';
  app.get('/healthz', { schema: { hide: true }, logLevel: probeLogLevel, config: { rateLimit: false } }, async () =>
    ok({ status: 'ok' }),
  );
  app.get(
    '/readyz',
    { schema: { hide: true }, logLevel: 'warn', config: { rateLimit: false } },
    async (request, reply) => {
      try {
        await database.ping();
        return ok({ status: 'ready', database: database.kind });
      } catch (error) {
        request.log.error({ err: error }, 'database not reachable');
        return reply.status(503).send(failureEnvelope(request, 'SERVICE_UNAVAILABLE'));
      }
    },
  );

  await app.register(callGuard, {
    merchantCode: config.merchantCode,
    isModuleEnabled: (moduleId) => system.isModuleEnabled(moduleId),
    isModuleEnabledNow: (moduleId) => system.isModuleEnabledNow(moduleId),
    accessState: (request) => system.accessState(request.ip),
    accessStateNow: (request) => system.accessStateNow(request.ip),
    payloadEncryption: () => system.payloadEncryption(),
    authenticate: createAuthenticate(identity),
  });
  // Money-moving routes opt in with `config: { idempotency: true }`; a repeated Idempotency-Key replays the first answer.
  await app.register(idempotencyPlugin, {
    storage: idempotencyStorage,
    // Each member, and each back-office operator, has a key space of their own.
    scope: (request) =>
      request.operator
        ? `operator:${request.operator.operatorId}`
        : request.auth
          ? `account:${request.auth.accountId}`
          : 'public',
    ...deps.idempotency,
  });

  // One WebSocket server for every module's sockets (realtime events, live chat). 16 KiB frames: a chat message of
  // 1000 characters fits; longer ones are refused with a translated error rather than by closing the socket.
  await app.register(fastifyWebsocket, {
    options: { maxPayload: 16 * 1024 },
    // Replaces the plugin's default (a bare close of every client): say "going away" so that clients reconnect.
    preClose: async () => {
      await realtime.close();
      await cashierQueue.close();
      await supportSockets.close();
      for (const client of app.websocketServer.clients) client.close(1001, 'server shutting down');
      app.websocketServer.close();
    },
  });
  await app.register(systemRoutes, { system });
  await app.register(identityRoutes, {
    identity,
    loginRateLimitPerMinute: config.loginRateLimitPerMinute,
    registerRateLimitPerMinute: config.registerRateLimitPerMinute,
    captchaRefreshIntervalMs: config.captchaRefreshIntervalMs,
  });
  await app.register(backofficeRoutes, {
    prefix: '/bo/api',
    system,
    db: database.db,
    now: deps.now,
    secureCookie: config.publicUrl.startsWith('https://'),
    loginRateLimitPerMinute: config.loginRateLimitPerMinute,
    totpIssuer: `${config.siteName} back office`,
    totpKey: config.boTotpKey
      ? Buffer.from(config.boTotpKey, /^[0-9a-fA-F]{64}$/.test(config.boTotpKey) ? 'hex' : 'base64')
      : null,
    ledger: wallet,
    cashier,
    cashierEvents: cashierQueue,
    // Players and agents, maker-checker adjustments (the player's sockets hear the new balance) and the dashboard.
    players: (backoffice) => {
      const adjustments = createAdjustmentService({
        db: database.db,
        wallet,
        identity,
        system,
        backoffice,
        approvalThresholdMinor: config.boAdjustmentApprovalThresholdMinor,
        directWindowHours: config.boAdjustmentDirectWindowHours,
        now: deps.now,
        onBalanceChanged: pushBalance,
      });
      const players = createBackofficePlayersService({
        identity,
        accounts: createIdentityOperatorService({
          db: database.db,
          merchantCode: config.merchantCode,
          sessionIdleMinutes: config.sessionIdleMinutes,
          now: deps.now,
        }),
        wallet,
        reports: createWalletReports({ db: database.db, merchantCode: config.merchantCode }),
        cashier,
        system,
        backoffice,
        adjustments,
        rounds: gaming,
        cashierDayUtcOffsetMinutes: config.cashierDayUtcOffsetMinutes,
        now: deps.now,
      });
      return { players, adjustments };
    },
    content,
    support: supportOperatorRoutes(support, supportSockets),
    catalogueSync: () => gaming.syncCatalogue(),
    // Games management (switches invalidate the players' lists on every instance) and the play and cashier reports.
    games: catalogue,
    reports: createBackofficeReports({
      gaming,
      catalogue,
      wallet: createWalletReports({ db: database.db, merchantCode: config.merchantCode }),
      system,
      cashierDayUtcOffsetMinutes: config.cashierDayUtcOffsetMinutes,
      now: deps.now,
    }),
    // The points mall's goods, redemption queue and settings.
    points: createPointsOperator({
      db: database.db,
      merchantCode: config.merchantCode,
      points,
      cache: kv.cache,
      username: async (accountId) => (await identity.getAccount(accountId))?.username ?? null,
      now: deps.now,
    }),
  });

  await app.register(cashierRoutes, { cashier });
  await app.register(pointsRoutes, { points });
  await app.register(paymentGatewayRoutes, { deposits: cashier.deposits, simulator: paymentSimulator });
  await app.register(realtimeRoutes, { realtime, identity });
  await app.register(supportRoutes, {
    support,
    sockets: supportSockets,
    resolveSession: (token) => identity.resolveSession(token),
  });
  const authenticate = createAuthenticate(identity);
  await app.register(catalogueRoutes, { catalogue, authenticate });
  await app.register(gamingRoutes, { gaming, authenticate, defaultLanguage: config.defaultLanguage });
  await app.register(gatewayRoutes, { hub88: gamingSetup.hub88Wallet });
  if (gamingSetup.inhouse) await app.register(inhouseRoutes, { inhouse: gamingSetup.inhouse });
  await app.register(contentRoutes, {
    content,
    resolveSession: (token) => identity.resolveSession(token),
    feedbackRateLimitPerMinute: config.feedbackRateLimitPerMinute,
  });

  if (config.devTools) {
    app.log.warn('DEV_TOOLS is ON: /dev/* exposes outboxes and captcha answers. Never enable it in production.');
    await app.register(devToolsRoutes, { prefix: '/dev', outbox, identity });
  }

  const webDist = config.serveWeb ? (config.webDistDir ?? defaultWebDist()) : undefined;
  if (webDist && existsSync(path.join(webDist, 'index.html'))) {
    // The home page: the built index.html with the site's first home banner in its start-up cover, so the visitor
    // sees the current promotion as soon as the page arrives rather than after the app has loaded and rendered it
    // (the phone's largest paint). Not while the site is closed to this visitor: the cover stays plain then.
    const indexHtml = readFileSync(path.join(webDist, 'index.html'), 'utf8');
    const startupPage = createStartupPage({
      indexHtml,
      promo: async () =>
        (await system.isModuleEnabled('ANNOUNCEMENT3')) ? content.startupBanner(await system.defaultLanguage()) : null,
      now: () => (deps.now ? deps.now() : new Date()).getTime(),
      onError: (error) => app.log.error({ err: error }, 'start-up page: the promotion could not be read'),
    });
    const sendStartupPage = async (request: FastifyRequest, reply: FastifyReply) => {
      const html = (await system.accessState(request.ip)) === 'normal' ? await startupPage.html() : indexHtml;
      return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(html);
    };
    for (const url of startupPagePaths) app.get(url, sendStartupPage);
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      index: false,
      // The index page is the start-up page's (above), with or without the promotion: never sent as a file.
      globIgnore: ['index.html', 'index.html.br', 'index.html.gz'],
      cacheControl: false,
      // The build writes Brotli (quality 11) and gzip copies beside the text files: sent as they are, they are about
      // 10% smaller than compressing on the fly, and cost no CPU per request.
      preCompressed: true,
      setHeaders: (reply, filePath) => {
        // Hashed build assets never change; index.html must always be revalidated.
        if (filePath.includes(`${path.sep}assets${path.sep}`)) {
          reply.header('cache-control', 'public, max-age=31536000, immutable');
          if (subresourceFile.test(filePath)) for (const name of documentOnlyHeaders) reply.removeHeader(name);
        } else reply.header('cache-control', 'no-cache');
      },
    });
  } else if (config.serveWeb) {
    app.log.warn('web app not built (apps/web/dist missing): serving the API only');
  }

  const backofficeDist = config.serveWeb ? (config.backofficeDistDir ?? defaultBackofficeDist()) : undefined;
  if (backofficeDist && existsSync(path.join(backofficeDist, 'index.html'))) {
    const backofficeIndex = readFileSync(path.join(backofficeDist, 'index.html'));
    // The operator console: its own static root under /backoffice (decorateReply: false, because the player app's
    // registration owns reply.sendFile) and its own not-found handler, so that deep links such as
    // /backoffice/audit get the console's index.html rather than the player app's.
    await app.register(
      async (scope) => {
        await scope.register(fastifyStatic, {
          root: backofficeDist,
          prefix: '/',
          decorateReply: false,
          wildcard: false,
          index: ['index.html'],
          cacheControl: false,
          setHeaders: (reply, filePath) => {
            if (filePath.includes(`${path.sep}assets${path.sep}`))
              reply.header('cache-control', 'public, max-age=31536000, immutable');
            else reply.header('cache-control', 'no-cache');
          },
        });
        scope.setNotFoundHandler(
          { preHandler: app.rateLimit({ max: config.notFoundRateLimitPerMinute, timeWindow: 60_000 }) },
          (request, reply) => {
            const url = request.url.split('?')[0] ?? '/';
            const wantsPage = request.method === 'GET' && (request.headers.accept ?? '').includes('text/html');
            if (!wantsPage || url.includes('/assets/'))
              return reply.status(404).send(failureEnvelope(request, 'NOT_FOUND'));
            return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(backofficeIndex);
          },
        );
      },
      { prefix: '/backoffice' },
    );
  } else if (config.serveWeb) {
    app.log.warn('back office not built (apps/backoffice/dist missing): /backoffice is not served');
  }

  app.setNotFoundHandler(
    { preHandler: app.rateLimit({ max: config.notFoundRateLimitPerMinute, timeWindow: 60_000 }) },
    (request, reply) => {
      const url = request.url.split('?')[0] ?? '/';
      const wantsPage = request.method === 'GET' && (request.headers.accept ?? '').includes('text/html');
      if (webDist && wantsPage && !apiPrefixes.some((prefix) => url.startsWith(prefix))) {
        return reply.header('cache-control', 'no-cache').sendFile('index.html');
      }
      return reply.status(404).send(failureEnvelope(request, 'NOT_FOUND'));
    },
  );

  return app;
}

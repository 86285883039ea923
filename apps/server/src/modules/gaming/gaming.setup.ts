import { setTimeout as sleep } from 'node:timers/promises';
import type { GameCategory } from '@portal/contract';
import type { Db } from '../../platform/db';
import type { Job } from '../../platform/jobs';
import type { Cache } from '../../platform/kv';
import type { CatalogueService } from '../catalogue';
import type { WalletService } from '../wallet';
import type { VendorAdapter } from './gaming.adapter';
import { createGamingService, type GamingLog } from './gaming.service';
import { createHub88Adapter } from './hub88.client';
import { createHub88Wallet, hub88Aggregator } from './hub88.wallet';
import { createInhouseAdapter } from './inhouse.adapter';
import { createInhouseGames } from './inhouse.service';
import { createTcgAdapter, defaultTcgProducts, type TcgProduct } from './tcg.client';

/** The game-vendor settings of AppConfig (see config.ts for what each means). */
export type GamingSettings = {
  hub88: { apiUrl: string; operatorId: string; privateKeyPem: string; publicKeyPem: string } | null;
  tcg: {
    apiUrl: string;
    merchantCode: string;
    desKey: string;
    signKey: string;
    products: Array<{ productType: number; code: string; category: string }> | null;
  } | null;
  catalogueSyncIntervalMinutes: number;
  vendorTimeoutMs: number;
  tcgTimeoutMs: number;
  /** The time zone of TCG's bet reports, minutes east of UTC (default 480, GMT+8). */
  tcgReportUtcOffsetMinutes?: number;
  gameSessionTtlMinutes: number;
  publicUrl: string;
  /** The in-house games (INHOUSE, /bgs: provably fair dice and limbo) are offered. */
  inhouseGames: boolean;
};

export type GamingSetupOptions = {
  db: Db;
  merchantCode: string;
  cache: Cache;
  catalogue: CatalogueService;
  wallet: WalletService;
  identity: {
    getAccount(
      accountId: number,
    ): Promise<{ id: number; username: string; status: 'active' | 'disabled'; role: string | null } | null>;
  };
  currency(): Promise<{ code: string; scale: number }>;
  /** The permission response's launch CDN list. */
  launchCdns(): Promise<string[]>;
  settings: GamingSettings;
  publishBalance?: (accountId: number) => Promise<void>;
  /** Instead of the adapters built from the settings (tests). */
  adapters?: VendorAdapter[];
  /** Minimum gap between two Hub88 game lists (its documented limit is one a minute). */
  hub88ListIntervalMs?: number;
  log: GamingLog;
  now?: () => Date;
};

/**
 * Builds the gaming module from configuration: the aggregators' adapters (none configured: an empty catalogue),
 * the Hub88 Wallet API when Hub88 is configured, the gaming service, and its scheduled jobs (catalogue sync, the
 * check of pending vendor transfers, the pull of transfer vendors' bet reports). What app.ts calls.
 */
/** The first catalogue sync at start, and its retries while no vendor answers (see syncIfEmpty). */
const firstSyncRetryDelaysMs = [0, 1_000, 2_000, 4_000];

export function setUpGaming(options: GamingSetupOptions) {
  const { settings } = options;
  const adapters: VendorAdapter[] = options.adapters ?? [];
  if (!options.adapters) {
    if (settings.hub88) {
      adapters.push(
        createHub88Adapter({
          apiUrl: settings.hub88.apiUrl,
          operatorId: settings.hub88.operatorId,
          privateKeyPem: settings.hub88.privateKeyPem,
          timeoutMs: settings.vendorTimeoutMs,
          ...(options.hub88ListIntervalMs !== undefined ? { listIntervalMs: options.hub88ListIntervalMs } : {}),
        }),
      );
    }
    if (settings.tcg) {
      const products: TcgProduct[] = settings.tcg.products
        ? settings.tcg.products.map((item) => ({
            productType: item.productType,
            code: item.code,
            name: defaultTcgProducts.find((known) => known.code === item.code)?.name ?? item.code,
            category: item.category as GameCategory,
          }))
        : defaultTcgProducts;
      adapters.push(
        createTcgAdapter({
          apiUrl: settings.tcg.apiUrl,
          merchantCode: settings.tcg.merchantCode,
          desKey: settings.tcg.desKey,
          signKey: settings.tcg.signKey,
          sitePrefix: options.merchantCode,
          currency: options.currency,
          timeoutMs: settings.tcgTimeoutMs,
          products,
          ...(settings.tcgReportUtcOffsetMinutes !== undefined
            ? { reportUtcOffsetMinutes: settings.tcgReportUtcOffsetMinutes }
            : {}),
        }),
      );
    }
  }
  // In-house games run inside the product: no outside party to configure, only the switch.
  if (settings.inhouseGames) adapters.push(createInhouseAdapter({ publicUrl: settings.publicUrl }));
  const gaming = createGamingService({
    db: options.db,
    merchantCode: options.merchantCode,
    cache: options.cache,
    catalogue: options.catalogue,
    wallet: options.wallet,
    identity: options.identity,
    currency: options.currency,
    launchCdns: options.launchCdns,
    adapters,
    publicUrl: settings.publicUrl,
    gameSessionTtlMs: settings.gameSessionTtlMinutes * 60_000,
    ...(options.publishBalance ? { publishBalance: options.publishBalance } : {}),
    log: options.log,
    ...(options.now ? { now: options.now } : {}),
  });
  const hub88Wallet = settings.hub88
    ? createHub88Wallet({
        db: options.db,
        merchantCode: options.merchantCode,
        wallet: options.wallet,
        identity: options.identity,
        currency: options.currency,
        publicKeyPem: settings.hub88.publicKeyPem,
        vendorOfGame: async (gameCode) => options.catalogue.vendorOfGame(hub88Aggregator, gameCode),
        onBalanceChanged: (accountId) => gaming.balanceChanged(accountId),
        log: options.log,
        ...(options.now ? { now: options.now } : {}),
      })
    : null;
  const inhouse = settings.inhouseGames
    ? createInhouseGames({
        db: options.db,
        merchantCode: options.merchantCode,
        wallet: options.wallet,
        catalogue: options.catalogue,
        identity: options.identity,
        currency: options.currency,
        onBalanceChanged: (accountId) => gaming.balanceChanged(accountId),
        log: options.log,
        ...(options.now ? { now: options.now } : {}),
      })
    : null;
  const jobs: Job[] = [
    {
      name: 'catalogue-sync',
      intervalMs: settings.catalogueSyncIntervalMinutes * 60_000,
      run: () => gaming.syncCatalogue(),
    },
    { name: 'vendor-transfer-check', intervalMs: 30_000, run: () => gaming.resolvePendingTransfers() },
    // Play at transfer-mode vendors is known only from their bet reports: pulled every 2 minutes into the rounds.
    { name: 'vendor-bet-records', intervalMs: 120_000, run: () => gaming.pullBetRecords() },
    // While the catalogue is still empty (the vendors were not reachable at start), try again every 65 s: just over
    // Hub88's one game list a minute. A count query otherwise.
    {
      name: 'catalogue-fill',
      intervalMs: 65_000,
      run: async () => ((await options.catalogue.isEmpty()) ? gaming.syncCatalogue() : 'not empty'),
    },
    // Hot games follow real play (bets and stakes of the last days, from the rounds): re-ranked every 10 minutes
    // into the games' stored rank (and after every sync and operator pin), so a list never computes it.
    { name: 'hot-games', intervalMs: 600_000, run: () => options.catalogue.refreshHot() },
  ];
  // Bets a crash left between stake and payout are settled from their stored draw.
  if (inhouse) jobs.push({ name: 'inhouse-settle', intervalMs: 60_000, run: () => inhouse.settleOpenRounds() });
  return {
    gaming,
    hub88Wallet,
    inhouse,
    jobs: adapters.length > 0 ? jobs : [],
    /**
     * At start: fills an empty catalogue in the background (the server does not wait for the vendors). A vendor
     * started beside the portal (`npm start` starts the simulator and the portal side by side) may not listen yet:
     * while every vendor's sync fails, it is tried again after 1, 2 and 4 s before the catalogue-fill job's 65 s
     * interval takes over. `signal` (the app closing) stops the retries.
     */
    syncIfEmpty(signal: AbortSignal): void {
      if (adapters.length === 0) return;
      void (async () => {
        for (const delayMs of firstSyncRetryDelaysMs) {
          if (delayMs > 0) await sleep(delayMs, undefined, { signal, ref: false });
          if (signal.aborted || !(await options.catalogue.isEmpty())) return;
          const { runs } = await gaming.syncCatalogue();
          if (runs.some((run) => run.ok)) return;
        }
      })().catch((error: unknown) => {
        if (!signal.aborted) options.log.warn({ err: error }, 'first catalogue sync failed');
      });
    },
  };
}

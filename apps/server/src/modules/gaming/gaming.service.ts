import { randomBytes } from 'node:crypto';
import type {
  CatalogueSyncResult,
  CatalogueSyncRun,
  GameRecall,
  GameRound,
  LaunchGameInput,
  LaunchGameResult,
  LotteryGame,
  Money,
  OpenedNumbers,
  OpenedNumbersQuery,
  RankEntry,
  RankListInput,
  VnGameMenu,
  VnGameMenuQuery,
  WalletTransferInput,
  WalletTransferResult,
} from '@portal/contract';
import type { Db } from '../../platform/db';
import { AppError, isAppError } from '../../platform/http/app-error';
import type { AuthContext } from '../../platform/http/auth-context';
import type { Cache } from '../../platform/kv';
import type { CatalogueService } from '../catalogue';
import type { WalletService } from '../wallet';
import {
  isTransferAdapter,
  type TransferOutcome,
  type TransferVendorAdapter,
  type VendorAdapter,
  type VendorBetRecord,
} from './gaming.adapter';
import { decimalToMinor, minorToDecimal } from './gaming.amounts';
import * as repo from './gaming.repository';

export type GamingLog = {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
};

export type GamingDeps = {
  db: Db;
  merchantCode: string;
  cache: Cache;
  catalogue: CatalogueService;
  wallet: Pick<WalletService, 'ensureAccount' | 'getAccount' | 'transfer' | 'hold' | 'post' | 'void'>;
  identity: { getAccount(accountId: number): Promise<{ username: string; status: string } | null> };
  currency(): Promise<{ code: string; scale: number }>;
  /** The site's launch CDN hosts (permission response `launchGameCDNs`). */
  launchCdns(): Promise<string[]>;
  adapters: VendorAdapter[];
  /** Where the vendors' home buttons send players back to. */
  publicUrl: string;
  /** How long a seamless game session (the token the vendor's wallet calls carry) lives. */
  gameSessionTtlMs: number;
  /** Pushes the member's new balance to their sockets (after bets, wins, rollbacks and vendor transfers). */
  publishBalance?: (accountId: number) => Promise<void>;
  log: GamingLog;
  now?: () => Date;
};

/** Keeps the player's name recognisable to them and no one else: first and last character. */
export function maskName(name: string): string {
  const chars = [...name];
  if (chars.length <= 1) return `${chars[0] ?? ''}***`;
  return `${chars[0]}***${chars[chars.length - 1]}`;
}

const settleKeys = {
  holdIn: (ref: string) => `tcg:in:${ref}`,
  postIn: (ref: string) => `tcg:in-post:${ref}`,
  voidIn: (ref: string) => `tcg:in-void:${ref}`,
  profit: (ref: string) => `tcg:pl:${ref}`,
  out: (ref: string) => `tcg:out:${ref}`,
};

/** A NOT FOUND status check is trusted only this long after the transfer (the call may still be in flight). */
const notFoundGraceMs = 120_000;

/** Bet reports are pulled at most this far back (TCG limits report queries to 7 days), less a minute of slack. */
const betReportMaxBackMs = 7 * 86_400_000 - 60_000;
/**
 * Each pull starts this long before the newest change already recorded: a vendor files a bet in its report some
 * time after it settles (TCG's settled files every 5 or 15 minutes), and re-reading is harmless (rows are set).
 */
const betReportOverlapMs = 30 * 60_000;
/** A window is read in chunks of at most this length, oldest first, each fully before anything of it is written. */
const betReportChunkMs = 6 * 3_600_000;
/** A chunk with more pages than this is refused (a vendor that never ends its paging). */
const betReportMaxPages = 500;
/**
 * This often per vendor, a pull reaches back to the oldest bet still open with us: its settlement may be filed with
 * a time before the usual window (a report filed late, or one that selects by bet time), and only a read from the
 * bet on finds it. Reading days of report every two minutes for one long-running sports bet would be waste.
 */
const betReportReopenIntervalMs = 15 * 60_000;

/**
 * Play with the vendors: launches (who may launch what, game sessions, launch CDN), transfers to and from
 * transfer-mode vendors (ambiguous ones resolved by the vendor's status check, never retried blindly), catalogue
 * syncs from every adapter, the winners board and the game recall. Seamless wallet calls are in hub88.wallet.ts.
 */
export function createGamingService(deps: GamingDeps) {
  const now = deps.now ?? (() => new Date());
  const { db, merchantCode } = deps;
  const adapters = new Map(deps.adapters.map((adapter) => [adapter.aggregator, adapter]));
  const locks = new Map<string, Promise<unknown>>();
  const pendingPublish = new Set<number>();

  /** Runs transfer work for one member and vendor at a time on this instance. */
  async function serial<T>(key: string, work: () => Promise<T>): Promise<T> {
    const previous = locks.get(key) ?? Promise.resolve();
    const next = previous.catch(() => undefined).then(work);
    locks.set(key, next);
    try {
      return await next;
    } finally {
      if (locks.get(key) === next) locks.delete(key);
    }
  }

  /** Publishes the member's balance once per burst of changes (a slot spin is a bet and a win 1 ms apart). */
  function balanceChanged(accountId: number): void {
    if (!deps.publishBalance || pendingPublish.has(accountId)) return;
    pendingPublish.add(accountId);
    const timer = setTimeout(() => {
      pendingPublish.delete(accountId);
      deps
        .publishBalance?.(accountId)
        .catch((error: unknown) => deps.log.warn({ err: error, accountId }, 'gaming: balance not published'));
    }, 50);
    timer.unref?.();
  }

  function money(minor: bigint, scale: number): Money {
    return { amount: minorToDecimal(minor, scale), minor: minor.toString() };
  }

  async function withLaunchCdn(url: string): Promise<string> {
    // Only absolute hosts replace the vendor's; a relative entry (the seeded '/') means "as the vendor gave it".
    const hosts = (await deps.launchCdns().catch(() => [])).filter((host) => /^https?:\/\/[^/]+/i.test(host));
    if (hosts.length === 0) return url;
    const host = hosts[Math.floor(Math.random() * hosts.length)] as string;
    try {
      const target = new URL(url);
      const cdn = new URL(host);
      target.protocol = cdn.protocol;
      target.hostname = cdn.hostname;
      target.port = cdn.port;
      return target.toString();
    } catch {
      return url;
    }
  }

  async function accounts(accountId: number, currency: string) {
    const [cash, locked, house] = await Promise.all([
      deps.wallet.ensureAccount({ type: 'player', id: accountId }, 'PLAYER_CASH', currency),
      deps.wallet.ensureAccount({ type: 'player', id: accountId }, 'PLAYER_LOCKED_VENDOR', currency),
      deps.wallet.ensureAccount({ type: 'house' }, 'HOUSE_GAMING', currency),
    ]);
    return { cash: cash.id, locked: locked.id, house: house.id };
  }

  function transferAdapterFor(vendorCode: string): TransferVendorAdapter | null {
    for (const adapter of adapters.values()) {
      if (isTransferAdapter(adapter) && adapter.hasVendor(vendorCode)) return adapter;
    }
    return null;
  }

  async function ensurePlayer(adapter: TransferVendorAdapter, accountId: number, vendorCode: string, currency: string) {
    await repo.ensureVendorWallet(db, merchantCode, accountId, vendorCode);
    const wallet = await repo.findVendorWallet(db, accountId, vendorCode);
    if (wallet?.playerCreated) return;
    await adapter.ensurePlayer(accountId, vendorCode, currency);
    await repo.setPlayerCreated(db, accountId, vendorCode);
  }

  /**
   * Books a definite outcome of a vendor transfer in the ledger, once: `in` posts (success) or voids (failure) the
   * hold on the member's cash; `out` and `all_out` move what came back to the cash account, first settling the
   * vendor's win (house pays) or, on a sweep, its loss (house gains) against what we had moved in.
   */
  async function settle(
    row: repo.VendorTransferRow,
    outcome: TransferOutcome,
  ): Promise<'success' | 'failed' | 'pending'> {
    if (outcome.kind === 'ambiguous') return 'pending';
    const ids = await accounts(row.accountId, row.currency);
    if (outcome.kind === 'failed') {
      if (row.direction === 'in' && row.holdTransferId !== null) {
        await deps.wallet.void(row.holdTransferId, settleKeys.voidIn(row.reference));
      }
      await repo.resolveVendorTransfer(db, row.id, 'failed', { detail: outcome.detail }, now());
      return 'failed';
    }
    if (row.direction === 'in') {
      if (row.holdTransferId !== null) await deps.wallet.post(row.holdTransferId, settleKeys.postIn(row.reference));
      if (await repo.resolveVendorTransfer(db, row.id, 'success', { detail: outcome.detail }, now())) {
        await repo.addVendorBalance(db, row.accountId, row.vendorCode, row.amountMinor, now());
      }
      balanceChanged(row.accountId);
      return 'success';
    }
    const amount = row.direction === 'all_out' ? (outcome.amountMinor ?? null) : row.amountMinor;
    if (amount === null) return 'pending';
    const tracked = (await repo.findVendorWallet(db, row.accountId, row.vendorCode))?.balanceMinor ?? 0n;
    const meta = { vendor: row.vendorCode, reference: row.reference };
    if (amount > tracked) {
      await deps.wallet.transfer({
        idempotencyKey: settleKeys.profit(row.reference),
        debit: ids.house,
        credit: ids.locked,
        amountMinor: amount - tracked,
        currency: row.currency,
        kind: 'WIN',
        metadata: meta,
      });
    } else if (row.direction === 'all_out' && tracked > amount) {
      await deps.wallet.transfer({
        idempotencyKey: settleKeys.profit(row.reference),
        debit: ids.locked,
        credit: ids.house,
        amountMinor: tracked - amount,
        currency: row.currency,
        kind: 'BET',
        metadata: meta,
      });
    }
    if (amount > 0n) {
      await deps.wallet.transfer({
        idempotencyKey: settleKeys.out(row.reference),
        debit: ids.locked,
        credit: ids.cash,
        amountMinor: amount,
        currency: row.currency,
        kind: 'VENDOR_TRANSFER',
        metadata: meta,
      });
    }
    if (
      await repo.resolveVendorTransfer(db, row.id, 'success', { amountMinor: amount, detail: outcome.detail }, now())
    ) {
      const remaining = row.direction === 'all_out' || amount >= tracked ? 0n : tracked - amount;
      await repo.setVendorBalance(db, row.accountId, row.vendorCode, remaining, now());
    }
    balanceChanged(row.accountId);
    return 'success';
  }

  /** Asks the vendor what became of a pending transfer and books the answer (see the summary's section 5). */
  async function resolvePending(row: repo.VendorTransferRow): Promise<'success' | 'failed' | 'pending'> {
    const adapter = transferAdapterFor(row.vendorCode);
    if (!adapter) return 'pending';
    const checked = await adapter.checkTransfer({ vendorCode: row.vendorCode, reference: row.reference });
    if (checked.kind === 'ambiguous' && checked.notFound) {
      // No record yet: maybe still in flight. Only after a grace period does "not found" mean it never happened.
      if (now().getTime() - row.createdAt.getTime() < notFoundGraceMs) {
        await repo.resolveVendorTransfer(db, row.id, 'pending', { detail: checked.detail }, now());
        return 'pending';
      }
      return settle(row, { kind: 'failed', detail: checked.detail });
    }
    if (checked.kind === 'ambiguous') {
      await repo.resolveVendorTransfer(db, row.id, 'pending', { detail: checked.detail }, now());
      if (row.checks >= 10)
        deps.log.warn({ reference: row.reference, detail: checked.detail }, 'vendor transfer still unresolved');
      return 'pending';
    }
    return settle(row, checked);
  }

  /** Per vendor, the end of the last window read completely on this instance (saves re-reading 7 days). */
  const betsPulledUntil = new Map<string, Date>();
  /** Per vendor, when a pull last reached back to its oldest open bet (see `betReportReopenIntervalMs`). */
  const openBetsRereadAt = new Map<string, number>();

  /** A report record as a round: cancelled bets count nothing (stake and win 0) and show as cancelled. */
  function pulledRound(
    aggregator: string,
    vendorCode: string,
    currency: string,
    record: VendorBetRecord & { accountId: number },
  ): repo.PulledRound {
    const settled = record.status === 'settled';
    const cancelled = record.status === 'cancelled';
    const closedAt = settled || cancelled ? (record.settledAt ?? record.betAt) : null;
    return {
      merchantCode,
      aggregator,
      roundId: record.betId,
      accountId: record.accountId,
      vendorCode,
      gameCode: record.gameCode,
      currency,
      stakeMinor: cancelled ? 0n : record.stakeMinor,
      winMinor: settled ? record.winMinor : 0n,
      status: settled ? 'closed' : cancelled ? 'rolled_back' : 'open',
      startedAt: record.betAt,
      updatedAt: closedAt ?? record.betAt,
      closedAt,
    };
  }

  /**
   * Reads one transfer vendor's bet report from just before the newest change we recorded (at most 7 days back)
   * up to now, chunk by chunk, and sets the rounds. A chunk is written only once all its pages are read, in time
   * order, so a failure leaves the cursor where it was and the next run reads the rest again. Every
   * `betReportReopenIntervalMs` the window reaches back to the oldest bet still open with us (within the 7 days),
   * so a settlement filed with an earlier time than the cursor is not missed; re-reading is harmless, since a
   * pulled round is set to what the report says, never added to (and moves no money: that moved with transfers).
   */
  async function pullVendorBets(
    adapter: TransferVendorAdapter,
    vendorCode: string,
    currency: string,
    known: Map<number, boolean>,
  ): Promise<{ fetched: number; changed: number; ignored: number; invalid: number }> {
    const read = adapter.betRecords;
    if (!read) return { fetched: 0, changed: 0, ignored: 0, invalid: 0 };
    const key = `${adapter.aggregator}:${vendorCode}`;
    const end = now();
    const cursor =
      betsPulledUntil.get(key) ?? (await repo.latestPulledRoundTime(db, merchantCode, adapter.aggregator, vendorCode));
    const oldest = end.getTime() - betReportMaxBackMs;
    let from = cursor ? Math.max(oldest, Math.min(cursor.getTime(), end.getTime()) - betReportOverlapMs) : oldest;
    const reachBack =
      end.getTime() - (openBetsRereadAt.get(key) ?? Number.NEGATIVE_INFINITY) >= betReportReopenIntervalMs;
    if (reachBack) {
      const open = await repo.oldestOpenPulledRoundTime(
        db,
        merchantCode,
        adapter.aggregator,
        vendorCode,
        new Date(oldest),
      );
      // A minute early: report times are whole seconds, in the vendor's clock.
      if (open) from = Math.max(oldest, Math.min(from, open.getTime() - 60_000));
    }
    const totals = { fetched: 0, changed: 0, ignored: 0, invalid: 0 };
    while (from < end.getTime()) {
      const to = Math.min(end.getTime(), from + betReportChunkMs);
      const records = new Map<string, VendorBetRecord>();
      for (let page = 1; ; page += 1) {
        if (page > betReportMaxPages)
          throw new Error(`bet report of ${vendorCode} has more than ${betReportMaxPages} pages`);
        const result = await read.call(adapter, { vendorCode, from: new Date(from), to: new Date(to), page });
        totals.invalid += result.invalid;
        // The same bet on two pages (it changed while we paged): the final state wins.
        for (const record of result.records) {
          const seen = records.get(record.betId);
          if (!seen || seen.status === 'unsettled') records.set(record.betId, record);
        }
        totals.fetched += result.records.length;
        if (page >= result.totalPages) break;
      }
      const rows: repo.PulledRound[] = [];
      for (const record of records.values()) {
        const accountId = record.accountId;
        if (accountId === null) {
          totals.ignored += 1;
          continue;
        }
        if (!known.has(accountId)) known.set(accountId, (await deps.identity.getAccount(accountId)) !== null);
        if (!known.get(accountId)) {
          totals.ignored += 1;
          continue;
        }
        rows.push(pulledRound(adapter.aggregator, vendorCode, currency, { ...record, accountId }));
      }
      for (let index = 0; index < rows.length; index += 500) {
        totals.changed += await repo.putPulledRounds(db, rows.slice(index, index + 500));
      }
      betsPulledUntil.set(key, new Date(to));
      from = to;
    }
    if (reachBack) openBetsRereadAt.set(key, end.getTime());
    if (totals.invalid > 0) deps.log.warn({ vendorCode, invalid: totals.invalid }, 'bet report rows not readable');
    return totals;
  }

  function newReference(): string {
    return `${merchantCode.toLowerCase().slice(0, 8)}${Date.now().toString(36)}${randomBytes(6).toString('hex')}`;
  }

  async function recallRows(rows: repo.RoundRow[], language: string | undefined, scale: number): Promise<GameRound[]> {
    const games = await deps.catalogue.gamesByCodes(
      rows.map((row) => ({ vendorCode: row.vendorCode, gameCode: row.gameCode })),
      language,
    );
    return rows.map((row) => {
      const game = games.get(`${row.vendorCode}\u0000${row.gameCode}`);
      return {
        roundId: row.roundId,
        vassalage: row.vendorCode,
        nodeId: game?.nodeId ?? null,
        gameCode: row.gameCode,
        gameName: game?.displayName ?? row.gameCode,
        gameType: game?.gameType ?? null,
        stake: money(row.stakeMinor, scale),
        win: money(row.winMinor, scale),
        profit: money(row.winMinor - row.stakeMinor, scale),
        status: row.status as GameRound['status'],
        startedAt: row.startedAt.toISOString(),
        updatedAt: row.updatedAt.toISOString(),
      };
    });
  }

  /** The lottery menu: games grouped by their game group, for the prize mode's lanes. */
  function lotteryMenu(
    entries: Array<{
      game: { gameCode: string; displayName: string; nodeId: string; vassalage: string };
      groupCode: string;
    }>,
  ): VnGameMenu {
    const groups = new Map<string, LotteryGame[]>();
    for (const { game, groupCode } of entries) {
      const list = groups.get(groupCode) ?? [];
      list.push({
        gameCode: game.gameCode,
        gameName: game.displayName,
        nodeId: game.nodeId,
        vassalage: game.vassalage,
        gameGroupCode: groupCode,
        nextDrawAt: null,
      });
      groups.set(groupCode, list);
    }
    return {
      gameMenus: [...groups.entries()].map(([gameGroupCode, games]) => ({
        gameGroupCode,
        groupName: gameGroupCode,
        games,
      })),
    };
  }

  const prizeLanes = (prizeMode: VnGameMenuQuery['prizeMode']): Array<'LOTT' | 'ELOTT'> =>
    prizeMode === 'ELOTT' || prizeMode === 'SEA'
      ? ['ELOTT']
      : prizeMode === 'LOTT' || prizeMode === 'ZY'
        ? ['LOTT']
        : ['LOTT', 'ELOTT'];

  return {
    balanceChanged,

    /**
     * Play figures for operators' reports and the dashboard: stakes, wins (minor units of the site currency), rounds
     * and distinct players of the rounds started in [from, to), by cashier day (YYYY-MM-DD, the start shifted by
     * `dayOffsetMinutes`), by vendor code, or in total (one row, key ''). Seamless vendors' rounds are recorded as
     * their wallet calls come; transfer-mode vendors' bets when their bet reports are pulled (`pullBetRecords`).
     */
    async roundTotals(
      range: { from: Date; to: Date },
      groupBy: 'day' | 'vendor' | 'none',
      dayOffsetMinutes = 0,
    ): Promise<repo.RoundTotalsRow[]> {
      const { code } = await deps.currency();
      return repo.roundTotals(db, { merchantCode, currency: code, ...range, groupBy, dayOffsetMinutes });
    },

    /** `/lgw/vn/games/game_menu`: the lottery games grouped by game group (for the prize mode's lanes). */
    async vnGameMenu(query: VnGameMenuQuery, language: string | undefined): Promise<VnGameMenu> {
      return lotteryMenu(await deps.catalogue.lotteryGames(language, prizeLanes(query.prizeMode)));
    },

    /** `/lgw/vn/games/game_menu/recent`: the lottery games the member launched, most recent first. */
    async vnGameMenuRecent(
      accountId: number,
      query: VnGameMenuQuery,
      language: string | undefined,
    ): Promise<VnGameMenu> {
      const lottery = new Map(
        (await deps.catalogue.lotteryGames(language, prizeLanes(query.prizeMode))).map((entry) => [
          entry.game.nodeId,
          entry,
        ]),
      );
      const recent = await deps.catalogue.recentGames({ pageNo: 1, pageSize: 100 }, language, accountId);
      return lotteryMenu(
        recent.content
          .map((game) => lottery.get(game.nodeId))
          .filter((entry): entry is NonNullable<typeof entry> => entry !== undefined),
      );
    },

    /**
     * The latest draws of a lottery game from its vendor, cached for 10 seconds.
     * @throws CATALOGUE_GAME_NOT_FOUND, GAMING_VENDOR_UNAVAILABLE
     */
    async openedNumbers(query: OpenedNumbersQuery): Promise<OpenedNumbers> {
      const games = await deps.catalogue.lotteryGames(undefined);
      const found = games.find((entry) => entry.game.gameCode === query.gameCode);
      const adapter = found ? transferAdapterFor(found.game.vassalage) : null;
      if (!found || !adapter?.openedNumbers)
        throw new AppError('CATALOGUE_GAME_NOT_FOUND', { gameCode: query.gameCode });
      const limit = Number(query.limit ?? 10);
      const reader = adapter.openedNumbers.bind(adapter);
      const text = await deps.cache.getOrSet(
        `gaming:opened:${found.game.vassalage}:${query.gameCode}:${limit}`,
        10_000,
        async () => {
          const result = await reader({ vendorCode: found.game.vassalage, gameCode: query.gameCode, limit });
          const value: OpenedNumbers = result.draws.map((draw) => ({
            gameCode: query.gameCode,
            numero: draw.numero,
            openedNumbers: draw.numbers,
            openedAt: draw.openedAt,
          }));
          return JSON.stringify(value);
        },
      );
      return JSON.parse(text) as OpenedNumbers;
    },

    /**
     * Launches a game. Real money needs a real member's session; trial (Free Trial) is open to visitors and trial
     * users when the game supports it.
     * @throws AUTH_REQUIRED (visitor, real mode), IDENTITY_REAL_ACCOUNT_REQUIRED (trial user, real mode)
     * @throws CATALOGUE_GAME_NOT_FOUND (unknown or disabled), CATALOGUE_GAME_MAINTENANCE (game or vendor),
     *   CATALOGUE_TRIAL_NOT_SUPPORTED, GAMING_VENDOR_UNAVAILABLE
     */
    async launch(
      input: LaunchGameInput,
      context: { auth: AuthContext | null; language: string; ip: string },
    ): Promise<LaunchGameResult> {
      const mode = input.mode ?? 'real';
      const { auth } = context;
      if (mode === 'real') {
        if (!auth) throw new AppError('AUTH_REQUIRED');
        if (auth.role === 'trial') throw new AppError('IDENTITY_REAL_ACCOUNT_REQUIRED');
      }
      const target = await deps.catalogue.launchTarget(input, context.language);
      if (!target.playable) throw new AppError('CATALOGUE_GAME_NOT_FOUND', { nodeId: target.game.nodeId });
      if (target.maintenance) throw new AppError('CATALOGUE_GAME_MAINTENANCE', { nodeId: target.game.nodeId });
      if (mode === 'trial' && !target.game.trialSupport) {
        throw new AppError('CATALOGUE_TRIAL_NOT_SUPPORTED', { nodeId: target.game.nodeId });
      }
      const adapter = adapters.get(target.aggregator);
      if (!adapter) throw new AppError('GAMING_VENDOR_UNAVAILABLE', { aggregator: target.aggregator });
      const currency = await deps.currency();
      const accountId = mode === 'real' && auth ? auth.accountId : null;
      let token: string | null = null;
      if (accountId !== null && adapter.walletMode === 'seamless') {
        token = randomBytes(24).toString('base64url');
        await repo.insertSession(db, {
          token,
          merchantCode,
          accountId,
          vendorCode: target.game.vassalage,
          gameCode: target.game.gameCode,
          currency: currency.code,
          createdAt: now(),
          expiresAt: new Date(now().getTime() + deps.gameSessionTtlMs),
        });
      }
      if (accountId !== null && isTransferAdapter(adapter)) {
        await ensurePlayer(adapter, accountId, target.game.vassalage, currency.code);
      }
      const url = await adapter.launch({
        accountId,
        target,
        mode,
        platform: input.platform ?? 'html5-desktop',
        language: input.language ?? context.language,
        currency: currency.code,
        ip: context.ip,
        lobbyUrl: input.backUrl?.startsWith(deps.publicUrl) ? input.backUrl : deps.publicUrl,
        token,
        launchMode: input.launchMode ?? 'GAME',
        lottoView: input.lottoView,
      });
      if (auth) await deps.catalogue.recordPlay(auth.accountId, target.game.gameId);
      return {
        url: await withLaunchCdn(url),
        mode,
        nodeId: target.game.nodeId,
        gameCode: target.game.gameCode,
        vassalage: target.game.vassalage,
        walletMode: adapter.walletMode,
      };
    },

    /**
     * `GCS_walletTransfer`: money into a transfer-mode vendor's wallet, part of it back, or everything back. An
     * ambiguous vendor answer is checked with the vendor's status call at once and, if still unknown, left pending
     * for the sweeper: never re-sent under a new reference.
     * @throws CATALOGUE_VENDOR_NOT_FOUND, GAMING_TRANSFER_NOT_SUPPORTED (seamless vendor), CATALOGUE_GAME_MAINTENANCE,
     *   GAMING_TRANSFER_IN_PROGRESS, WALLET_INSUFFICIENT_FUNDS, WALLET_AMOUNT_INVALID, WALLET_AMOUNT_TOO_PRECISE,
     *   GAMING_TRANSFER_FAILED, GAMING_VENDOR_UNAVAILABLE
     */
    async walletTransfer(auth: AuthContext, input: WalletTransferInput): Promise<WalletTransferResult> {
      const vendor = (await deps.catalogue.listVendors()).find((row) => row.code === input.vassalage && row.enabled);
      if (!vendor) throw new AppError('CATALOGUE_VENDOR_NOT_FOUND', { vassalage: input.vassalage });
      const adapter = transferAdapterFor(vendor.code);
      if (vendor.walletMode !== 'transfer' || !adapter) {
        throw new AppError('GAMING_TRANSFER_NOT_SUPPORTED', { vassalage: vendor.code });
      }
      if (vendor.maintenance) throw new AppError('CATALOGUE_GAME_MAINTENANCE', { vassalage: vendor.code });
      const currency = await deps.currency();
      let amountMinor = 0n;
      if (input.direction !== 'all_out') {
        const parsed = decimalToMinor(input.amount ?? '', currency.scale);
        if (parsed === null) {
          const tooPrecise = /^\d{1,15}\.\d+$/.test((input.amount ?? '').trim());
          throw new AppError(tooPrecise ? 'WALLET_AMOUNT_TOO_PRECISE' : 'WALLET_AMOUNT_INVALID', {
            amount: input.amount ?? null,
          });
        }
        if (parsed <= 0n || parsed > 10n ** 15n) throw new AppError('WALLET_AMOUNT_INVALID', { amount: input.amount });
        amountMinor = parsed;
      }
      return serial(`${auth.accountId}:${vendor.code}`, async () => {
        for (const row of (await repo.pendingVendorTransfers(db, merchantCode, now(), 50)).filter(
          (item) => item.accountId === auth.accountId && item.vendorCode === vendor.code,
        )) {
          await resolvePending(row);
        }
        if (await repo.hasPendingVendorTransfer(db, auth.accountId, vendor.code)) {
          throw new AppError('GAMING_TRANSFER_IN_PROGRESS', { vassalage: vendor.code });
        }
        await ensurePlayer(adapter, auth.accountId, vendor.code, currency.code);
        const ids = await accounts(auth.accountId, currency.code);
        const reference = newReference();
        let holdId: number | null = null;
        if (input.direction === 'in') {
          const hold = await deps.wallet.hold({
            idempotencyKey: settleKeys.holdIn(reference),
            debit: ids.cash,
            credit: ids.locked,
            amountMinor,
            currency: currency.code,
            kind: 'VENDOR_TRANSFER',
            metadata: { vendor: vendor.code, reference },
          });
          holdId = hold.id;
        }
        const row = await repo.insertVendorTransfer(db, {
          merchantCode,
          reference,
          accountId: auth.accountId,
          vendorCode: vendor.code,
          direction: input.direction,
          amountMinor,
          currency: currency.code,
          status: 'pending',
          holdTransferId: holdId,
          createdAt: now(),
          updatedAt: now(),
        });
        let outcome: TransferOutcome;
        try {
          outcome =
            input.direction === 'all_out'
              ? await adapter.transferAllOut({ accountId: auth.accountId, vendorCode: vendor.code, reference })
              : await adapter.transfer({
                  accountId: auth.accountId,
                  vendorCode: vendor.code,
                  direction: input.direction,
                  amountMinor,
                  reference,
                });
        } catch (error) {
          outcome = { kind: 'ambiguous', detail: { reason: isAppError(error) ? error.code : 'error' } };
        }
        let status = await settle(row, outcome);
        if (status === 'pending') status = await resolvePending(row);
        if (status === 'failed') {
          throw new AppError('GAMING_TRANSFER_FAILED', { vassalage: vendor.code, reference });
        }
        const stored = (await repo.findVendorTransfer(db, reference)) ?? row;
        const cash = await deps.wallet.getAccount(ids.cash);
        const vendorWallet = await repo.findVendorWallet(db, auth.accountId, vendor.code);
        return {
          vassalage: vendor.code,
          direction: input.direction,
          status: status === 'success' ? 'SUCCESS' : 'PENDING',
          reference,
          amount: money(stored.amountMinor, currency.scale),
          mainBalance: money(cash.availableMinor, currency.scale),
          vendorBalance: money(vendorWallet?.balanceMinor ?? 0n, currency.scale),
        };
      });
    },

    /** The sweeper: asks the vendors about transfers left pending (older than `minAgeMs`) and books the answers. */
    async resolvePendingTransfers(minAgeMs = 5_000): Promise<{ checked: number; resolved: number }> {
      const rows = await repo.pendingVendorTransfers(db, merchantCode, new Date(now().getTime() - minAgeMs), 100);
      let resolved = 0;
      for (const row of rows) {
        const status = await serial(`${row.accountId}:${row.vendorCode}`, () => resolvePending(row)).catch(
          (error: unknown) => {
            deps.log.warn({ err: error, reference: row.reference }, 'vendor transfer check failed');
            return 'pending' as const;
          },
        );
        if (status !== 'pending') resolved += 1;
      }
      return { checked: rows.length, resolved };
    },

    /**
     * The scheduled pull of transfer-mode vendors' bet reports into the rounds (betting record, recall, P/L,
     * winners board, reports). Records only: the money moved with the transfers. Names that are not ours (another
     * site's prefix, unknown accounts) are ignored. A vendor whose report fails keeps its cursor and is read again
     * from there at the next run; the others go on.
     */
    async pullBetRecords(): Promise<{
      vendors: Array<{ vendor: string; ok: boolean; fetched: number; changed: number; ignored: number }>;
    }> {
      const { code } = await deps.currency();
      const catalogueVendors = await deps.catalogue.listVendors();
      const known = new Map<number, boolean>();
      const vendors: Array<{ vendor: string; ok: boolean; fetched: number; changed: number; ignored: number }> = [];
      for (const adapter of adapters.values()) {
        if (!isTransferAdapter(adapter) || !adapter.betRecords) continue;
        for (const vendor of catalogueVendors) {
          if (vendor.walletMode !== 'transfer' || !adapter.hasVendor(vendor.code)) continue;
          try {
            const totals = await pullVendorBets(adapter, vendor.code, code, known);
            vendors.push({ vendor: vendor.code, ok: true, ...totals });
          } catch (error) {
            deps.log.warn(
              { err: error, vendor: vendor.code, reason: isAppError(error) ? error.params : undefined },
              'bet report pull failed; the next run starts from the same place',
            );
            vendors.push({ vendor: vendor.code, ok: false, fetched: 0, changed: 0, ignored: 0 });
          }
        }
      }
      return { vendors };
    },

    /**
     * Bets (rounds not rolled back) and stakes per game since `since`, over every kind of play: seamless wallet
     * calls, in-house games and transfer vendors' pulled reports. What the catalogue ranks hot games by.
     */
    playActivity(since: Date) {
      return repo.playActivity(db, merchantCode, since);
    },

    /**
     * Rounds after a round id, in id order, with their vendor's category (the points mall's earning job reads play
     * through this, never the tables). `status` is open, closed (settled) or rolled_back.
     */
    async roundsAfter(
      afterId: number,
      limit: number,
    ): Promise<
      Array<{
        id: number;
        accountId: number;
        vendorCode: string;
        category: string;
        currency: string;
        stakeMinor: bigint;
        status: string;
        startedAt: Date;
      }>
    > {
      const [rows, vendors] = await Promise.all([
        repo.roundsAfter(db, merchantCode, afterId, limit),
        deps.catalogue.listVendors(),
      ]);
      const categoryOf = new Map(vendors.map((vendor) => [vendor.code, vendor.category as string]));
      return rows.map((row) => ({ ...row, category: categoryOf.get(row.vendorCode) ?? 'OTHER' }));
    },

    /** What we hold at each transfer-mode vendor for a member (the cashier's balance answer lists them). */
    async vendorBalances(accountId: number): Promise<Array<{ vendor: string; balanceMinor: bigint }>> {
      return (await repo.vendorWallets(db, accountId)).map((row) => ({
        vendor: row.vendorCode,
        balanceMinor: row.balanceMinor,
      }));
    },

    /**
     * The member's play in [from, to) per vendor with the vendor's category (personal profit and loss): bets and
     * wins in minor units, net of rollbacks. The cashier adds the money side (deposits, withdrawals, bonuses).
     */
    async memberRoundTotals(
      accountId: number,
      range: { from: Date; to: Date },
    ): Promise<Array<{ vendor: string; category: string; rounds: number; betMinor: bigint; winMinor: bigint }>> {
      const { code } = await deps.currency();
      const [rows, vendors] = await Promise.all([
        repo.roundTotalsByVendor(db, { merchantCode, accountId, currency: code, ...range }),
        deps.catalogue.listVendors(),
      ]);
      const categoryOf = new Map(vendors.map((vendor) => [vendor.code, vendor.category as string]));
      return rows.map((row) => ({
        vendor: row.vendorCode,
        category: categoryOf.get(row.vendorCode) ?? 'OTHER',
        rounds: Number(row.rounds),
        betMinor: BigInt(row.stakeMinor),
        winMinor: BigInt(row.winMinor),
      }));
    },

    /** Vendor codes that keep their own wallet (the cashier's merchant-wallet answer). */
    async transferVendors(): Promise<string[]> {
      return (await deps.catalogue.listVendors())
        .filter((vendor) => vendor.enabled && vendor.walletMode === 'transfer')
        .map((vendor) => vendor.code);
    },

    /** Pulls every aggregator's catalogue into the catalogue; one failing aggregator does not stop the others. */
    async syncCatalogue(): Promise<CatalogueSyncResult> {
      const runs: CatalogueSyncRun[] = [];
      for (const adapter of adapters.values()) {
        const started = performance.now();
        try {
          const feed = await adapter.syncCatalogue();
          runs.push(...(await deps.catalogue.applyFeed(feed)));
        } catch (error) {
          const reason = isAppError(error) ? error.code : error instanceof Error ? error.message : String(error);
          deps.log.warn({ err: error, aggregator: adapter.aggregator }, 'catalogue sync failed');
          runs.push({
            vendor: adapter.aggregator,
            ok: false,
            received: 0,
            added: 0,
            updated: 0,
            removed: 0,
            durationMs: Math.round(performance.now() - started),
            error: reason.slice(0, 200),
          });
        }
      }
      deps.log.info(
        { runs: runs.map((run) => ({ vendor: run.vendor, ok: run.ok, received: run.received })) },
        'catalogue synced',
      );
      return { runs };
    },

    hasAdapters: () => adapters.size > 0,

    /** `GCSGAME_getRankList`: the biggest wins, names masked. Cached for 30 seconds. */
    async rankList(input: RankListInput, language: string | undefined): Promise<RankEntry[]> {
      const category = input.gameCategory ?? 'ALL';
      const limit = Number(input.limitNum ?? 20);
      const key = `gaming:rank:${category}:${limit}:${language ?? ''}`;
      const text = await deps.cache.getOrSet(key, 30_000, async () => {
        const { scale } = await deps.currency();
        const rows = await repo.biggestWins(db, merchantCode, category === 'ALL' ? limit : limit * 5);
        const games = await deps.catalogue.gamesByCodes(
          rows.map((row) => ({ vendorCode: row.vendorCode, gameCode: row.gameCode })),
          language,
        );
        const entries: RankEntry[] = [];
        for (const row of rows) {
          const game = games.get(`${row.vendorCode}\u0000${row.gameCode}`);
          if (!game || (category !== 'ALL' && game.gameType !== category)) continue;
          const account = await deps.identity.getAccount(row.accountId);
          entries.push({
            rank: entries.length + 1,
            customerName: maskName(account?.username ?? 'player'),
            winAmount: money(row.winMinor, scale),
            iconUrl: game.iconUrl,
            gameName: game.displayName,
            nodeId: game.nodeId,
            gameCode: game.gameCode,
            vassalage: game.vassalage,
            gameType: game.gameType,
            wonAt: row.updatedAt.toISOString(),
          });
          if (entries.length >= limit) break;
        }
        return JSON.stringify(entries);
      });
      return JSON.parse(text) as RankEntry[];
    },

    /**
     * The vendor's details page of one of the member's rounds (Hub88 game/round).
     * @throws NOT_FOUND when the round is not the member's or its vendor offers no details page.
     */
    async roundDetails(accountId: number, roundId: string): Promise<{ url: string }> {
      for (const adapter of adapters.values()) {
        if (!adapter.roundDetailsUrl) continue;
        const first = await repo.firstTransactionOfRound(db, merchantCode, adapter.aggregator, accountId, roundId);
        if (!first) continue;
        return {
          url: await adapter.roundDetailsUrl({ accountId, transactionUuid: first.transactionUuid, round: roundId }),
        };
      }
      throw new AppError('NOT_FOUND', { roundId });
    },

    /** Game recall: the member's last 10 rounds, newest first. */
    async recall(accountId: number, language: string | undefined): Promise<GameRecall> {
      const { scale } = await deps.currency();
      return { rounds: await recallRows(await repo.lastRounds(db, merchantCode, accountId, 10), language, scale) };
    },
  };
}

export type GamingService = ReturnType<typeof createGamingService>;

import {
  type CatalogueGameAdmin,
  type CatalogueGameAdminPage,
  type CatalogueGameAdminQuery,
  type CatalogueGameUpdateInput,
  type CatalogueSyncRun,
  type CatalogueVendorAdmin,
  type CatalogueVendorUpdateInput,
  type FavoriteGameInput,
  type FavoriteGamesListInput,
  type FavoriteIds,
  type Game,
  type GameCategory,
  type GameCategoryVendors,
  type GameListInput,
  type GameMenus,
  type GamePage,
  gameCategories,
  type HotGamesInput,
  type RecentGamesInput,
  type RoomList,
  resolveLanguage,
  type VassGameTypes,
  type VendorCard,
  type WalletMode,
} from '@portal/contract';
import type { Db } from '../../platform/db';
import { AppError } from '../../platform/http/app-error';
import type { Cache } from '../../platform/kv';
import * as repo from './catalogue.repository';
import {
  defaultReshapeRules,
  effectiveCategory,
  laneSources,
  type RawLane,
  type ReshapeRules,
  reshapeLanes,
} from './catalogue.reshape';
import { createNameIndex, type NameIndex, normaliseName } from './catalogue.search';

export type CatalogueDeps = {
  db: Db;
  merchantCode: string;
  cache: Cache;
  rules?: ReshapeRules;
  /** The site's image CDN hosts (permission response `imageCDNs`); relative vendor images are served from them. */
  imageCdns?: () => Promise<string[]>;
  /** How long lists stay cached; a catalogue sync or an operator switch invalidates them at once. Default 60 s. */
  cacheTtlMs?: number;
  /** One favourite toggle per member per this interval (spec sections 4 and 9: 1000 ms). */
  favoriteToggleIntervalMs?: number;
  /** How many of the most played games are hot. Default 30. */
  hotTop?: number;
  /**
   * Real play per game since a time: bets and stakes from the bet records (seamless wallet calls, in-house games,
   * transfer vendors' pulled reports), which the gaming module keeps. Hot games rank by it; without it (no gaming
   * module) they rank by launches.
   */
  playActivity?: (since: Date) => Promise<repo.GamePlayActivity[]>;
  /** How far back play counts for the hot ranking. Default 7 days. */
  hotWindowMs?: number;
  now?: () => Date;
};

/** A vendor as a catalogue sync delivers it. */
export type FeedVendor = {
  code: string;
  name: string;
  category: GameCategory;
  iconUrl: string | null;
  sortOrder: number;
  meta?: Record<string, unknown>;
};

/** A game as a catalogue sync delivers it. */
export type FeedGame = {
  vendorCode: string;
  gameCode: string;
  gameType: GameCategory;
  isLobby?: boolean;
  name: string;
  /** Names by language code (`en` falls back to `name`). */
  names?: Record<string, string>;
  showIcon: string | null;
  iconUrl: string | null;
  largeIcon: string | null;
  trialSupport: boolean;
  /** The vendor lists it as playable (a disabled feed entry is stored unlisted). */
  enabled: boolean;
  releasedAt?: Date | null;
  meta?: Record<string, unknown>;
};

export type VendorFeed = {
  aggregator: string;
  walletMode: WalletMode;
  vendors: FeedVendor[];
  games: FeedGame[];
};

/** What the gaming module needs to launch a game. */
export type LaunchTarget = {
  game: Game;
  aggregator: string;
  walletMode: WalletMode;
  /** The game or its vendor is switched off by the operator, or the game left the vendor's feed. */
  playable: boolean;
  maintenance: boolean;
  meta: Record<string, unknown>;
  vendorMeta: Record<string, unknown>;
  isLobby: boolean;
};

const versionKey = 'catalogue:version';

/** A game as the operator's games table shows it. */
function toAdminGame(row: repo.GameWithVendor): CatalogueGameAdmin {
  const pins = repo.pinsOf(row.meta);
  return {
    id: row.id,
    vendorCode: row.vendorCode,
    vendorName: row.vendorName,
    gameCode: row.gameCode,
    name: row.name,
    category: row.gameType,
    isLobby: row.isLobby,
    listed: row.listed,
    enabled: row.enabled,
    maintenance: row.maintenance,
    isHot: row.isHot,
    hotPinned: typeof pins.hot === 'boolean' ? pins.hot : null,
    sortOrder: row.sortOrder,
    sortPinned: pins.sortOrder === true,
    vendorEnabled: row.vendorEnabled,
    vendorMaintenance: row.vendorMaintenance,
    updatedAt: row.updatedAt.toISOString(),
  };
}

function toAdminVendor(row: repo.VendorRow, games: number, listedGames: number): CatalogueVendorAdmin {
  return {
    code: row.code,
    name: row.name,
    aggregator: row.aggregator,
    walletMode: row.walletMode === 'transfer' ? 'transfer' : 'seamless',
    category: row.category,
    enabled: row.enabled,
    maintenance: row.maintenance,
    sortOrder: row.sortOrder,
    games,
    listedGames,
    syncedAt: row.syncedAt?.toISOString() ?? null,
  };
}
/** How every page without games begins, and no page with games does (`isEmptyPageJson`). */
const emptyPagePrefix = '{"content":[],';

/** The JSON of a page without games: what `JSON.stringify` gives for it, without building it. */
export function emptyPageJson(pageNo: number, pageSize: number): string {
  return `${emptyPagePrefix}"pageNum":${JSON.stringify(pageNo)},"pageSize":${JSON.stringify(pageSize)},"totalPages":0,"total":0}`;
}

/** Whether the JSON of a page (as `gameListJson` gives it) holds no game. */
export function isEmptyPageJson(json: string): boolean {
  return json.startsWith(emptyPagePrefix);
}

const newForDays = 90;
const batchSize = 1000;

function isCategory(value: string): value is GameCategory {
  return (gameCategories as readonly string[]).includes(value);
}

/**
 * The game catalogue: vendors and games from the vendors' syncs, the reshaped menus, lists with filters and search,
 * hot games, favourites (throttled, duplicates ignored), recent plays and live rooms. Lists that are the same for
 * everyone are cached in the platform cache under a catalogue version that every sync and switch bumps.
 */
export function createCatalogueService(deps: CatalogueDeps) {
  const rules = deps.rules ?? defaultReshapeRules;
  const ttlMs = deps.cacheTtlMs ?? 60_000;
  const toggleMs = deps.favoriteToggleIntervalMs ?? 1000;
  const hotTop = deps.hotTop ?? 30;
  const hotWindowMs = deps.hotWindowMs ?? 7 * 86_400_000;
  const now = deps.now ?? (() => new Date());
  const { db, merchantCode, cache } = deps;
  const vendorOfCode = new Map<string, { vendorCode: string; until: number }>();

  async function version(): Promise<string> {
    return (await cache.get(versionKey)) ?? '0';
  }

  // The catalogue version is read at most once a second per instance: another instance's sync shows within a second.
  let versionMemo: { at: number; value: string } | null = null;
  /** The list epoch read in this turn of the event loop (see `listEpoch`). */
  let epochThisTurn: Promise<string> | null = null;
  /** What `epochThisTurn` resolved to, once it has (see `listEpochNow`). */
  let epochNow: string | undefined;
  async function currentVersion(): Promise<string> {
    if (versionMemo && Date.now() - versionMemo.at < 1_000) return versionMemo.value;
    const value = await version();
    versionMemo = { at: Date.now(), value };
    return value;
  }

  /**
   * Re-ranks hot games from the operator's pins and the play of the last `hotWindowMs`, into the games' stored flag
   * and rank: players' lists read them from the in-process snapshot, so a list never waits for this. The lists
   * move only when a rank did.
   */
  async function rerankHot(): Promise<number> {
    const since = new Date(now().getTime() - hotWindowMs);
    const activity = deps.playActivity ? await deps.playActivity(since) : [];
    return repo.refreshHotRanks(db, merchantCode, hotTop, activity);
  }

  async function invalidate(): Promise<void> {
    await cache.set(versionKey, `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`, 30 * 86_400_000);
    versionMemo = null;
    epochThisTurn = null;
    epochNow = undefined;
    snapshot = null;
  }

  /**
   * Every listable game in list order, held in process per catalogue version. A list or filter over 10,000+ games
   * is then a pass over an array instead of a query with a count, and a search a look-up in the snapshot's name
   * index (catalogue.search.ts, built with the snapshot) instead of a pass over every name. The snapshot is rebuilt
   * with one query after a sync or an operator switch. Favourites and recent plays stay in the database.
   *
   * `lists` remembers the games of each request shape and `pages` the serialised pages that are the same for
   * everyone (no favourites to mark), both for the snapshot's life: a repeated list request does no work but the
   * look-up.
   */
  type SnapshotRow = repo.GameWithVendor;
  type Snapshot = {
    rows: SnapshotRow[];
    names: NameIndex;
    lists: Map<string, SnapshotRow[]>;
    pages: Map<string, string>;
  };
  let snapshot: { version: string; value: Promise<Snapshot> } | null = null;
  async function games(): Promise<Snapshot> {
    const current = await currentVersion();
    if (snapshot && snapshot.version === current) return snapshot.value;
    const value = repo.listAllListable(db, merchantCode).then((rows) => ({
      rows,
      names: createNameIndex(rows),
      lists: new Map<string, SnapshotRow[]>(),
      pages: new Map<string, string>(),
    }));
    const entry = { version: current, value };
    snapshot = entry;
    value.catch(() => {
      if (snapshot === entry) snapshot = null;
    });
    return value;
  }

  /** How many request shapes (and, apart, serialised pages) a snapshot remembers before it starts over. */
  const rememberedPerSnapshot = 2_000;

  type Selection = {
    lane: GameCategory | undefined;
    vendor: string | undefined;
    filter: 'ALL' | 'NEW' | 'HOT';
    keyword: string | undefined;
    language: string;
  };

  /**
   * Whether a list (or page) is worth remembering: a search that found nothing is not, because the index finds
   * nothing again in microseconds, while remembering every one-off keyword (typing, bots) kept thousands of
   * entries alive until the next clear and doubled the garbage collector's work (bench/RESULTS.md, 2026-11-24).
   */
  function remembers(selection: Selection, found: number): boolean {
    return found > 0 || !selection.keyword;
  }

  function selectionKey(selection: Selection): string {
    const keyword = selection.keyword ? normaliseName(selection.keyword) : '';
    return `${selection.lane ?? '*'}|${selection.vendor ?? '*'}|${selection.filter}|${keyword ? `${selection.language}|${keyword}` : ''}`;
  }

  /** The snapshot's games matching a list request, in list order (remembered per request shape). */
  async function select(selection: Selection, snap?: Snapshot): Promise<SnapshotRow[]> {
    return selectIn(selection, snap ?? (await games()));
  }

  /** `select` in a snapshot at hand (no promise). */
  function selectIn(selection: Selection, snap: Snapshot): SnapshotRow[] {
    const { rows, names, lists } = snap;
    const key = selectionKey(selection);
    const known = lists.get(key);
    if (known) return known;
    // The keyword first: its matches are few, and the index gives them in list order.
    let list: SnapshotRow[] = selection.keyword
      ? Array.from(names.search(selection.keyword, selection.language), (position) => rows[position] as SnapshotRow)
      : rows;
    if (selection.lane) {
      const sources = laneSources(selection.lane, rules);
      list = list.filter((row) =>
        sources.some(
          (source) =>
            row.gameType === source.category &&
            (!source.onlyVendors || source.onlyVendors.includes(row.vendorCode)) &&
            !source.exceptVendors?.includes(row.vendorCode),
        ),
      );
    }
    if (selection.vendor) list = list.filter((row) => row.vendorCode === selection.vendor);
    if (selection.filter === 'NEW') list = list.filter((row) => row.isNew);
    if (selection.filter === 'HOT') {
      list = list.filter((row) => row.isHot).sort((a, b) => a.hotRank - b.hotRank || a.id - b.id);
    }
    if (remembers(selection, list.length)) {
      if (lists.size >= rememberedPerSnapshot) lists.clear();
      lists.set(key, list);
    }
    return list;
  }

  async function cached<T>(key: string, refresh: boolean | undefined, load: () => Promise<T>): Promise<T> {
    const full = `catalogue:${await version()}:${key}`;
    if (refresh) {
      const value = await load();
      await cache.set(full, JSON.stringify(value), ttlMs);
      return value;
    }
    return JSON.parse(await cache.getOrSet(full, ttlMs, async () => JSON.stringify(await load()))) as T;
  }

  async function cdns(): Promise<string[]> {
    return deps.imageCdns ? deps.imageCdns().catch(() => []) : [];
  }

  function imageUrl(raw: string | null, id: number, hosts: string[]): string | null {
    if (!raw) return null;
    if (/^(https?:)?\/\//i.test(raw) || raw.startsWith('data:')) return raw;
    // Spread images over the CDN hosts by game, so a tile keeps its host (browser cache) across lists.
    const host = hosts.length > 0 ? hosts[id % hosts.length] : undefined;
    return host ? `${host.replace(/\/+$/, '')}/${raw.replace(/^\/+/, '')}` : raw;
  }

  function toGame(row: repo.GameWithVendor, language: string, hosts: string[]): Game {
    const displayName = row.names[language] ?? row.names.en ?? row.name;
    const stored = isCategory(row.gameType) ? row.gameType : 'RNG';
    return {
      gameId: row.id,
      nodeId: String(row.id),
      gameCode: row.gameCode,
      vassalage: row.vendorCode,
      vendorName: row.vendorName,
      gameType: effectiveCategory(row.vendorCode, stored, rules),
      isGame: 'GAME',
      isHot: row.isHot ? 1 : 0,
      isNew: row.isNew ? 1 : 0,
      displayName,
      gameName: row.name,
      nodeName: displayName,
      showIcon: row.showIcon,
      iconUrl: imageUrl(row.iconUrl ?? row.showIcon, row.id, hosts),
      lagerIcon: imageUrl(row.largeIcon, row.id, hosts),
      trialSupport: row.trialSupport,
      maintenance: row.maintenance || row.vendorMaintenance,
      isFavorite: false,
    };
  }

  async function favoriteSet(accountId: number | null): Promise<Set<string>> {
    if (accountId === null) return new Set();
    return new Set((await repo.favoriteIds(db, accountId)).map(String));
  }

  function markFavorites(games: Game[], favorites: Set<string>): Game[] {
    if (favorites.size === 0) return games;
    return games.map((game) => (favorites.has(game.nodeId) ? { ...game, isFavorite: true } : game));
  }

  function lang(language: string | undefined): string {
    return resolveLanguage(language);
  }

  function page(rows: Game[], total: number, pageNo: number, pageSize: number): GamePage {
    return { content: rows, pageNum: pageNo, pageSize, totalPages: Math.ceil(total / pageSize), total };
  }

  async function rawLanes(): Promise<RawLane[]> {
    const rows = await repo.vendorCategoryCounts(db, merchantCode);
    const hosts = await cdns();
    const lanes = new Map<GameCategory, VendorCard[]>();
    for (const row of rows) {
      if (!isCategory(row.category)) continue;
      const card: VendorCard = {
        vassalage: row.vendorCode,
        displayName: row.vendorName,
        gameType: row.category,
        isGame: row.games > 0 ? 'VASSALAGE' : 'LOBBY',
        iconUrl: imageUrl(row.iconUrl, row.vendorId, hosts),
        gameCount: row.games,
        maintenance: row.maintenance,
        walletMode: row.walletMode === 'transfer' ? 'transfer' : 'seamless',
        nodeId: row.lobbyGameId === null ? null : String(row.lobbyGameId),
        sort: row.sortOrder,
      };
      const list = lanes.get(row.category) ?? [];
      list.push(card);
      lanes.set(row.category, list);
    }
    return [...lanes.entries()].map(([category, cards]) => ({ category, cards }));
  }

  async function menus(language: string | undefined, refresh?: boolean): Promise<GameMenus> {
    const language_ = lang(language);
    return cached(`menus:${language_}`, refresh, async () => reshapeLanes(await rawLanes(), rules));
  }

  /** The lane a list asks for: its gameType, or a lane name given as vassalage (the spec's /rng?vassalage=INHOUSE). */
  function laneOf(gameType: GameCategory | undefined, vassalage: string | undefined) {
    if (vassalage && isCategory(vassalage)) return { lane: vassalage, vendor: undefined };
    return { lane: gameType, vendor: vassalage };
  }

  async function resolveNode(nodeId: string): Promise<repo.GameWithVendor> {
    const id = /^\d{1,9}$/.test(nodeId) ? Number(nodeId) : Number.NaN;
    const row = Number.isSafeInteger(id) ? await repo.findGameById(db, merchantCode, id) : null;
    if (!row) throw new AppError('CATALOGUE_GAME_NOT_FOUND', { nodeId });
    return row;
  }

  async function toggle(accountId: number, input: FavoriteGameInput, add: boolean): Promise<FavoriteIds> {
    const game = await resolveNode(input.nodeId);
    const current = await repo.favoriteIds(db, accountId);
    const present = current.includes(game.id);
    // A duplicate add (or removing what is not there) changes nothing and is simply ignored.
    if (present !== add) {
      if (add && !(game.enabled && game.listed && game.vendorEnabled)) {
        throw new AppError('CATALOGUE_GAME_NOT_FOUND', { nodeId: input.nodeId });
      }
      const allowed = await repo.claimFavoriteToggle(db, accountId, now(), toggleMs);
      if (!allowed) throw new AppError('CATALOGUE_FAVORITE_THROTTLED', { retryAfterMs: toggleMs });
      if (add) await repo.addFavorite(db, accountId, game.id, now());
      else await repo.removeFavorite(db, accountId, game.id);
    }
    return { nodeIds: (await repo.favoriteIds(db, accountId)).map(String) };
  }

  type ListRequest = {
    input: GameListInput;
    filter: NonNullable<GameListInput['filter']>;
    selection: Selection;
    pageNo: number;
    pageSize: number;
  };

  function listRequest(input: GameListInput, language: string | undefined): ListRequest {
    const { lane, vendor } = laneOf(input.gameType, input.vassalage);
    const filter = input.filter ?? 'ALL';
    return {
      input,
      filter,
      selection: {
        lane,
        vendor,
        filter: filter === 'FAV' || filter === 'RECENT' ? 'ALL' : filter,
        keyword: input.keyword?.trim() || undefined,
        language: lang(input.language ?? language),
      },
      pageNo: Number(input.pageNo ?? 1),
      pageSize: Number(input.pageSize ?? 20),
    };
  }

  /** A page of the member's favourites or recent plays, from the database (they differ for every member). */
  async function personalPage(request: ListRequest, accountId: number | null): Promise<GamePage> {
    if (accountId === null) throw new AppError('AUTH_REQUIRED');
    const { selection, pageNo, pageSize } = request;
    const { rows, total } = await repo.listGames(db, {
      merchantCode,
      ...(selection.lane ? { lane: laneSources(selection.lane, rules) } : {}),
      ...(selection.vendor ? { vendorCode: selection.vendor } : {}),
      filter: request.filter,
      ...(selection.keyword ? { keyword: selection.keyword } : {}),
      language: selection.language,
      offset: (pageNo - 1) * pageSize,
      limit: pageSize,
      accountId,
    });
    const hosts = await cdns();
    const list = rows.map((row) => toGame(row, selection.language, hosts));
    return page(markFavorites(list, await favoriteSet(accountId)), total, pageNo, pageSize);
  }

  /** A page of the snapshot's games (ALL, NEW or HOT), favourites marked. */
  async function snapshotPage(
    request: ListRequest,
    snap: Snapshot,
    favorites: Set<string>,
    hosts?: string[],
  ): Promise<GamePage> {
    return pageIn(request, snap, favorites, hosts ?? (await cdns()));
  }

  /** `snapshotPage` with the image hosts at hand (no promise). */
  function pageIn(request: ListRequest, snap: Snapshot, favorites: Set<string>, hosts: string[]): GamePage {
    const { selection, pageNo, pageSize } = request;
    const list = selectIn(selection, snap);
    const offset = (pageNo - 1) * pageSize;
    const rows = list.slice(offset, offset + pageSize).map((row) => toGame(row, selection.language, hosts));
    return page(markFavorites(rows, favorites), list.length, pageNo, pageSize);
  }

  /** A visitor has no favourites: one empty set for them all (never added to). */
  const noFavorites = new Set<string>();

  const service = {
    rules,
    invalidate,

    /** `/lgw/games/game_menus`: reshaped lanes and the prize mode. */
    menus,

    /** `GCSGAME_newGameVendor`: the category list (gameCategory with vendors), reshaped like the menus. */
    async categoryVendors(language: string | undefined, refresh?: boolean): Promise<GameCategoryVendors[]> {
      const { lanes } = await menus(language, refresh);
      return lanes.map((lane) => ({ gameCategory: lane.title, vendors: lane.cards }));
    },

    /** `GCSGAME_getVassGameType`: each vendor's lanes (or one vendor's). */
    async vassGameTypes(vassalage: string | undefined, language: string | undefined): Promise<VassGameTypes> {
      const { lanes } = await menus(language);
      const byVendor = new Map<string, { displayName: string; gameTypes: GameCategory[] }>();
      for (const lane of lanes) {
        for (const card of lane.cards) {
          const entry = byVendor.get(card.vassalage) ?? { displayName: card.displayName, gameTypes: [] };
          entry.gameTypes.push(lane.title);
          byVendor.set(card.vassalage, entry);
        }
      }
      return [...byVendor.entries()]
        .filter(([code]) => !vassalage || code === vassalage)
        .map(([code, entry]) => ({ vassalage: code, ...entry }));
    },

    /**
     * `GCSGAME_gameList`: one page. FAV and RECENT need a session.
     * @throws AUTH_REQUIRED for FAV or RECENT without a session.
     */
    async gameList(input: GameListInput, language: string | undefined, accountId: number | null): Promise<GamePage> {
      const request = listRequest(input, language);
      if (request.filter === 'FAV' || request.filter === 'RECENT') return personalPage(request, accountId);
      return snapshotPage(request, await games(), await favoriteSet(accountId));
    },

    /**
     * What a page that is the same for everyone depends on besides its request: the catalogue version (bumped by
     * every sync and operator switch, read like the snapshot's) and the image hosts. A page remembered under one
     * epoch is sent again only while `listEpoch` still gives that epoch.
     */
    listEpoch(): Promise<string> {
      if (epochThisTurn) return epochThisTurn;
      const epoch: Promise<string> = Promise.all([currentVersion(), cdns()]).then(([current, hosts]) => {
        const value = `${current}|${hosts.join(' ')}`;
        if (epochThisTurn === epoch) epochNow = value;
        return value;
      });
      // Requests answered in the same turn of the event loop (a busy server reads dozens per turn) share one reading;
      // the next turn reads afresh, and a change made here (invalidate) drops it at once.
      epochThisTurn = epoch;
      setImmediate(() => {
        if (epochThisTurn !== epoch) return;
        epochThisTurn = null;
        epochNow = undefined;
      });
      epoch.catch(() => {
        if (epochThisTurn !== epoch) return;
        epochThisTurn = null;
        epochNow = undefined;
      });
      return epoch;
    },

    /**
     * This turn's list epoch when it has been read already (what `listEpoch` resolves to), else undefined: the
     * requests after the first in a turn compare a remembered page's epoch without a promise.
     */
    listEpochNow(): string | undefined {
      return epochNow;
    },

    /**
     * `GCSGAME_gameList` as the JSON of its page, for the route to send as it is. A page without favourites to mark
     * (a visitor's, or a member's who has none) is the same for everyone: it is serialised once per snapshot and
     * then only looked up.
     * @throws AUTH_REQUIRED for FAV or RECENT without a session.
     */
    async gameListJson(input: GameListInput, language: string | undefined, accountId: number | null): Promise<string> {
      const request = listRequest(input, language);
      if (request.filter === 'FAV' || request.filter === 'RECENT') {
        return JSON.stringify(await personalPage(request, accountId));
      }
      const { selection, pageNo, pageSize } = request;
      const snapshotNow = games();
      // A search whose keyword no name holds (typing, typos, bots) is the empty page, whoever asks: neither the image
      // hosts nor favourites change it, and it is not worth a cache entry.
      if (selection.keyword !== undefined) {
        const { names } = await snapshotNow;
        if (names.findsNothing(selection.keyword, selection.language)) return emptyPageJson(pageNo, pageSize);
      }
      // A visitor's page waits on the snapshot and the image hosts only (no favourites to read).
      let snap: Snapshot;
      let favorites = noFavorites;
      let hosts: string[];
      if (accountId === null) [snap, hosts] = await Promise.all([snapshotNow, cdns()]);
      else [snap, favorites, hosts] = await Promise.all([snapshotNow, favoriteSet(accountId), cdns()]);
      if (favorites.size > 0) return JSON.stringify(pageIn(request, snap, favorites, hosts));
      // The display names follow the language even without a keyword; the image hosts come from the site settings.
      const key = `${selectionKey(selection)}|${selection.language}|${pageNo}|${pageSize}|${hosts.join(' ')}`;
      const known = snap.pages.get(key);
      if (known !== undefined) return known;
      const value = pageIn(request, snap, favorites, hosts);
      const json = JSON.stringify(value);
      if (remembers(selection, value.total)) {
        if (snap.pages.size >= rememberedPerSnapshot) snap.pages.clear();
        snap.pages.set(key, json);
      }
      return json;
    },

    /** `GCSGAME_hotGamesV2`: hot games in rank order (cached; `refresh` reloads). */
    async hotGames(input: HotGamesInput, language: string | undefined, accountId: number | null): Promise<Game[]> {
      const language_ = lang(input.language ?? language);
      const limit = Number(input.limit ?? 30);
      const hosts = await cdns();
      if (input.refresh) versionMemo = null;
      const hot = await select({
        lane: input.gameType,
        vendor: undefined,
        filter: 'HOT',
        keyword: undefined,
        language: language_,
      });
      const list = hot.slice(0, limit).map((row) => toGame(row, language_, hosts));
      return markFavorites(list, await favoriteSet(accountId));
    },

    /** `MCSFE_getFavoriteGames`: the member's favourite node ids, newest first. */
    async favoriteIds(accountId: number): Promise<FavoriteIds> {
      return { nodeIds: (await repo.favoriteIds(db, accountId)).map(String) };
    },

    /** `MCSFE_getFavoriteGamesList` (pageSize 999). */
    async favoriteList(input: FavoriteGamesListInput, language: string | undefined, accountId: number) {
      return service.gameList(
        { ...input, filter: 'FAV', pageSize: Number(input.pageSize ?? 999) } as GameListInput,
        language,
        accountId,
      );
    },

    /**
     * `MCSFE_addFavoriteGameV2`: adds a favourite; a duplicate is ignored.
     * @throws CATALOGUE_GAME_NOT_FOUND, CATALOGUE_FAVORITE_THROTTLED (one toggle per second)
     */
    addFavorite: (accountId: number, input: FavoriteGameInput) => toggle(accountId, input, true),

    /**
     * `MCSFE_removeFavoriteGameV2`: removes a favourite; removing one that is not there is ignored.
     * @throws CATALOGUE_GAME_NOT_FOUND, CATALOGUE_FAVORITE_THROTTLED
     */
    removeFavorite: (accountId: number, input: FavoriteGameInput) => toggle(accountId, input, false),

    /** `GCS_recentGame`: the member's recently launched games, newest first. */
    async recentGames(input: RecentGamesInput, language: string | undefined, accountId: number): Promise<GamePage> {
      return service.gameList(
        { ...input, filter: 'RECENT', pageSize: Number(input.pageSize ?? 20) } as GameListInput,
        language,
        accountId,
      );
    },

    /** `GLS2_roomList`: a vendor's live tables. */
    async roomList(vassalage: string, language: string | undefined): Promise<RoomList> {
      const vendor = await repo.findVendor(db, merchantCode, vassalage);
      if (!vendor?.enabled) throw new AppError('CATALOGUE_VENDOR_NOT_FOUND', { vassalage });
      const language_ = lang(language);
      const hosts = await cdns();
      const rows = (
        await select({ lane: 'LIVE', vendor: vassalage, filter: 'ALL', keyword: undefined, language: language_ })
      ).slice(0, 500);
      return {
        vassalage,
        rooms: rows.map((row) => {
          const game = toGame(row, language_, hosts);
          return {
            roomId: game.nodeId,
            roomName: game.displayName,
            nodeId: game.nodeId,
            gameCode: game.gameCode,
            vassalage: game.vassalage,
            iconUrl: game.iconUrl,
            maintenance: game.maintenance,
            trialSupport: game.trialSupport,
          };
        }),
      };
    },

    /**
     * The game a launch names (by node id, or vendor and game code), with its vendor's adapter and switches.
     * @throws CATALOGUE_GAME_NOT_FOUND when there is no such game.
     */
    async launchTarget(
      ref: { nodeId?: string | undefined; gameCode?: string | undefined; vassalage?: string | undefined },
      language: string | undefined,
    ): Promise<LaunchTarget> {
      let row: repo.GameWithVendor | null;
      if (ref.nodeId !== undefined) row = await resolveNode(ref.nodeId);
      else if (ref.gameCode && ref.vassalage)
        row = await repo.findGameByCode(db, merchantCode, ref.vassalage, ref.gameCode);
      else row = null;
      if (!row) throw new AppError('CATALOGUE_GAME_NOT_FOUND', { nodeId: ref.nodeId ?? null });
      const vendor = await repo.findVendor(db, merchantCode, row.vendorCode);
      if (!vendor) throw new AppError('CATALOGUE_VENDOR_NOT_FOUND', { vassalage: row.vendorCode });
      return {
        game: toGame(row, lang(language), await cdns()),
        aggregator: vendor.aggregator,
        walletMode: vendor.walletMode === 'transfer' ? 'transfer' : 'seamless',
        playable: row.enabled && row.listed && vendor.enabled,
        maintenance: row.maintenance || vendor.maintenance,
        meta: row.meta,
        vendorMeta: vendor.meta,
        isLobby: row.isLobby,
      };
    },

    /**
     * The vendor of an aggregator's game code (a wallet call names only the game), or null when the catalogue does
     * not know it. Found codes are remembered for five minutes.
     */
    async vendorOfGame(aggregator: string, gameCode: string): Promise<string | null> {
      const key = `${aggregator}\u0000${gameCode}`;
      const known = vendorOfCode.get(key);
      if (known && known.until > Date.now()) return known.vendorCode;
      const vendorCode = await repo.vendorOfAggregatorGame(db, merchantCode, aggregator, gameCode);
      if (vendorCode) {
        if (vendorOfCode.size > 50_000) vendorOfCode.clear();
        vendorOfCode.set(key, { vendorCode, until: Date.now() + 300_000 });
      }
      return vendorCode;
    },

    /**
     * The lottery games (LOTT and ELOTT lanes, lobbies left out) with their game group (TCG's `gameSubType`), for
     * the lottery menus.
     */
    async lotteryGames(
      language: string | undefined,
      lanes: GameCategory[] = ['LOTT', 'ELOTT'],
    ): Promise<Array<{ game: Game; groupCode: string }>> {
      const language_ = lang(language);
      const hosts = await cdns();
      const result: Array<{ game: Game; groupCode: string }> = [];
      for (const lane of lanes) {
        const rows = await select({ lane, vendor: undefined, filter: 'ALL', keyword: undefined, language: language_ });
        for (const row of rows) {
          if (row.isLobby) continue;
          const group = typeof row.meta.gameSubType === 'string' && row.meta.gameSubType ? row.meta.gameSubType : lane;
          result.push({ game: toGame(row, language_, hosts), groupCode: group });
        }
      }
      return result;
    },

    /** Remembers a launch for the member's recent list (and the hot ranking's tie-break after real play). */
    async recordPlay(accountId: number, gameId: number): Promise<void> {
      await repo.recordPlay(db, accountId, gameId, now());
    },

    /** Games by (vendor, code), keyed `vendor\u0000code`, for records that name games (rounds, winners). */
    async gamesByCodes(
      pairs: ReadonlyArray<{ vendorCode: string; gameCode: string }>,
      language: string | undefined,
    ): Promise<Map<string, Game>> {
      const unique = [...new Map(pairs.map((pair) => [`${pair.vendorCode}\u0000${pair.gameCode}`, pair])).values()];
      const rows = await repo.findGamesByCodes(db, merchantCode, unique);
      const hosts = await cdns();
      return new Map(rows.map((row) => [`${row.vendorCode}\u0000${row.gameCode}`, toGame(row, lang(language), hosts)]));
    },

    /** Vendors with their aggregator and switches. */
    listVendors: () => repo.listVendors(db, merchantCode),

    /** Whether no sync has delivered any game yet (the first start syncs at once then). */
    async isEmpty(): Promise<boolean> {
      return (await repo.countGames(db, merchantCode)) === 0;
    },

    /** The operator's vendor table: every vendor with its switches and game counts, in list order. */
    async vendorsForOperators(): Promise<CatalogueVendorAdmin[]> {
      const rows = await repo.vendorsWithCounts(db, merchantCode);
      return rows.map((row) => toAdminVendor(row.vendor, row.games, row.listedGames));
    },

    /** The operator's games table: every stored game (listed or not), filtered, sorted and paged on the server. */
    async gamesForOperators(query: CatalogueGameAdminQuery): Promise<CatalogueGameAdminPage> {
      const flag = (value: 'true' | 'false' | undefined) => (value === undefined ? undefined : value === 'true');
      const { rows, total } = await repo.listGamesForOperators(db, {
        merchantCode,
        vendorCode: query.vendor || undefined,
        category: query.category,
        keyword: query.q || undefined,
        enabled: flag(query.enabled),
        maintenance: flag(query.maintenance),
        hot: flag(query.hot),
        sort: query.sort,
        dir: query.dir,
        offset: (query.pageNo - 1) * query.pageSize,
        limit: query.pageSize,
      });
      return {
        items: rows.map(toAdminGame),
        pageNo: query.pageNo,
        pageSize: query.pageSize,
        total,
        totalPages: Math.ceil(total / query.pageSize),
      };
    },

    /**
     * Changes a vendor's switches (enabled, maintenance, sort order). Players' lists change at once on every instance
     * (the catalogue version in the shared cache moves; each instance rebuilds its snapshot), and launches read the
     * switches from the database.
     * @returns the vendor before and after, for the audit log.
     * @throws CATALOGUE_VENDOR_NOT_FOUND
     */
    async updateVendorForOperator(
      code: string,
      input: CatalogueVendorUpdateInput,
    ): Promise<{ before: CatalogueVendorAdmin; after: CatalogueVendorAdmin }> {
      const find = async () => (await repo.vendorsWithCounts(db, merchantCode)).find((row) => row.vendor.code === code);
      const before = await find();
      if (!before) throw new AppError('CATALOGUE_VENDOR_NOT_FOUND', { vassalage: code });
      await repo.setVendorFlags(db, merchantCode, code, { ...input, updatedAt: now() });
      await invalidate();
      const after = await find();
      if (!after) throw new AppError('CATALOGUE_VENDOR_NOT_FOUND', { vassalage: code });
      return {
        before: toAdminVendor(before.vendor, before.games, before.listedGames),
        after: toAdminVendor(after.vendor, after.games, after.listedGames),
      };
    },

    /**
     * Changes a game's switches: enabled, maintenance, the hot pin (true, false, or null for "by plays") and the sort
     * order (kept across syncs once set here). Hot ranks are recomputed and players' lists change at once.
     * @returns the game before and after, for the audit log.
     * @throws CATALOGUE_GAME_NOT_FOUND
     */
    async updateGameForOperator(
      id: number,
      input: CatalogueGameUpdateInput,
    ): Promise<{ before: CatalogueGameAdmin; after: CatalogueGameAdmin }> {
      const row = await repo.findGameById(db, merchantCode, id);
      if (!row) throw new AppError('CATALOGUE_GAME_NOT_FOUND', { nodeId: String(id) });
      // updated_at stays the feed's: a sync unlists the games it did not touch by that time.
      const flags: Parameters<typeof repo.setGameFlags>[3] = {};
      if (input.enabled !== undefined) flags.enabled = input.enabled;
      if (input.maintenance !== undefined) flags.maintenance = input.maintenance;
      if (input.sortOrder !== undefined) flags.sortOrder = input.sortOrder;
      if (typeof input.hot === 'boolean') flags.isHot = input.hot;
      if (Object.keys(flags).length > 0) await repo.setGameFlags(db, merchantCode, id, flags);
      if (input.hot !== undefined || input.sortOrder !== undefined) {
        const pins: repo.OperatorPins = { ...repo.pinsOf(row.meta) };
        if (input.hot === null) delete pins.hot;
        else if (input.hot !== undefined) pins.hot = input.hot;
        if (input.sortOrder !== undefined) pins.sortOrder = true;
        await repo.setGamePins(db, merchantCode, id, pins);
      }
      // Pins, the enabled switch and the order (the ranking's tie-break) move hot ranks; maintenance does not.
      if (input.hot !== undefined || input.enabled !== undefined || input.sortOrder !== undefined) {
        await rerankHot();
      }
      await invalidate();
      const updated = await repo.findGameById(db, merchantCode, id);
      if (!updated) throw new AppError('CATALOGUE_GAME_NOT_FOUND', { nodeId: String(id) });
      return { before: toAdminGame(row), after: toAdminGame(updated) };
    },

    /** Operator switches of a game (enabled, maintenance, hot, new, sort); lists refresh at once. */
    async setGameFlags(gameId: number, flags: Parameters<typeof repo.setGameFlags>[3]): Promise<void> {
      await repo.setGameFlags(db, merchantCode, gameId, flags);
      await invalidate();
    },

    /** Operator switches of a vendor (enabled, maintenance, sort); lists refresh at once. */
    async setVendorFlags(code: string, flags: Parameters<typeof repo.setVendorFlags>[3]): Promise<void> {
      await repo.setVendorFlags(db, merchantCode, code, flags);
      await invalidate();
    },

    /**
     * Stores one aggregator's feed: upserts its vendors and games, unlists the vendor's games that left the feed,
     * re-ranks hot games and invalidates the cached lists. The operator's switches survive a sync.
     */
    async applyFeed(feed: VendorFeed): Promise<CatalogueSyncRun[]> {
      const syncedAt = now();
      const newSince = syncedAt.getTime() - newForDays * 86_400_000;
      const runs: CatalogueSyncRun[] = [];
      for (const vendor of feed.vendors) {
        const started = performance.now();
        const games = feed.games.filter((game) => game.vendorCode === vendor.code);
        const { added, updated, removed } = await db.transaction(async (tx) => {
          const row = await repo.upsertVendor(tx, {
            merchantCode,
            code: vendor.code,
            name: vendor.name,
            aggregator: feed.aggregator,
            walletMode: feed.walletMode,
            category: vendor.category,
            sortOrder: vendor.sortOrder,
            iconUrl: vendor.iconUrl,
            meta: vendor.meta ?? {},
            syncedAt,
          });
          let addedCount = 0;
          let updatedCount = 0;
          const seen = new Set<string>();
          const values: repo.GameUpsert[] = [];
          games.forEach((game, index) => {
            if (seen.has(game.gameCode)) return;
            seen.add(game.gameCode);
            // Vendor text is stored as given, less control characters (PostgreSQL refuses NUL in text).
            const clean = (value: string) =>
              [...value]
                .map((char) => ((char.codePointAt(0) ?? 32) < 32 || char === '\u007f' ? ' ' : char))
                .join('')
                .trim();
            const names: Record<string, string> = {};
            for (const [code, name] of Object.entries(game.names ?? {})) names[code] = clean(name).slice(0, 200);
            names.en ??= clean(game.name).slice(0, 200);
            values.push({
              merchantCode,
              vendorId: row.id,
              vendorCode: vendor.code,
              gameCode: game.gameCode,
              gameType: game.gameType,
              isLobby: game.isLobby ?? false,
              name: clean(game.name).slice(0, 200),
              names,
              searchText: [...new Set(Object.values(names).map((name) => name.toLowerCase()))].join('\n'),
              showIcon: game.showIcon,
              iconUrl: game.iconUrl,
              largeIcon: game.largeIcon,
              trialSupport: game.trialSupport,
              listed: game.enabled,
              isNew: game.releasedAt ? game.releasedAt.getTime() >= newSince : false,
              sortOrder: index,
              releasedAt: game.releasedAt ?? null,
              meta: game.meta ?? {},
              updatedAt: syncedAt,
            });
          });
          for (let start = 0; start < values.length; start += batchSize) {
            const counts = await repo.upsertGames(tx, values.slice(start, start + batchSize));
            addedCount += counts.added;
            updatedCount += counts.updated;
          }
          const unlisted = await repo.unlistMissing(tx, merchantCode, vendor.code, syncedAt);
          return { added: addedCount, updated: updatedCount, removed: unlisted };
        });
        runs.push({
          vendor: vendor.code,
          ok: true,
          received: games.length,
          added,
          updated,
          removed,
          durationMs: Math.round(performance.now() - started),
          error: null,
        });
      }
      await rerankHot();
      await invalidate();
      return runs;
    },

    /**
     * Re-ranks hot games from real play (the scheduled job; syncs and operator switches re-rank too). Players'
     * lists change only when a rank moved.
     * @returns how many games changed flag or rank.
     */
    async refreshHot(): Promise<{ changed: number }> {
      const changed = await rerankHot();
      if (changed > 0) await invalidate();
      return { changed };
    },
  };
  return service;
}

export type CatalogueService = ReturnType<typeof createCatalogueService>;

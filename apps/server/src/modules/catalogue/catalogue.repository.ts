import { and, asc, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db';
import type { LaneSource } from './catalogue.reshape';
import {
  catalogueFavorites,
  catalogueFavoriteToggles,
  catalogueGames,
  catalogueRecentPlays,
  catalogueVendors,
  type GameNames,
} from './catalogue.tables';

export type VendorRow = typeof catalogueVendors.$inferSelect;
export type GameRow = typeof catalogueGames.$inferSelect;
/** A game with what the tiles need of its vendor. */
export type GameWithVendor = GameRow & { vendorName: string; vendorMaintenance: boolean; vendorEnabled: boolean };

const g = catalogueGames;
const v = catalogueVendors;

function selectGames(db: DbOrTx) {
  return db
    .select({
      game: g,
      vendorName: v.name,
      vendorMaintenance: v.maintenance,
      vendorEnabled: v.enabled,
    })
    .from(g)
    .innerJoin(v, eq(v.id, g.vendorId));
}

type Joined = { game: GameRow; vendorName: string; vendorMaintenance: boolean; vendorEnabled: boolean };
const flatten = (row: Joined): GameWithVendor => ({
  ...row.game,
  vendorName: row.vendorName,
  vendorMaintenance: row.vendorMaintenance,
  vendorEnabled: row.vendorEnabled,
});

/** Playable in lists: the game and its vendor enabled, the game in the vendor's feed. */
function listable(merchantCode: string): SQL {
  return and(eq(g.merchantCode, merchantCode), eq(g.enabled, true), eq(g.listed, true), eq(v.enabled, true)) as SQL;
}

/** The SQL for the stored categories (and vendor includes/excludes) of one lane after reshaping. */
function laneCondition(sources: readonly LaneSource[]): SQL {
  const parts = sources.map((source) => {
    const conditions: SQL[] = [eq(g.gameType, source.category)];
    if (source.onlyVendors) {
      conditions.push(source.onlyVendors.length > 0 ? inArray(g.vendorCode, [...source.onlyVendors]) : sql`false`);
    }
    if (source.exceptVendors && source.exceptVendors.length > 0) {
      conditions.push(
        sql`${g.vendorCode} not in (${sql.join(
          source.exceptVendors.map((code) => sql`${code}`),
          sql`, `,
        )})`,
      );
    }
    return and(...conditions) as SQL;
  });
  return parts.length === 1 ? (parts[0] as SQL) : (sql`(${sql.join(parts, sql` or `)})` as SQL);
}

/** Escapes LIKE wildcards so a keyword matches literally. */
function likePattern(keyword: string): string {
  return `%${keyword.toLowerCase().replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

export type GameListQuery = {
  merchantCode: string;
  lane?: readonly LaneSource[];
  vendorCode?: string;
  filter: 'ALL' | 'NEW' | 'HOT' | 'FAV' | 'RECENT';
  accountId?: number;
  keyword?: string;
  language: string;
  offset: number;
  limit: number;
};

/** One page of games and the total that match, in list order (favourites and recent: newest first). */
export async function listGames(db: DbOrTx, query: GameListQuery): Promise<{ rows: GameWithVendor[]; total: number }> {
  const conditions: SQL[] = [listable(query.merchantCode)];
  if (query.lane) conditions.push(laneCondition(query.lane));
  if (query.vendorCode) conditions.push(eq(g.vendorCode, query.vendorCode));
  if (query.filter === 'NEW') conditions.push(eq(g.isNew, true));
  if (query.filter === 'HOT') conditions.push(eq(g.isHot, true));
  if (query.keyword) {
    const pattern = likePattern(query.keyword);
    conditions.push(
      sql`(lower(${g.name}) like ${pattern} or lower(coalesce(${g.names} ->> ${query.language}, '')) like ${pattern})`,
    );
  }
  const where = and(...conditions) as SQL;
  if (query.filter === 'FAV' || query.filter === 'RECENT') {
    const accountId = query.accountId ?? 0;
    if (query.filter === 'FAV') {
      const joined = and(where, eq(catalogueFavorites.accountId, accountId)) as SQL;
      const [rows, count] = await Promise.all([
        selectGames(db)
          .innerJoin(catalogueFavorites, eq(catalogueFavorites.gameId, g.id))
          .where(joined)
          .orderBy(desc(catalogueFavorites.createdAt), desc(g.id))
          .limit(query.limit)
          .offset(query.offset),
        db
          .select({ total: sql<number>`count(*)::int` })
          .from(g)
          .innerJoin(v, eq(v.id, g.vendorId))
          .innerJoin(catalogueFavorites, eq(catalogueFavorites.gameId, g.id))
          .where(joined),
      ]);
      return { rows: rows.map(flatten), total: count[0]?.total ?? 0 };
    }
    const joined = and(where, eq(catalogueRecentPlays.accountId, accountId)) as SQL;
    const [rows, count] = await Promise.all([
      selectGames(db)
        .innerJoin(catalogueRecentPlays, eq(catalogueRecentPlays.gameId, g.id))
        .where(joined)
        .orderBy(desc(catalogueRecentPlays.lastPlayedAt), desc(g.id))
        .limit(query.limit)
        .offset(query.offset),
      db
        .select({ total: sql<number>`count(*)::int` })
        .from(g)
        .innerJoin(v, eq(v.id, g.vendorId))
        .innerJoin(catalogueRecentPlays, eq(catalogueRecentPlays.gameId, g.id))
        .where(joined),
    ]);
    return { rows: rows.map(flatten), total: count[0]?.total ?? 0 };
  }
  const order = query.filter === 'HOT' ? [asc(g.hotRank), asc(g.id)] : [asc(g.sortOrder), asc(g.id)];
  const [rows, count] = await Promise.all([
    selectGames(db)
      .where(where)
      .orderBy(...order)
      .limit(query.limit)
      .offset(query.offset),
    db.select({ total: sql<number>`count(*)::int` }).from(g).innerJoin(v, eq(v.id, g.vendorId)).where(where),
  ]);
  return { rows: rows.map(flatten), total: count[0]?.total ?? 0 };
}

/** Every listable game with its vendor, in list order: the in-process snapshot the lists are served from. */
export async function listAllListable(db: DbOrTx, merchantCode: string): Promise<GameWithVendor[]> {
  const rows = await selectGames(db).where(listable(merchantCode)).orderBy(asc(g.sortOrder), asc(g.id));
  return rows.map(flatten);
}

export async function findGameById(db: DbOrTx, merchantCode: string, id: number): Promise<GameWithVendor | null> {
  const rows = await selectGames(db)
    .where(and(eq(g.merchantCode, merchantCode), eq(g.id, id)))
    .limit(1);
  return rows[0] ? flatten(rows[0]) : null;
}

export async function findGameByCode(
  db: DbOrTx,
  merchantCode: string,
  vendorCode: string,
  gameCode: string,
): Promise<GameWithVendor | null> {
  const rows = await selectGames(db)
    .where(and(eq(g.merchantCode, merchantCode), eq(g.vendorCode, vendorCode), eq(g.gameCode, gameCode)))
    .limit(1);
  return rows[0] ? flatten(rows[0]) : null;
}

/** The vendor of a game known by its code at an aggregator (game codes are unique within an aggregator). */
export async function vendorOfAggregatorGame(
  db: DbOrTx,
  merchantCode: string,
  aggregator: string,
  gameCode: string,
): Promise<string | null> {
  const rows = await db
    .select({ vendorCode: g.vendorCode })
    .from(g)
    .innerJoin(v, eq(v.id, g.vendorId))
    .where(and(eq(g.merchantCode, merchantCode), eq(g.gameCode, gameCode), eq(v.aggregator, aggregator)))
    .limit(1);
  return rows[0]?.vendorCode ?? null;
}

/** Games by (vendor, game code) pairs, listed or not (rounds name games that may have left the feed). */
export async function findGamesByCodes(
  db: DbOrTx,
  merchantCode: string,
  pairs: ReadonlyArray<{ vendorCode: string; gameCode: string }>,
): Promise<GameWithVendor[]> {
  if (pairs.length === 0) return [];
  const wanted = sql.join(
    pairs.map((pair) => sql`(${pair.vendorCode}, ${pair.gameCode})`),
    sql`, `,
  );
  const rows = await selectGames(db).where(
    and(eq(g.merchantCode, merchantCode), sql`(${g.vendorCode}, ${g.gameCode}) in (${wanted})`),
  );
  return rows.map(flatten);
}

/** Per vendor and stored category: listable games, and the vendor's lobby entry if it has one. */
export async function vendorCategoryCounts(db: DbOrTx, merchantCode: string) {
  return db
    .select({
      vendorId: v.id,
      vendorCode: v.code,
      vendorName: v.name,
      walletMode: v.walletMode,
      sortOrder: v.sortOrder,
      maintenance: v.maintenance,
      iconUrl: v.iconUrl,
      category: g.gameType,
      games: sql<number>`count(*) filter (where not ${g.isLobby})::int`,
      lobbyGameId: sql<number | null>`min(${g.id}) filter (where ${g.isLobby})`,
    })
    .from(g)
    .innerJoin(v, eq(v.id, g.vendorId))
    .where(listable(merchantCode))
    .groupBy(v.id, g.gameType);
}

export async function listVendors(db: DbOrTx, merchantCode: string): Promise<VendorRow[]> {
  return db.select().from(v).where(eq(v.merchantCode, merchantCode)).orderBy(asc(v.sortOrder), asc(v.code));
}

export async function findVendor(db: DbOrTx, merchantCode: string, code: string): Promise<VendorRow | null> {
  const rows = await db
    .select()
    .from(v)
    .where(and(eq(v.merchantCode, merchantCode), eq(v.code, code)))
    .limit(1);
  return rows[0] ?? null;
}

export async function countGames(db: DbOrTx, merchantCode: string): Promise<number> {
  const rows = await db.select({ total: sql<number>`count(*)::int` }).from(g).where(eq(g.merchantCode, merchantCode));
  return rows[0]?.total ?? 0;
}

// ---------------------------------------------------------------- sync

export type VendorUpsert = {
  merchantCode: string;
  code: string;
  name: string;
  aggregator: string;
  walletMode: string;
  category: string;
  sortOrder: number;
  iconUrl: string | null;
  meta: Record<string, unknown>;
  syncedAt: Date;
};

/** Inserts or refreshes a vendor from its feed; the operator's switches (enabled, maintenance, sort) stay. */
export async function upsertVendor(db: DbOrTx, vendor: VendorUpsert): Promise<VendorRow> {
  const rows = await db
    .insert(v)
    .values(vendor)
    .onConflictDoUpdate({
      target: [v.merchantCode, v.code],
      set: {
        name: vendor.name,
        aggregator: vendor.aggregator,
        walletMode: vendor.walletMode,
        category: vendor.category,
        iconUrl: sql`coalesce(excluded.icon_url, ${v.iconUrl})`,
        meta: vendor.meta,
        syncedAt: vendor.syncedAt,
        updatedAt: vendor.syncedAt,
      },
    })
    .returning();
  const row = rows[0];
  if (!row) throw new Error(`vendor ${vendor.code} not stored`);
  return row;
}

export type GameUpsert = {
  merchantCode: string;
  vendorId: number;
  vendorCode: string;
  gameCode: string;
  gameType: string;
  isLobby: boolean;
  name: string;
  names: GameNames;
  searchText: string;
  showIcon: string | null;
  iconUrl: string | null;
  largeIcon: string | null;
  trialSupport: boolean;
  listed: boolean;
  isNew: boolean;
  sortOrder: number;
  releasedAt: Date | null;
  meta: Record<string, unknown>;
  updatedAt: Date;
};

/**
 * Upserts a batch of a vendor's games (feed fields only: the operator's enabled, maintenance and hot switches stay)
 * and returns how many were new.
 */
export async function upsertGames(db: DbOrTx, games: GameUpsert[]): Promise<{ added: number; updated: number }> {
  if (games.length === 0) return { added: 0, updated: 0 };
  const rows = await db
    .insert(g)
    .values(games)
    .onConflictDoUpdate({
      target: [g.merchantCode, g.vendorCode, g.gameCode],
      set: {
        gameType: sql`excluded.game_type`,
        isLobby: sql`excluded.is_lobby`,
        name: sql`excluded.name`,
        names: sql`excluded.names`,
        searchText: sql`excluded.search_text`,
        showIcon: sql`excluded.show_icon`,
        iconUrl: sql`excluded.icon_url`,
        largeIcon: sql`excluded.large_icon`,
        trialSupport: sql`excluded.trial_support`,
        listed: sql`excluded.listed`,
        isNew: sql`excluded.is_new`,
        // An order the operator set stays; otherwise the game follows the vendor's feed order.
        sortOrder: sql`case when (${g.meta} -> ${operatorPinsKey} -> 'sortOrder') is not null then ${g.sortOrder} else excluded.sort_order end`,
        releasedAt: sql`excluded.released_at`,
        // The feed replaces its own data; the operator's pins (kept beside it) survive.
        meta: sql`excluded.meta || case when (${g.meta} -> ${operatorPinsKey}) is not null then jsonb_build_object(${operatorPinsKey}::text, ${g.meta} -> ${operatorPinsKey}) else '{}'::jsonb end`,
        updatedAt: sql`excluded.updated_at`,
      },
    })
    .returning({ inserted: sql<boolean>`(xmax = 0)` });
  const added = rows.filter((row) => row.inserted).length;
  return { added, updated: rows.length - added };
}

/** Unlists a vendor's games that were not in its latest feed (kept for favourites, rounds and history). */
export async function unlistMissing(
  db: DbOrTx,
  merchantCode: string,
  vendorCode: string,
  syncedAt: Date,
): Promise<number> {
  const rows = await db
    .update(g)
    .set({ listed: false, updatedAt: syncedAt })
    .where(
      and(
        eq(g.merchantCode, merchantCode),
        eq(g.vendorCode, vendorCode),
        eq(g.listed, true),
        sql`${g.updatedAt} < ${syncedAt}`,
      ),
    )
    .returning({ id: g.id });
  return rows.length;
}

/** Real play of one game over the hot window: its bets (rounds not rolled back) and their stakes. */
export type GamePlayActivity = { vendorCode: string; gameCode: string; bets: number; turnoverMinor: bigint };

/**
 * Recomputes hot ranks: games the operator pinned hot come first and are always hot, games pinned off never are,
 * and the rest follow real play over the recent window (`activity`: most bets, then most stakes), then launches
 * (a game members open but have not bet on yet beats one nobody opens), then the list order. The top `top` are hot.
 * Only rows whose flag or rank moved are written; returns how many.
 */
export async function refreshHotRanks(
  db: DbOrTx,
  merchantCode: string,
  top: number,
  activity: readonly GamePlayActivity[],
): Promise<number> {
  const played = JSON.stringify(
    activity.map((row) => ({ v: row.vendorCode, c: row.gameCode, b: row.bets, t: row.turnoverMinor.toString() })),
  );
  const result = (await db.execute(sql`
    with activity as (
      select v, c, b, t from jsonb_to_recordset(${played}::jsonb) as a(v text, c text, b bigint, t numeric)
    ), ranked as (
      select ${g.id} as id, ${g.meta} -> ${operatorPinsKey} ->> 'hot' as pin,
        row_number() over (
          order by coalesce(${g.meta} -> ${operatorPinsKey} ->> 'hot' = 'true', false) desc,
            coalesce(max(activity.b), 0) desc, coalesce(max(activity.t), 0) desc,
            coalesce(sum(${catalogueRecentPlays.plays}), 0) desc, ${g.sortOrder}, ${g.id}) as rank
      from ${g}
        left join activity on activity.v = ${g.vendorCode} and activity.c = ${g.gameCode}
        left join ${catalogueRecentPlays} on ${catalogueRecentPlays.gameId} = ${g.id}
      where ${g.merchantCode} = ${merchantCode} and ${g.listed} and ${g.enabled} and not ${g.isLobby}
      group by ${g.id}
    ), decided as (
      select id, rank, case when pin = 'true' then true when pin = 'false' then false else rank <= ${top} end as hot
      from ranked
    )
    update ${g} set is_hot = decided.hot, hot_rank = decided.rank
    from decided where decided.id = ${g.id} and (${g.isHot} is distinct from decided.hot or ${g.hotRank} <> decided.rank)
    returning ${g.id}`)) as unknown as { rows: unknown[] };
  return result.rows.length;
}

// ---------------------------------------------------------------- operator switches

/**
 * The key in a game's `meta` under which the operator's pins live (no column of their own: the feed's data and the
 * pins share the jsonb, and a sync keeps the pins). `hot`: true or false pins the hot flag; `sortOrder`: true keeps
 * the operator's order across syncs.
 */
export const operatorPinsKey = 'operatorPins';
export type OperatorPins = { hot?: boolean; sortOrder?: true };

export function pinsOf(meta: Record<string, unknown>): OperatorPins {
  const pins = meta[operatorPinsKey];
  return pins && typeof pins === 'object' ? (pins as OperatorPins) : {};
}

/** Replaces a game's operator pins, leaving the feed's data in `meta` as it is. */
export async function setGamePins(db: DbOrTx, merchantCode: string, gameId: number, pins: OperatorPins) {
  await db
    .update(g)
    .set({
      meta: sql`(${g.meta} - ${operatorPinsKey}::text) || jsonb_build_object(${operatorPinsKey}::text, ${JSON.stringify(pins)}::jsonb)`,
    })
    .where(and(eq(g.merchantCode, merchantCode), eq(g.id, gameId)));
}

/** Vendors with how many games they have stored and listed (the operator's vendor table). */
export async function vendorsWithCounts(db: DbOrTx, merchantCode: string) {
  return db
    .select({
      vendor: v,
      games: sql<number>`count(${g.id})::int`,
      listedGames: sql<number>`(count(${g.id}) filter (where ${g.listed}))::int`,
    })
    .from(v)
    .leftJoin(g, eq(g.vendorId, v.id))
    .where(eq(v.merchantCode, merchantCode))
    .groupBy(v.id)
    .orderBy(asc(v.sortOrder), asc(v.code));
}

export type AdminGameQuery = {
  merchantCode: string;
  vendorCode?: string | undefined;
  category?: string | undefined;
  keyword?: string | undefined;
  enabled?: boolean | undefined;
  maintenance?: boolean | undefined;
  hot?: boolean | undefined;
  sort: 'sortOrder' | 'name' | 'vendor' | 'category' | 'updatedAt';
  dir: 'asc' | 'desc';
  offset: number;
  limit: number;
};

/** One page of every stored game (listed or not, switched on or off) for operators, and the total that match. */
export async function listGamesForOperators(
  db: DbOrTx,
  query: AdminGameQuery,
): Promise<{ rows: GameWithVendor[]; total: number }> {
  const conditions: SQL[] = [eq(g.merchantCode, query.merchantCode)];
  if (query.vendorCode) conditions.push(eq(g.vendorCode, query.vendorCode));
  if (query.category) conditions.push(eq(g.gameType, query.category));
  if (query.keyword) {
    const pattern = likePattern(query.keyword);
    conditions.push(sql`(${g.searchText} like ${pattern} or lower(${g.gameCode}) like ${pattern})`);
  }
  if (query.enabled !== undefined) conditions.push(eq(g.enabled, query.enabled));
  if (query.maintenance !== undefined) conditions.push(eq(g.maintenance, query.maintenance));
  if (query.hot !== undefined) conditions.push(eq(g.isHot, query.hot));
  const where = and(...conditions) as SQL;
  const direction = query.dir === 'desc' ? desc : asc;
  const primary = {
    sortOrder: [direction(g.sortOrder)],
    name: [direction(sql`lower(${g.name})`)],
    vendor: [direction(g.vendorCode), asc(g.sortOrder)],
    category: [direction(g.gameType), asc(g.sortOrder)],
    updatedAt: [direction(g.updatedAt)],
  }[query.sort];
  const [rows, count] = await Promise.all([
    selectGames(db)
      .where(where)
      .orderBy(...primary, direction(g.id))
      .limit(query.limit)
      .offset(query.offset),
    db.select({ total: sql<number>`count(*)::int` }).from(g).where(where),
  ]);
  return { rows: rows.map(flatten), total: count[0]?.total ?? 0 };
}

export async function setGameFlags(
  db: DbOrTx,
  merchantCode: string,
  gameId: number,
  flags: Partial<Pick<GameRow, 'enabled' | 'maintenance' | 'isHot' | 'hotRank' | 'isNew' | 'sortOrder'>>,
): Promise<void> {
  await db
    .update(g)
    .set(flags)
    .where(and(eq(g.merchantCode, merchantCode), eq(g.id, gameId)));
}

export async function setVendorFlags(
  db: DbOrTx,
  merchantCode: string,
  code: string,
  flags: Partial<Pick<VendorRow, 'enabled' | 'maintenance' | 'sortOrder' | 'updatedAt'>>,
): Promise<void> {
  await db
    .update(v)
    .set(flags)
    .where(and(eq(v.merchantCode, merchantCode), eq(v.code, code)));
}

// ---------------------------------------------------------------- favourites and recent

export async function favoriteIds(db: DbOrTx, accountId: number): Promise<number[]> {
  const rows = await db
    .select({ gameId: catalogueFavorites.gameId })
    .from(catalogueFavorites)
    .where(eq(catalogueFavorites.accountId, accountId))
    .orderBy(desc(catalogueFavorites.createdAt), desc(catalogueFavorites.gameId));
  return rows.map((row) => row.gameId);
}

/**
 * Claims the member's favourite toggle slot: true when the last toggle was at least `intervalMs` ago (or never),
 * in one statement so that parallel requests and other instances cannot both pass.
 */
export async function claimFavoriteToggle(db: DbOrTx, accountId: number, now: Date, intervalMs: number) {
  const before = new Date(now.getTime() - intervalMs);
  const rows = await db
    .insert(catalogueFavoriteToggles)
    .values({ accountId, lastToggleAt: now })
    .onConflictDoUpdate({
      target: catalogueFavoriteToggles.accountId,
      set: { lastToggleAt: now },
      setWhere: sql`${catalogueFavoriteToggles.lastToggleAt} <= ${before}`,
    })
    .returning({ accountId: catalogueFavoriteToggles.accountId });
  return rows.length === 1;
}

/** Adds a favourite; a duplicate is ignored. */
export async function addFavorite(db: DbOrTx, accountId: number, gameId: number, now: Date): Promise<void> {
  await db.insert(catalogueFavorites).values({ accountId, gameId, createdAt: now }).onConflictDoNothing();
}

export async function removeFavorite(db: DbOrTx, accountId: number, gameId: number): Promise<void> {
  await db
    .delete(catalogueFavorites)
    .where(and(eq(catalogueFavorites.accountId, accountId), eq(catalogueFavorites.gameId, gameId)));
}

export async function recordPlay(db: DbOrTx, accountId: number, gameId: number, now: Date): Promise<void> {
  await db
    .insert(catalogueRecentPlays)
    .values({ accountId, gameId, lastPlayedAt: now, plays: 1 })
    .onConflictDoUpdate({
      target: [catalogueRecentPlays.accountId, catalogueRecentPlays.gameId],
      set: { lastPlayedAt: now, plays: sql`${catalogueRecentPlays.plays} + 1` },
    });
}

import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  unique,
  varchar,
} from 'drizzle-orm/pg-core';

/**
 * The game catalogue (catalogue module): vendors and their games as the vendors' catalogue syncs deliver them,
 * with the operator's switches (enabled, maintenance, hot, sort), and each member's favourites and recent plays.
 * `account_id` is the identity account id (no foreign key across modules).
 */

const at = (name: string) => timestamp(name, { withTimezone: true });

/** A game vendor (the spec's vassalage), fed by one aggregator adapter. */
export const catalogueVendors = pgTable(
  'catalogue_vendors',
  {
    id: serial('id').primaryKey(),
    merchantCode: varchar('merchant_code', { length: 20 }).notNull(),
    /** The vendor code (vassalage), such as PG or TCG_LOTTO_VN. */
    code: varchar('code', { length: 40 }).notNull(),
    name: varchar('name', { length: 80 }).notNull(),
    /** The adapter that feeds and launches it: hub88 or tcg. */
    aggregator: varchar('aggregator', { length: 20 }).notNull(),
    walletMode: varchar('wallet_mode', { length: 10 }).notNull(),
    /** The vendor's main category (its lane when it has no games of its own, such as a sports book). */
    category: varchar('category', { length: 20 }).notNull(),
    sortOrder: integer('sort_order').notNull().default(1000),
    enabled: boolean('enabled').notNull().default(true),
    maintenance: boolean('maintenance').notNull().default(false),
    iconUrl: text('icon_url'),
    /** Extra data from the feed (the aggregator's product id and the like). */
    meta: jsonb('meta').$type<Record<string, unknown>>().notNull().default({}),
    syncedAt: at('synced_at'),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (table) => [unique('catalogue_vendors_code_uq').on(table.merchantCode, table.code)],
);

/** Names of a game by language code; `en` is always there. */
export type GameNames = Record<string, string>;

/** A game of a vendor, keyed by the vendor's own game code. Games that leave a feed are unlisted, never deleted. */
export const catalogueGames = pgTable(
  'catalogue_games',
  {
    id: serial('id').primaryKey(),
    merchantCode: varchar('merchant_code', { length: 20 }).notNull(),
    vendorId: integer('vendor_id')
      .notNull()
      .references(() => catalogueVendors.id),
    vendorCode: varchar('vendor_code', { length: 40 }).notNull(),
    gameCode: varchar('game_code', { length: 100 }).notNull(),
    gameType: varchar('game_type', { length: 20 }).notNull(),
    /** A vendor lobby entry (sports book, lottery lobby) rather than a single game. */
    isLobby: boolean('is_lobby').notNull().default(false),
    name: varchar('name', { length: 200 }).notNull(),
    names: jsonb('names').$type<GameNames>().notNull().default({}),
    /** Every name, lower-cased and joined: what a search matches. */
    searchText: text('search_text').notNull().default(''),
    showIcon: text('show_icon'),
    iconUrl: text('icon_url'),
    largeIcon: text('large_icon'),
    trialSupport: boolean('trial_support').notNull().default(false),
    /** The operator's switch. */
    enabled: boolean('enabled').notNull().default(true),
    /** In the vendor's latest feed and enabled there. */
    listed: boolean('listed').notNull().default(true),
    maintenance: boolean('maintenance').notNull().default(false),
    isHot: boolean('is_hot').notNull().default(false),
    hotRank: integer('hot_rank').notNull().default(0),
    isNew: boolean('is_new').notNull().default(false),
    sortOrder: integer('sort_order').notNull().default(0),
    releasedAt: at('released_at'),
    meta: jsonb('meta').$type<Record<string, unknown>>().notNull().default({}),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (table) => [
    unique('catalogue_games_code_uq').on(table.merchantCode, table.vendorCode, table.gameCode),
    index('catalogue_games_list_idx')
      .on(table.merchantCode, table.gameType, table.sortOrder, table.id)
      .where(sql`${table.enabled} and ${table.listed}`),
    index('catalogue_games_vendor_list_idx')
      .on(table.merchantCode, table.vendorCode, table.gameType, table.sortOrder, table.id)
      .where(sql`${table.enabled} and ${table.listed}`),
    index('catalogue_games_hot_idx')
      .on(table.merchantCode, table.hotRank, table.id)
      .where(sql`${table.isHot} and ${table.enabled} and ${table.listed}`),
  ],
);

/** A member's favourite games. */
export const catalogueFavorites = pgTable(
  'catalogue_favorites',
  {
    accountId: integer('account_id').notNull(),
    gameId: integer('game_id')
      .notNull()
      .references(() => catalogueGames.id),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.accountId, table.gameId] }),
    index('catalogue_favorites_recent_idx').on(table.accountId, table.createdAt),
  ],
);

/** When each member last changed favourites: one toggle per interval, across every server instance. */
export const catalogueFavoriteToggles = pgTable('catalogue_favorite_toggles', {
  accountId: integer('account_id').primaryKey(),
  lastToggleAt: at('last_toggle_at').notNull(),
});

/** The games a member launched, most recent first. */
export const catalogueRecentPlays = pgTable(
  'catalogue_recent_plays',
  {
    accountId: integer('account_id').notNull(),
    gameId: integer('game_id')
      .notNull()
      .references(() => catalogueGames.id),
    lastPlayedAt: at('last_played_at').notNull(),
    plays: integer('plays').notNull().default(1),
  },
  (table) => [
    primaryKey({ columns: [table.accountId, table.gameId] }),
    index('catalogue_recent_plays_idx').on(table.accountId, table.lastPlayedAt),
  ],
);

import { z } from 'zod';
import { amountInputSchema, moneySchema } from './money';

/**
 * Games: the catalogue (vendor lanes, game lists, hot, favourites, recent, live rooms, winners board), the launch
 * calls, the transfer-wallet moves and the game recall (spec sections 2 "Game tile", 3 "Game", "Favourite toggle
 * payload", "Vendor lane", 4 "Vendor list reshaping", "Favourites", 7 "Games"). Field names are the spec's.
 *
 * Identifiers: `gameId` is the catalogue's number for a game and `nodeId` the same number as a string (the id the
 * favourite and launch calls take); `gameCode` is the vendor's own code of the game; `vassalage` the vendor code.
 */

const text = (max: number) => z.string().max(max);
const isoDateTime = z.string().describe('ISO 8601 date and time');
const page = (max: number) => z.coerce.number().int().min(1).max(max);

// ---------------------------------------------------------------- vocabulary

/** Game categories (the spec's game types). INHOUSE is the /bgs route. */
export const gameCategories = [
  'LIVE',
  'RNG',
  'FISH',
  'PVP',
  'SPORTS',
  'ESPORTS',
  'LOTT',
  'ELOTT',
  'COCKFIGHT',
  'INHOUSE',
] as const;
export type GameCategory = (typeof gameCategories)[number];
export const gameCategorySchema = z.enum(gameCategories);

/** List filters (spec section 3). FAV and RECENT need a session. */
export const gameListFilters = ['ALL', 'NEW', 'HOT', 'FAV', 'RECENT'] as const;
export type GameListFilter = (typeof gameListFilters)[number];

/** Prize modes of the lottery products (spec section 3). */
export const prizeModes = ['LOTT', 'ZY', 'ELOTT', 'SEA'] as const;
export type PrizeMode = (typeof prizeModes)[number];

/**
 * `isGame` of a tile or vendor card: GAME is a single game; VASSALAGE a vendor whose card opens a popup game list;
 * LOBBY a vendor whose card launches the vendor's own lobby (sports books, lottery lobbies).
 */
export const isGameValues = ['GAME', 'VASSALAGE', 'LOBBY'] as const;
export type IsGameValue = (typeof isGameValues)[number];

/** seamless: the vendor debits our wallet through the gateway; transfer: money is moved into its own wallet first. */
export const walletModes = ['seamless', 'transfer'] as const;
export type WalletMode = (typeof walletModes)[number];

export const launchModes = ['real', 'trial'] as const;
export type LaunchModeKind = (typeof launchModes)[number];

/** Vendor platforms of the spec: html5-desktop for the web, html5 for mobile. */
export const gamePlatforms = ['html5-desktop', 'html5', 'flash'] as const;
export const gamePlatformSchema = z.enum(gamePlatforms);

const languageInput = text(8).optional().describe('Language code for names; defaults to the Language header');
const clientTypeInput = z.coerce.number().int().min(0).max(9).optional().describe('3 for the web client');

// ---------------------------------------------------------------- game

/** A game tile (spec section 3 "Game"). */
export const gameSchema = z.object({
  gameId: z.number().int(),
  nodeId: z.string(),
  gameCode: z.string(),
  vassalage: z.string().describe('Vendor code'),
  /** Vendor display name, for the tile's vendor label. */
  vendorName: z.string(),
  gameType: gameCategorySchema,
  isGame: z.literal('GAME'),
  /** 1 = hot (HOT badge). */
  isHot: z.union([z.literal(0), z.literal(1)]),
  /** 1 = marked new by the vendor or the operator (NEW filter). */
  isNew: z.union([z.literal(0), z.literal(1)]),
  /** Name in the requested language (falls back to the default name). */
  displayName: z.string(),
  /** The game's default (vendor) name. */
  gameName: z.string(),
  /** Same as displayName; the name older screens read. */
  nodeName: z.string(),
  /** Small image as the vendor publishes it (path or URL). */
  showIcon: z.string().nullable(),
  /** Small image, absolute (on the image CDN when one is configured); null: the screen shows its fallback icon. */
  iconUrl: z.string().nullable(),
  /** Large image, absolute; null when the vendor has none. */
  lagerIcon: z.string().nullable(),
  /** Whether the Free Trial button applies. */
  trialSupport: z.boolean(),
  /** Under maintenance: shown, but launching answers "Game Under Maintenance". */
  maintenance: z.boolean(),
  /** Whether it is in the caller's favourites (false without a session). */
  isFavorite: z.boolean(),
});
export type Game = z.infer<typeof gameSchema>;

/** A page of games (game list, favourite list, recent list). */
export const gamePageSchema = z.object({
  content: z.array(gameSchema),
  pageNum: z.number().int().min(1),
  pageSize: z.number().int().min(1),
  totalPages: z.number().int().min(0),
  total: z.number().int().min(0),
});
export type GamePage = z.infer<typeof gamePageSchema>;

// ---------------------------------------------------------------- vendors, lanes, menus

/** A vendor card in a lane (spec section 3 "Vendor lane": cards, each with vassalage). */
export const vendorCardSchema = z.object({
  vassalage: z.string(),
  displayName: z.string(),
  /** The lane the card sits in after reshaping (a vendor can appear in several lanes). */
  gameType: gameCategorySchema,
  isGame: z.enum(isGameValues),
  /** Card image (absolute); null: the screen shows its fallback icon. */
  iconUrl: z.string().nullable(),
  /** Games of this vendor in this lane that can be listed. */
  gameCount: z.number().int().min(0),
  maintenance: z.boolean(),
  walletMode: z.enum(walletModes),
  /** For LOBBY cards: the game to launch (the vendor's lobby entry). */
  nodeId: z.string().nullable(),
  sort: z.number().int(),
});
export type VendorCard = z.infer<typeof vendorCardSchema>;

export const vendorSummarySchema = z.object({ vassalage: z.string(), displayName: z.string() });
export type VendorSummary = z.infer<typeof vendorSummarySchema>;

export const vendorLaneSchema = z.object({
  /** Category such as SPORTS or RNG. */
  title: gameCategorySchema,
  cards: z.array(vendorCardSchema),
  /** Vendors of the lane with a game list (the vendor filter of the game list page). */
  gameClassify: z.array(vendorSummarySchema).optional(),
});
export type VendorLane = z.infer<typeof vendorLaneSchema>;

export const gameMenusQuerySchema = z.object({
  language: languageInput,
  platform: gamePlatformSchema.optional(),
  /** Skip the cache; the spec's "unless a refresh is asked". */
  refresh: z.enum(['true', 'false']).optional(),
});
export type GameMenusQuery = z.infer<typeof gameMenusQuerySchema>;

/**
 * `/lgw/games/game_menus`: categories with at least one enabled vendor, in vendor sort order, already reshaped
 * (spec section 4): ESPORTS and COCKFIGHT out of SPORTS into their own lanes right after SPORTS, configured RNG
 * vendors moved to INHOUSE; `prizeMode` is `elott` when TCG_LOTTO_VN or LOTT cards exist in ELOTT, else `lott`.
 */
export const gameMenusSchema = z.object({
  lanes: z.array(vendorLaneSchema),
  prizeMode: z.enum(['elott', 'lott']),
});
export type GameMenus = z.infer<typeof gameMenusSchema>;

/** Category list (spec section 3): gameCategory with its vendors. */
export const gameCategoryVendorsSchema = z.object({
  gameCategory: gameCategorySchema,
  vendors: z.array(vendorCardSchema),
});
export type GameCategoryVendors = z.infer<typeof gameCategoryVendorsSchema>;

/** `GCSGAME_newGameVendor` (platform html5-desktop): the category list, reshaped like the menus. */
export const newGameVendorInputSchema = z.object({
  platform: gamePlatformSchema.optional(),
  language: languageInput,
  refresh: z.boolean().optional(),
});
export type NewGameVendorInput = z.infer<typeof newGameVendorInputSchema>;
export const newGameVendorSchema = z.array(gameCategoryVendorsSchema);

/** `GCSGAME_getVassGameType`: the categories each vendor has games in (or one vendor's). */
export const vassGameTypeInputSchema = z.object({
  vassalage: text(40).optional(),
  platform: gamePlatformSchema.optional(),
  language: languageInput,
});
export type VassGameTypeInput = z.infer<typeof vassGameTypeInputSchema>;
export const vassGameTypeSchema = z.array(
  z.object({ vassalage: z.string(), displayName: z.string(), gameTypes: z.array(gameCategorySchema) }),
);
export type VassGameTypes = z.infer<typeof vassGameTypeSchema>;

// ---------------------------------------------------------------- game list, hot, search

/** `GCSGAME_gameList`: one page of a category's games; `keyword` searches names in `language`. */
export const gameListInputSchema = z.object({
  clientType: clientTypeInput,
  platform: gamePlatformSchema.optional(),
  merchant: text(40).optional().describe('Ignored: the Merchant header decides'),
  gameType: gameCategorySchema.optional().describe('All categories when left out (search across the catalogue)'),
  pageNo: page(100_000).default(1),
  pageSize: page(100).default(20),
  language: languageInput,
  vassalage: text(40).optional().describe('One vendor (the in-house list sends JL)'),
  filter: z.enum(gameListFilters).default('ALL'),
  keyword: text(60).optional().describe('Part of the name, any case, in the requested language or the default name'),
});
export type GameListInput = z.input<typeof gameListInputSchema>;

/** `GCSGAME_hotGamesV2` (merchantCode, isPlatform 2, platform, language). */
export const hotGamesInputSchema = z.object({
  merchantCode: text(40).optional(),
  isPlatform: z.coerce.number().int().optional(),
  platform: z.union([gamePlatformSchema, z.array(gamePlatformSchema)]).optional(),
  language: languageInput,
  gameType: gameCategorySchema.optional(),
  limit: z.coerce.number().int().min(1).max(100).default(30),
  refresh: z.boolean().optional(),
});
export type HotGamesInput = z.input<typeof hotGamesInputSchema>;
export const hotGamesSchema = z.array(gameSchema);

// ---------------------------------------------------------------- favourites and recent

/** Favourite toggle payload (spec section 3). */
export const favoriteGameInputSchema = z.object({
  nodeId: text(20),
  vendor: text(40).optional(),
  gameType: gameCategorySchema.optional(),
});
export type FavoriteGameInput = z.infer<typeof favoriteGameInputSchema>;
/** `MCSFE_removeFavoriteGameV2` is a DELETE: the payload comes as query parameters. */
export const removeFavoriteGameQuerySchema = favoriteGameInputSchema;

/** `MCSFE_getFavoriteGames`, and the answer of add/remove: the caller's favourite node ids, newest first. */
export const favoriteIdsSchema = z.object({ nodeIds: z.array(z.string()) });
export type FavoriteIds = z.infer<typeof favoriteIdsSchema>;

/** `MCSFE_getFavoriteGamesList` (clientType 3, pageNo 1, pageSize 999, gameType RNG). */
export const favoriteGamesListInputSchema = z.object({
  clientType: clientTypeInput,
  pageNo: page(100_000).default(1),
  pageSize: page(999).default(999),
  gameType: gameCategorySchema.optional(),
  language: languageInput,
});
export type FavoriteGamesListInput = z.input<typeof favoriteGamesListInputSchema>;

/** `GCS_recentGame` (page 1, pageSize 20, gameType RNG, language, clientType 3): most recently played first. */
export const recentGamesInputSchema = z.object({
  clientType: clientTypeInput,
  pageNo: page(100_000).default(1),
  pageSize: page(100).default(20),
  gameType: gameCategorySchema.optional(),
  language: languageInput,
});
export type RecentGamesInput = z.input<typeof recentGamesInputSchema>;

// ---------------------------------------------------------------- live rooms

/** `GLS2_roomList`: the live tables of a vendor (its LIVE games from the catalogue sync). */
export const roomListInputSchema = z.object({
  vassalage: text(40),
  language: languageInput,
});
export type RoomListInput = z.infer<typeof roomListInputSchema>;
export const roomSchema = z.object({
  roomId: z.string(),
  roomName: z.string(),
  nodeId: z.string(),
  gameCode: z.string(),
  vassalage: z.string(),
  iconUrl: z.string().nullable(),
  maintenance: z.boolean(),
  trialSupport: z.boolean(),
});
export type Room = z.infer<typeof roomSchema>;
export const roomListSchema = z.object({ vassalage: z.string(), rooms: z.array(roomSchema) });
export type RoomList = z.infer<typeof roomListSchema>;

// ---------------------------------------------------------------- launch

/**
 * `/wps/game/launchGame`, `GCS_gameLaunchFB` and `startGameV2`: a game by `nodeId` (or `gameCode` + `vassalage`).
 * `mode` real needs a real member's session; trial is the Free Trial button (the game must support it).
 * `launchMode` picks a vendor view: GAME (default), LOBBY, or the lottery products' LOTT.
 */
export const launchGameInputSchema = z
  .object({
    nodeId: text(20).optional(),
    gameCode: text(100).optional(),
    vassalage: text(40).optional(),
    mode: z.enum(launchModes).default('real'),
    launchMode: z.enum(['GAME', 'LOBBY', 'LOTT']).default('GAME'),
    platform: gamePlatformSchema.default('html5-desktop'),
    language: languageInput,
    /** Where the vendor's home button returns to (an absolute URL on this site). */
    backUrl: text(500).optional(),
    /** Lottery lobbies: region (VN), prize mode and the view (betting or lobby). */
    lottoArea: text(10).optional(),
    prizeMode: z.enum(prizeModes).optional(),
    lottoView: z.enum(['betting', 'lobby']).optional(),
    device: z.enum(['WEB', 'H5']).optional(),
  })
  .refine((input) => input.nodeId !== undefined || (input.gameCode !== undefined && input.vassalage !== undefined), {
    message: 'nodeId, or gameCode with vassalage, is required',
    path: ['nodeId'],
  });
export type LaunchGameInput = z.input<typeof launchGameInputSchema>;

export const launchGameResultSchema = z.object({
  /** Open in a new window (or the game page's frame). Its host is a launch CDN when the site lists some. */
  url: z.string(),
  mode: z.enum(launchModes),
  nodeId: z.string(),
  gameCode: z.string(),
  vassalage: z.string(),
  walletMode: z.enum(walletModes),
});
export type LaunchGameResult = z.infer<typeof launchGameResultSchema>;

// ---------------------------------------------------------------- transfer wallets

/**
 * `GCS_walletTransfer`: move money into a transfer-mode vendor's wallet (`in`, an amount in major units), take part
 * of it back (`out`) or sweep everything back (`all_out`). Takes an `Idempotency-Key` header.
 */
export const walletTransferInputSchema = z
  .object({
    vassalage: text(40),
    direction: z.enum(['in', 'out', 'all_out']),
    amount: amountInputSchema.optional(),
  })
  .refine((input) => input.direction === 'all_out' || input.amount !== undefined, {
    message: 'amount is required',
    path: ['amount'],
  });
export type WalletTransferInput = z.infer<typeof walletTransferInputSchema>;

/** SUCCESS moved the money; PENDING is being checked with the vendor (nothing is retried blindly); FAILED moved none. */
export const vendorTransferStatuses = ['SUCCESS', 'PENDING', 'FAILED'] as const;
export type VendorTransferStatus = (typeof vendorTransferStatuses)[number];

export const walletTransferResultSchema = z.object({
  vassalage: z.string(),
  direction: z.enum(['in', 'out', 'all_out']),
  status: z.enum(vendorTransferStatuses),
  /** Our unique reference of the transfer at the vendor. */
  reference: z.string(),
  amount: moneySchema,
  /** The member's main wallet after the move. */
  mainBalance: moneySchema,
  /** What we hold as in the vendor's wallet after the move. */
  vendorBalance: moneySchema,
});
export type WalletTransferResult = z.infer<typeof walletTransferResultSchema>;

// ---------------------------------------------------------------- winners board and game recall

/** `GCSGAME_getRankList` (gameCategory ALL, language, limitNum 20): the biggest wins. */
export const rankListInputSchema = z.object({
  gameCategory: z.union([z.literal('ALL'), gameCategorySchema]).default('ALL'),
  language: languageInput,
  limitNum: z.coerce.number().int().min(1).max(100).default(20),
});
export type RankListInput = z.input<typeof rankListInputSchema>;

/** Winner board entry (spec section 3); the name is masked (first and last characters kept). */
export const rankEntrySchema = z.object({
  rank: z.number().int().min(1),
  customerName: z.string(),
  winAmount: moneySchema,
  iconUrl: z.string().nullable(),
  gameName: z.string(),
  nodeId: z.string(),
  gameCode: z.string(),
  vassalage: z.string(),
  gameType: gameCategorySchema,
  wonAt: isoDateTime,
});
export type RankEntry = z.infer<typeof rankEntrySchema>;
export const rankListSchema = z.array(rankEntrySchema);

export const roundStatuses = ['open', 'closed', 'rolled_back'] as const;
export type RoundStatus = (typeof roundStatuses)[number];

/** One round of the member's play (game recall, betting record). */
export const gameRoundSchema = z.object({
  roundId: z.string(),
  vassalage: z.string(),
  nodeId: z.string().nullable(),
  gameCode: z.string(),
  gameName: z.string(),
  gameType: gameCategorySchema.nullable(),
  stake: moneySchema,
  win: moneySchema,
  /** win − stake. */
  profit: moneySchema,
  status: z.enum(roundStatuses),
  startedAt: isoDateTime,
  updatedAt: isoDateTime,
});
export type GameRound = z.infer<typeof gameRoundSchema>;

/** Game recall (member centre): the member's last 10 rounds, newest first. */
export const gameRecallQuerySchema = z.object({ language: languageInput });
export const gameRecallSchema = z.object({ rounds: z.array(gameRoundSchema) });
export type GameRecall = z.infer<typeof gameRecallSchema>;

/** One recalled round's details page at its vendor (where the vendor offers one). */
export const gameRoundDetailsQuerySchema = z.object({ roundId: text(100) });
export const gameRoundDetailsSchema = z.object({ url: z.string() });
export type GameRoundDetails = z.infer<typeof gameRoundDetailsSchema>;

// ---------------------------------------------------------------- lottery menus and opened numbers

/** `/lgw/vn/games/game_menu` (prizeMode, device WEB) and its `recent` variant. */
export const vnGameMenuQuerySchema = z.object({
  prizeMode: z.enum(prizeModes).optional(),
  device: z.enum(['WEB', 'H5']).default('WEB'),
  language: languageInput,
});
export type VnGameMenuQuery = z.infer<typeof vnGameMenuQuerySchema>;
export const lotteryGameSchema = z.object({
  gameCode: z.string(),
  gameName: z.string(),
  nodeId: z.string().nullable(),
  vassalage: z.string(),
  /** Lottery tag (spec section 3 "gameGroupCode"). */
  gameGroupCode: z.string(),
  nextDrawAt: isoDateTime.nullable(),
});
export type LotteryGame = z.infer<typeof lotteryGameSchema>;
export const vnGameMenuSchema = z.object({
  gameMenus: z.array(z.object({ gameGroupCode: z.string(), groupName: z.string(), games: z.array(lotteryGameSchema) })),
});
export type VnGameMenu = z.infer<typeof vnGameMenuSchema>;

/** `/lgw/vn/numeros/opened/game` and `/lotto/lgw/games/opened/numero`: the latest draws of a lottery. */
export const openedNumbersQuerySchema = z.object({
  gameCode: text(100),
  prizeMode: z.enum(prizeModes).optional(),
  limit: z.coerce.number().int().min(1).max(50).default(10),
});
export type OpenedNumbersQuery = z.infer<typeof openedNumbersQuerySchema>;
export const openedNumbersSchema = z.array(
  z.object({
    gameCode: z.string(),
    /** The draw's number (issue). */
    numero: z.string(),
    openedNumbers: z.array(z.string()),
    openedAt: isoDateTime,
  }),
);
export type OpenedNumbers = z.infer<typeof openedNumbersSchema>;

// ---------------------------------------------------------------- operator: catalogue sync

export const catalogueSyncRunSchema = z.object({
  vendor: z.string(),
  ok: z.boolean(),
  /** Games in the vendor's feed. */
  received: z.number().int().min(0),
  added: z.number().int().min(0),
  updated: z.number().int().min(0),
  /** Games that left the feed (disabled, kept for history). */
  removed: z.number().int().min(0),
  durationMs: z.number().int().min(0),
  /** Why the vendor's sync failed (its previous catalogue stays). */
  error: z.string().nullable(),
});
export type CatalogueSyncRun = z.infer<typeof catalogueSyncRunSchema>;
export const catalogueSyncResultSchema = z.object({ runs: z.array(catalogueSyncRunSchema) });
export type CatalogueSyncResult = z.infer<typeof catalogueSyncResultSchema>;

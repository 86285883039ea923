import type { GameCategory } from '@portal/contract';

/**
 * The game routes of spec section 2 and the category each shows. The "game list centre" pages list games
 * (tiles with Play and Free Trial); the "game centre" pages list the category's vendors, whose cards open the
 * vendor's own lobby (sports books, lottery and cockfight lobbies).
 */
export const listCentreRoutes = {
  live: 'LIVE',
  fish: 'FISH',
  rng: 'RNG',
  pvp: 'PVP',
  bgs: 'INHOUSE',
} as const satisfies Record<string, GameCategory>;

export const gameCentreRoutes = {
  sports: 'SPORTS',
  esports: 'ESPORTS',
  lott: 'LOTT',
  elott: 'ELOTT',
  cockfight: 'COCKFIGHT',
} as const satisfies Record<string, GameCategory>;

export type ListCentreRoute = keyof typeof listCentreRoutes;
export type GameCentreRoute = keyof typeof gameCentreRoutes;

const categoryPaths: Record<GameCategory, string> = {
  LIVE: '/live',
  FISH: '/fish',
  RNG: '/rng',
  PVP: '/pvp',
  INHOUSE: '/bgs',
  SPORTS: '/sports',
  ESPORTS: '/esports',
  LOTT: '/lott',
  ELOTT: '/elott',
  COCKFIGHT: '/cockfight',
};

/** The page of a category, optionally filtered to one vendor (`/rng?vassalage=PG`). */
export function categoryPath(category: GameCategory, vassalage?: string | null): string {
  const path = categoryPaths[category];
  return vassalage ? `${path}?vassalage=${encodeURIComponent(vassalage)}` : path;
}

/** Whether a category's page lists games (tiles) rather than vendor lobbies. */
export function listsGames(category: GameCategory): boolean {
  return (Object.values(listCentreRoutes) as GameCategory[]).includes(category);
}

/** The home sections of spec section 2, in the spec's order. */
export const homeSectionCategories = [
  'RNG',
  'LIVE',
  'FISH',
  'PVP',
  'SPORTS',
  'ESPORTS',
  'COCKFIGHT',
] as const satisfies readonly GameCategory[];

/** Vendor codes whose lobbies have their own lottery pages (spec section 2 "Game tile"). */
export const lotteryVendorPages: Record<string, string> = {
  TCG_LOTTO_VN: '/vnLottery',
  TCG_SEA: '/seaLottery',
  LOTT: '/lottery',
  ELOTT: '/lottery',
};

/** The lottery page a vendor's lobby opens in, or null when it opens like any other lobby. */
export function lotteryPageOf(vassalage: string): string | null {
  return lotteryVendorPages[vassalage.toUpperCase()] ?? null;
}

/**
 * The game categories the portal has routes for (spec section 2 "Routes"), in the order the spec lists the
 * home sections, with the path of each. In-house games arrive as INHOUSE or BGS and share /bgs. A category
 * the server names but the portal has no route for is left out of the navigation rather than linked to nothing.
 */
export const gameTypePaths = {
  RNG: '/rng',
  LIVE: '/live',
  FISH: '/fish',
  PVP: '/pvp',
  SPORTS: '/sports',
  ESPORTS: '/esports',
  LOTT: '/lott',
  ELOTT: '/elott',
  COCKFIGHT: '/cockfight',
  BGS: '/bgs',
} as const;

export type NavGameType = keyof typeof gameTypePaths;

const aliases: Record<string, NavGameType> = { INHOUSE: 'BGS', SLOT: 'RNG', SLOTS: 'RNG', LOTTERY: 'LOTT' };

/** The portal's name for a server game type, or null when the portal has no page for it. */
export function navGameTypeOf(gameType: string): NavGameType | null {
  const upper = gameType.trim().toUpperCase();
  if (upper in gameTypePaths) return upper as NavGameType;
  return aliases[upper] ?? null;
}

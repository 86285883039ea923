/** Spec section 9: the tile uses 6 colour themes. */
export const tileThemeCount = 6;

/**
 * A tile's colour theme (0 to 5), fixed per game so a tile keeps its colours wherever it appears and neighbours
 * in a row still differ: derived from the game id, or from the vendor code for vendor cards.
 */
export function tileThemeOf(key: number | string): number {
  if (typeof key === 'number') return Math.abs(Math.trunc(key)) % tileThemeCount;
  let hash = 0;
  for (const char of key) hash = (hash * 31 + (char.codePointAt(0) ?? 0)) >>> 0;
  return hash % tileThemeCount;
}

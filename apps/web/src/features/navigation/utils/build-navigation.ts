import { gameTypePaths, type NavGameType, navGameTypeOf } from './game-types';

/** A vendor as the game menus list it under a category. */
export type NavVendorSource = { code: string; name: string; sort: number };
/** A category of the game menus (`/lgw/games/game_menus`) with its vendors. */
export type NavCategorySource = { gameType: string; vendors: readonly NavVendorSource[] };

export type NavVendor = NavVendorSource & { href: string };
export type NavCategory = {
  gameType: NavGameType;
  href: string;
  vendors: NavVendor[];
  /** More vendors than fit a column: the drop-down opens as the large grid (spec section 2). */
  large: boolean;
};

/** Spec section 2: a category's drop-down is the large one when it lists more than this many vendors. */
export const largeDropdownAbove = 10;

const bySort = (a: NavVendorSource, b: NavVendorSource) => a.sort - b.sort || a.name.localeCompare(b.name);

/**
 * The game categories of the top navigation (spec section 2 "Header and navigation"): only categories with at
 * least one vendor, in the order of the game menus, which the server gives in vendor sorting order after the
 * reshaping of spec section 4 (e-sports and cockfight right after sports), each with its vendors sorted for the
 * drop-down and linked to the category's page filtered by vendor (`/rng?vassalage=PG`). Home comes before and
 * promotions after; the component adds them. A category named twice (INHOUSE and BGS) is merged.
 */
export function buildNavCategories(sources: readonly NavCategorySource[]): NavCategory[] {
  const merged = new Map<NavGameType, { first: number; vendors: Map<string, NavVendorSource> }>();
  sources.forEach((source, index) => {
    const gameType = navGameTypeOf(source.gameType);
    if (!gameType) return;
    const entry = merged.get(gameType) ?? { first: index, vendors: new Map() };
    for (const vendor of source.vendors) {
      if (vendor.code.trim() !== '' && !entry.vendors.has(vendor.code)) entry.vendors.set(vendor.code, vendor);
    }
    merged.set(gameType, entry);
  });
  const categories = [...merged.entries()]
    .filter(([, entry]) => entry.vendors.size > 0)
    .map(([gameType, entry]) => {
      const vendors = [...entry.vendors.values()].sort(bySort);
      return { gameType, first: entry.first, vendors };
    })
    .sort((a, b) => a.first - b.first);
  return categories.map(({ gameType, vendors }) => {
    const href = gameTypePaths[gameType];
    return {
      gameType,
      href,
      vendors: vendors.map((vendor) => ({ ...vendor, href: `${href}?vassalage=${encodeURIComponent(vendor.code)}` })),
      large: vendors.length > largeDropdownAbove,
    };
  });
}

/** The navigation's categories from the game menus' lanes (`/lgw/games/game_menus`). */
export function navCategoriesFromLanes(
  lanes: readonly { title: string; cards: readonly { vassalage: string; displayName: string; sort: number }[] }[],
): NavCategory[] {
  return buildNavCategories(
    lanes.map((lane) => ({
      gameType: lane.title,
      vendors: lane.cards.map((card) => ({ code: card.vassalage, name: card.displayName, sort: card.sort })),
    })),
  );
}

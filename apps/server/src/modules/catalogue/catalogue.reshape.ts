import type { GameCategory, VendorCard, VendorLane, VendorSummary } from '@portal/contract';

/**
 * The vendor list reshaping of spec section 4, done once on the server so every client shows the same menus:
 * e-sports and cockfight cards move out of SPORTS into their own lanes placed right after SPORTS; configured RNG
 * vendors move to INHOUSE; the prize mode is `elott` when TCG_LOTTO_VN or LOTT cards exist in ELOTT, else `lott`.
 */

export type ReshapeRules = {
  /** Vendor codes whose SPORTS cards are e-sports books (spec section 3: AV, IMES, IA, AI, TF). */
  esportsVendors: readonly string[];
  /** Vendor codes whose SPORTS cards are cockfight (none in the spec's data). */
  cockfightVendors: readonly string[];
  /** RNG vendor codes shown under INHOUSE (/bgs) instead of RNG (none in the spec's data). */
  inhouseVendors: readonly string[];
};

export const defaultReshapeRules: ReshapeRules = {
  esportsVendors: ['AV', 'IMES', 'IA', 'AI', 'TF'],
  cockfightVendors: [],
  inhouseVendors: [],
};

/** Vendor codes whose cards in ELOTT make the prize mode `elott`. */
const elottPrizeVendors = new Set(['TCG_LOTTO_VN', 'LOTT']);

/**
 * The lane a vendor's games of one stored category belong to after reshaping. Used both for the menus and for the
 * game lists, so a vendor moved to ESPORTS lists its games under ESPORTS and no longer under SPORTS.
 */
export function effectiveCategory(vendorCode: string, category: GameCategory, rules: ReshapeRules): GameCategory {
  if (category === 'SPORTS') {
    if (rules.esportsVendors.includes(vendorCode)) return 'ESPORTS';
    if (rules.cockfightVendors.includes(vendorCode)) return 'COCKFIGHT';
  }
  if (category === 'RNG' && rules.inhouseVendors.includes(vendorCode)) return 'INHOUSE';
  return category;
}

/**
 * The stored categories (with the vendors to include or exclude) that make up one lane after reshaping:
 * what a game-list query for that lane must match.
 */
export type LaneSource = { category: GameCategory; onlyVendors?: readonly string[]; exceptVendors?: readonly string[] };

export function laneSources(lane: GameCategory, rules: ReshapeRules): LaneSource[] {
  const nonEmpty = (list: readonly string[]) => list.length > 0;
  switch (lane) {
    case 'SPORTS': {
      const moved = [...rules.esportsVendors, ...rules.cockfightVendors];
      return [nonEmpty(moved) ? { category: 'SPORTS', exceptVendors: moved } : { category: 'SPORTS' }];
    }
    case 'ESPORTS':
      return [
        { category: 'ESPORTS' },
        ...(nonEmpty(rules.esportsVendors)
          ? [
              {
                category: 'SPORTS' as const,
                onlyVendors: rules.esportsVendors.filter((code) => !rules.cockfightVendors.includes(code)),
              },
            ]
          : []),
      ];
    case 'COCKFIGHT':
      return [
        { category: 'COCKFIGHT' },
        ...(nonEmpty(rules.cockfightVendors)
          ? [
              {
                category: 'SPORTS' as const,
                onlyVendors: rules.cockfightVendors.filter((code) => !rules.esportsVendors.includes(code)),
              },
            ]
          : []),
      ];
    case 'RNG':
      return [
        nonEmpty(rules.inhouseVendors) ? { category: 'RNG', exceptVendors: rules.inhouseVendors } : { category: 'RNG' },
      ];
    case 'INHOUSE':
      return [
        { category: 'INHOUSE' },
        ...(nonEmpty(rules.inhouseVendors) ? [{ category: 'RNG' as const, onlyVendors: rules.inhouseVendors }] : []),
      ];
    default:
      return [{ category: lane }];
  }
}

/** Raw lanes: each stored category with its vendor cards, in any order (as the repository groups them). */
export type RawLane = { category: GameCategory; cards: VendorCard[] };

export type ReshapedMenus = { lanes: VendorLane[]; prizeMode: 'elott' | 'lott' };

const bySort = (a: VendorCard, b: VendorCard) => a.sort - b.sort || a.vassalage.localeCompare(b.vassalage);

/**
 * Reshapes raw lanes: moves cards, merges a vendor's cards that land in the same lane, orders lanes by their first
 * vendor's sort order (the spec's "categories in vendor sorting order") with ESPORTS then COCKFIGHT right after
 * SPORTS, drops empty lanes, and adds `gameClassify` (the lane's vendors that have a game list).
 */
export function reshapeLanes(raw: readonly RawLane[], rules: ReshapeRules): ReshapedMenus {
  const lanes = new Map<GameCategory, Map<string, VendorCard>>();
  for (const lane of raw) {
    for (const card of lane.cards) {
      const target = effectiveCategory(card.vassalage, lane.category, rules);
      let cards = lanes.get(target);
      if (!cards) {
        cards = new Map();
        lanes.set(target, cards);
      }
      const existing = cards.get(card.vassalage);
      if (existing) {
        cards.set(card.vassalage, {
          ...existing,
          gameCount: existing.gameCount + card.gameCount,
          // A vendor with games to list opens its popup list; a lobby-only vendor launches its lobby.
          isGame: existing.isGame === 'VASSALAGE' || card.isGame === 'VASSALAGE' ? 'VASSALAGE' : existing.isGame,
          nodeId: existing.nodeId ?? card.nodeId,
        });
      } else {
        cards.set(card.vassalage, { ...card, gameType: target });
      }
    }
  }
  const built = [...lanes.entries()]
    .map(([title, cards]) => ({ title, cards: [...cards.values()].sort(bySort) }))
    .filter((lane) => lane.cards.length > 0);
  const firstSort = (lane: { cards: VendorCard[] }) => lane.cards[0]?.sort ?? Number.MAX_SAFE_INTEGER;
  const movedAfterSports: GameCategory[] = ['ESPORTS', 'COCKFIGHT'];
  const ordered = built
    .filter((lane) => !movedAfterSports.includes(lane.title))
    .sort((a, b) => firstSort(a) - firstSort(b) || a.title.localeCompare(b.title));
  const moved = movedAfterSports
    .map((title) => built.find((lane) => lane.title === title))
    .filter((lane): lane is (typeof built)[number] => lane !== undefined);
  const sportsAt = ordered.findIndex((lane) => lane.title === 'SPORTS');
  if (sportsAt >= 0) ordered.splice(sportsAt + 1, 0, ...moved);
  else ordered.push(...moved);
  const result: VendorLane[] = ordered.map((lane) => {
    const classify: VendorSummary[] = lane.cards
      .filter((card) => card.isGame === 'VASSALAGE')
      .map((card) => ({ vassalage: card.vassalage, displayName: card.displayName }));
    return classify.length > 0 ? { ...lane, gameClassify: classify } : lane;
  });
  const elott = result.find((lane) => lane.title === 'ELOTT');
  const prizeMode = elott?.cards.some((card) => elottPrizeVendors.has(card.vassalage)) ? 'elott' : 'lott';
  return { lanes: result, prizeMode };
}

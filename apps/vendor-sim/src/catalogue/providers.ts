/**
 * The providers the Hub88-style aggregator publishes. `code` is the spec's vendor code and is sent as the game list's
 * `product`; it is also the lower-case prefix of every game code (`pg_golden_dragon_rush`).
 */
export type GameKind = 'slot' | 'baccarat' | 'fish' | 'blackjack' | 'cockfight';

/** `names`: fixed game names (fish, tables); slots get generated names. */
export type Provider = { code: string; name: string; kind: GameKind; games: number; names?: string[] };

/** Hub88 `category` strings the simulator uses, and the portal game type each one stands for. */
export const HUB88_CATEGORIES: Record<GameKind, { category: string; gameType: string }> = {
  slot: { category: 'Video Slots', gameType: 'RNG' },
  baccarat: { category: 'Live Baccarat', gameType: 'LIVE' },
  fish: { category: 'Fishing', gameType: 'FISH' },
  blackjack: { category: 'Table Games', gameType: 'PVP' },
  cockfight: { category: 'Cockfighting', gameType: 'COCKFIGHT' },
};

const SLOT_PROVIDERS: Array<[string, string]> = [
  ['PG', 'PG Soft'],
  ['PT', 'Playtech'],
  ['JDB', 'JDB Gaming'],
  ['CQ9', 'CQ9 Gaming'],
  ['FC', 'Fa Chai'],
  ['JL', 'JILI'],
  ['EG2', 'EG Gaming'],
  ['RTG', 'Real Time Gaming'],
  ['MG', 'Microgaming'],
  ['PNG', "Play'n GO"],
  ['ISB', 'iSoftBet'],
  ['TTG', 'Top Trend Gaming'],
];

const LIVE_PROVIDERS: Array<[string, string]> = [
  ['AG', 'Asia Gaming'],
  ['DG', 'Dream Gaming'],
  ['BG', 'Big Gaming'],
  ['OG', 'Oriental Game'],
];

/** Slots per provider: 12 × 850 = 10,200 slot games. */
export const SLOTS_PER_PROVIDER = 850;
export const BACCARAT_TABLES_PER_PROVIDER = 4;

const FISH_PROVIDERS: Array<[string, string, string[]]> = [
  ['JDB', 'JDB Gaming', ['Ocean Hunter', 'Dragon Fishing', 'Golden Shark Hunt']],
  ['FC', 'Fa Chai', ['Deep Sea Bounty', 'Coral Reef Shooter', 'Fa Chai Fishing']],
  ['JL', 'JILI', ['Jackpot Fishing', 'Mega Fishing', 'Ocean Legend Shooter']],
];

const CARD_PROVIDERS: Array<[string, string, string[]]> = [
  ['KY', 'Kaiyuan Gaming', ['Kaiyuan Blackjack', 'Blackjack 21 Classic']],
  ['TH', 'TH Gaming', ['TH Blackjack', 'Golden 21 Table']],
  ['KX', 'KX Gaming', ['KX Blackjack', 'Lucky 21 Table']],
];

export const PROVIDERS: Provider[] = [
  ...SLOT_PROVIDERS.map(([code, name]) => ({ code, name, kind: 'slot' as const, games: SLOTS_PER_PROVIDER })),
  ...LIVE_PROVIDERS.map(([code, name]) => ({
    code,
    name,
    kind: 'baccarat' as const,
    games: BACCARAT_TABLES_PER_PROVIDER,
  })),
  ...FISH_PROVIDERS.map(([code, name, names]) => ({ code, name, kind: 'fish' as const, games: names.length, names })),
  ...CARD_PROVIDERS.map(([code, name, names]) => ({
    code,
    name,
    kind: 'blackjack' as const,
    games: names.length,
    names,
  })),
  { code: 'WS', name: 'WS168', kind: 'cockfight' as const, games: 2, names: ['WS168 Arena One', 'WS168 Arena Two'] },
];

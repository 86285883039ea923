import { hashString, seededRng, shuffle } from '../rng';
import { type GameKind, HUB88_CATEGORIES, PROVIDERS } from './providers';

export type SimGame = {
  code: string;
  name: string;
  providerCode: string;
  providerName: string;
  kind: GameKind;
  /** Hub88 category string (see HUB88_CATEGORIES). */
  category: string;
  /** Index into the art palettes; also picks the slot's symbol colours. */
  palette: number;
  /** Per-game seed for the art's decoration and the slot's symbol shapes (never for outcomes). */
  seed: number;
  releaseDate: string;
  volatility: number;
  themes: string[];
};

const ADJECTIVES = [
  'Golden',
  'Lucky',
  'Mystic',
  'Wild',
  'Royal',
  'Dragon',
  'Crystal',
  'Fire',
  'Ice',
  'Thunder',
  'Jade',
  'Neon',
  'Ancient',
  'Cosmic',
  'Emerald',
  'Ruby',
  'Sapphire',
  'Silver',
  'Shadow',
  'Sunny',
  'Midnight',
  'Electric',
  'Magic',
  'Mighty',
  'Sacred',
  'Secret',
  'Savage',
  'Blazing',
  'Frozen',
  'Jolly',
  'Happy',
  'Crazy',
  'Epic',
  'Grand',
  'Hidden',
  'Imperial',
  'Lost',
  'Majestic',
  'Noble',
  'Phantom',
  'Prime',
  'Rapid',
  'Roaring',
  'Shining',
  'Stellar',
  'Turbo',
  'Velvet',
  'Vivid',
];
const NOUNS = [
  'Tiger',
  'Phoenix',
  'Panda',
  'Koi',
  'Lotus',
  'Pharaoh',
  'Viking',
  'Samurai',
  'Pirate',
  'Wizard',
  'Empress',
  'Buffalo',
  'Wolf',
  'Eagle',
  'Lion',
  'Monkey',
  'Dragon',
  'Unicorn',
  'Genie',
  'Mermaid',
  'Cowboy',
  'Ninja',
  'Knight',
  'Queen',
  'Temple',
  'Pyramid',
  'Jungle',
  'Ocean',
  'Volcano',
  'Galaxy',
  'Carnival',
  'Fiesta',
  'Harvest',
  'Lantern',
  'Jewel',
  'Diamond',
  'Cherry',
  'Melon',
  'Fruit',
  'Candy',
  'Bell',
  'Star',
  'Moon',
  'Sun',
  'Crown',
  'Treasure',
  'Fortune',
  'Oasis',
];
const SUFFIXES = [
  '',
  'Riches',
  'Deluxe',
  'Fortune',
  'Gold',
  'Rush',
  'Quest',
  'Treasures',
  'Legends',
  'Power',
  'Blitz',
  'Kingdom',
  'Hold and Win',
  'Bonanza',
];
const THEMES = ['Asian', 'Egypt', 'Adventure', 'Animals', 'Fantasy', 'Fruits', 'Gems', 'Mythology', 'Space', 'Classic'];

const slug = (text: string): string =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_|_$/g, '');

/** Every distinct slot name the word lists can make, in one fixed shuffled order. */
function slotNames(needed: number): string[] {
  const names: string[] = [];
  for (const suffix of SUFFIXES)
    for (const adjective of ADJECTIVES)
      for (const noun of NOUNS) {
        if (adjective === noun) continue;
        names.push(suffix ? `${adjective} ${noun} ${suffix}` : `${adjective} ${noun}`);
      }
  if (names.length < needed) throw new Error('not enough slot names');
  return shuffle(names, seededRng(20_260_101)).slice(0, needed);
}

function releaseDate(seed: number): string {
  // Spread over 2019-01-01 … 2026-06-30, so the portal's NEW filter has something to sort by.
  const start = Date.UTC(2019, 0, 1);
  const days = seed % 2738;
  return new Date(start + days * 86_400_000).toISOString().slice(0, 10);
}

let cached: SimGame[] | undefined;

/** The whole catalogue, generated deterministically on first use (same codes and names on every machine). */
export function catalogue(): SimGame[] {
  if (cached) return cached;
  const games: SimGame[] = [];
  const slotProviders = PROVIDERS.filter((provider) => provider.kind === 'slot');
  const names = slotNames(slotProviders.reduce((sum, provider) => sum + provider.games, 0));
  let nameIndex = 0;
  for (const provider of PROVIDERS) {
    for (let i = 0; i < provider.games; i += 1) {
      const name =
        provider.kind === 'slot'
          ? (names[nameIndex++] as string)
          : (provider.names?.[i] ?? `${provider.name} Baccarat ${String.fromCharCode(65 + i)}`);
      const code = `${provider.code.toLowerCase()}_${slug(name)}`;
      const seed = hashString(code);
      games.push({
        code,
        name,
        providerCode: provider.code,
        providerName: provider.name,
        kind: provider.kind,
        category: HUB88_CATEGORIES[provider.kind].category,
        palette: seed % 8,
        seed,
        releaseDate: releaseDate(seed),
        volatility: provider.kind === 'slot' ? 1 + (seed % 6) : 1,
        themes:
          provider.kind === 'slot'
            ? [THEMES[seed % THEMES.length] as string]
            : provider.kind === 'fish'
              ? ['Ocean']
              : provider.kind === 'blackjack'
                ? ['Cards']
                : provider.kind === 'cockfight'
                  ? ['Sabong']
                  : ['Live Dealer'],
      });
    }
  }
  cached = games;
  return games;
}

let byCode: Map<string, SimGame> | undefined;

export function findGame(code: string): SimGame | undefined {
  byCode ??= new Map(catalogue().map((game) => [game.code, game]));
  return byCode.get(code);
}

import { randomInt, randomUUID } from 'node:crypto';

/** A source of uniform integers in [0, max). Play uses the CSPRNG; simulations and catalogues use a seeded one. */
export type Rng = { int(max: number): number };

/** Cryptographically secure draws for real play (outcomes a player cannot predict). */
export const secureRng: Rng = { int: (max) => randomInt(max) };

/**
 * A small deterministic generator (mulberry32) for generated catalogues and for the pay-table simulation, where
 * the same seed must give the same result on every machine. Never used to decide a real-money outcome.
 */
export function seededRng(seed: number): Rng & { next(): number } {
  let state = seed >>> 0;
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return { next, int: (max) => Math.floor(next() * max) };
}

/** A stable 32-bit hash of a string (FNV-1a), used to derive per-game seeds from game codes. */
export function hashString(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

export function shuffle<T>(items: T[], rng: Rng): T[] {
  for (let i = items.length - 1; i > 0; i -= 1) {
    const j = rng.int(i + 1);
    const swap = items[i] as T;
    items[i] = items[j] as T;
    items[j] = swap;
  }
  return items;
}

export const uuid = (): string => randomUUID();

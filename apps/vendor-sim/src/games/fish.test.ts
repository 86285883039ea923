import { describe, expect, it } from 'vitest';
import { seededRng } from '../rng';
import { FISH_KINDS, FishPlay } from './fish';

describe('fish shooter catch rule', () => {
  it('returns the configured 96% on every kind of fish (catch chance = RTP ÷ multiplier)', () => {
    const rng = seededRng(99);
    for (const kind of FISH_KINDS) {
      const shots = 400_000;
      let returned = 0;
      for (let i = 0; i < shots; i += 1) if (FishPlay.catches(rng, kind.multiplier, 0.96)) returned += kind.multiplier;
      const rtp = returned / shots;
      // The standard error grows with the multiplier: sqrt(m × 0.96) / sqrt(shots) ≈ 1.5% for the ×100 dragon.
      expect(Math.abs(rtp - 0.96)).toBeLessThan((4.5 * Math.sqrt(kind.multiplier * 0.96)) / Math.sqrt(shots));
    }
  });
});

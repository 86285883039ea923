import { describe, expect, it } from 'vitest';
import { seededRng } from '../rng';
import { cockfightReturnHundredths, drawFight } from './cockfight';

describe('cockfight match bets', () => {
  it('pays MERON/WALA 0.92:1, DRAW 15:1, and returns MERON/WALA stakes on a draw', () => {
    expect(cockfightReturnHundredths('MERON', 'MERON')).toBe(192);
    expect(cockfightReturnHundredths('WALA', 'MERON')).toBe(0);
    expect(cockfightReturnHundredths('MERON', 'DRAW')).toBe(100);
    expect(cockfightReturnHundredths('DRAW', 'DRAW')).toBe(1600);
    expect(cockfightReturnHundredths('DRAW', 'WALA')).toBe(0);
  });

  it('draws 47% MERON, 47% WALA, 6% DRAW', () => {
    const rng = seededRng(3);
    const counts = { MERON: 0, WALA: 0, DRAW: 0 };
    for (let i = 0; i < 100_000; i += 1) counts[drawFight(rng).winner] += 1;
    expect(counts.DRAW / 100_000).toBeCloseTo(0.06, 2);
    expect(counts.MERON / 100_000).toBeCloseTo(0.47, 2);
    expect(counts.WALA / 100_000).toBeCloseTo(0.47, 2);
  });
});

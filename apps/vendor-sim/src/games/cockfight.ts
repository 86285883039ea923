import { type Rng, secureRng } from '../rng';
import type { TableRules } from './timed-table';

/*
 * Cockfight match bets (sabong): each fight is won by MERON (red) or WALA (blue), or is a draw. MERON and WALA each
 * win 47% of fights and pay 0.92:1; a draw (6%) pays 15:1 and returns MERON/WALA stakes. Every bet returns 96.24%
 * (MERON/WALA) or 96% (DRAW) of its stake on average.
 */
export type CockfightSide = 'MERON' | 'WALA' | 'DRAW';
export type Fight = { winner: CockfightSide };

export function cockfightReturnHundredths(side: string, winner: CockfightSide): number {
  if (side === winner) return side === 'DRAW' ? 1600 : 192;
  if (winner === 'DRAW') return 100;
  return 0;
}

export function drawFight(rng: Rng = secureRng): Fight {
  const roll = rng.int(100);
  return { winner: roll < 6 ? 'DRAW' : roll < 53 ? 'MERON' : 'WALA' };
}

export function cockfightRules(rng: Rng = secureRng): TableRules<Fight> {
  return {
    kind: 'cockfight',
    sides: ['MERON', 'WALA', 'DRAW'],
    minBetUnits: 100_000,
    maxBetUnits: 5000 * 100_000,
    draw: () => drawFight(rng),
    returnHundredths: (side, fight) => cockfightReturnHundredths(side, fight.winner),
    meta: () => ({}),
  };
}

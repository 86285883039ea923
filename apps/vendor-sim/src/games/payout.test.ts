import { describe, expect, it } from 'vitest';
import { CURRENCY_STEP_UNITS, payout } from './payout';
import { winAmount } from './slot-math';

describe('payouts in whole currency steps', () => {
  it('floors a return finer than 0.01 to the step below', () => {
    // 0.10 on banker at 0.95:1 returns 0.195, which no 2-decimal wallet can hold: 0.19 is paid.
    expect(payout(10_000, 195)).toBe(19_000);
    expect(payout(10_000, 200)).toBe(20_000);
  });

  it('keeps slot wins on small bets whole (0.20 total bet = 0.01 a line)', () => {
    const outcome = { stops: [], grid: [], lineWins: [], scatterCount: 0, winHundredthsOfLineBet: 1_234 };
    const win = winAmount(outcome as never, 20_000);
    expect(win % CURRENCY_STEP_UNITS).toBe(0);
    expect(win).toBe(12_000);
  });
});

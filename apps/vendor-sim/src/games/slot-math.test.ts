import { describe, expect, it } from 'vitest';
import { seededRng } from '../rng';
import { evaluateGrid, exactRtp, PAYLINES, payTableFor, type SlotSymbol, STRIPS, spin, winAmount } from './slot-math';

const table = payTableFor(0.96);

describe('slot pay table', () => {
  it('is scaled so that its exact return to player is the configured 96%', () => {
    expect(Math.abs(exactRtp(table) - 0.96)).toBeLessThan(0.0005);
    expect(Math.abs(exactRtp(payTableFor(0.92)) - 0.92)).toBeLessThan(0.0005);
  });

  it('returns 96% ± 1% over 1,000,000 simulated spins', () => {
    const rng = seededRng(20_261_122);
    const spins = 1_000_000;
    let returned = 0;
    for (let i = 0; i < spins; i += 1) returned += spin(rng, table).winHundredthsOfLineBet;
    // Each spin stakes 20 line bets = 2000 hundredths of a line bet.
    const rtp = returned / (spins * 2000);
    expect(rtp).toBeGreaterThan(0.95);
    expect(rtp).toBeLessThan(0.97);
  }, 60_000);

  it('has 5 reels with no wild on the first and last reel', () => {
    expect(STRIPS).toHaveLength(5);
    expect(STRIPS[0]).not.toContain('WILD');
    expect(STRIPS[4]).not.toContain('WILD');
    expect(STRIPS[2]).toContain('WILD');
    expect(PAYLINES.length).toBeGreaterThanOrEqual(10);
  });
});

/** Builds a grid from rows (top, middle, bottom) for readability. */
const grid = (rows: SlotSymbol[][]): SlotSymbol[][] =>
  [0, 1, 2, 3, 4].map((reel) => rows.map((row) => row[reel] as SlotSymbol));

describe('slot line evaluation', () => {
  it('pays a line left to right with wilds substituting, and only from the first reel', () => {
    const outcome = evaluateGrid(
      grid([
        ['A', 'K', 'Q', 'J', 'T'],
        ['H1', 'WILD', 'H1', 'Q', 'K'],
        ['T', 'Q', 'K', 'A', 'J'],
      ]),
      table,
    );
    const middle = outcome.lineWins.find((win) => win.line === 0);
    expect(middle).toEqual({ line: 0, symbol: 'H1', count: 3, payHundredths: table.line.H1?.[0] });
    // Q Q on reels 2-3 of the bottom row does not pay: lines start on reel 1.
    expect(outcome.lineWins.every((win) => win.symbol !== 'Q')).toBe(true);
  });

  it('pays scatters anywhere on the total bet and never on a line', () => {
    const outcome = evaluateGrid(
      grid([
        ['SCATTER', 'K', 'Q', 'SCATTER', 'T'],
        ['J', 'A', 'SCATTER', 'Q', 'K'],
        ['T', 'Q', 'K', 'A', 'J'],
      ]),
      table,
    );
    expect(outcome.scatterCount).toBe(3);
    expect(outcome.lineWins).toEqual([]);
    expect(outcome.winHundredthsOfLineBet).toBe(table.scatter[0] * PAYLINES.length);
    // A 2.00 bet (200000 units) wins the 3-scatter multiple of the total bet.
    expect(winAmount(outcome, 200_000)).toBe((200_000 * table.scatter[0]) / 100);
  });

  it('pays five of a kind across the middle line', () => {
    const outcome = evaluateGrid(
      grid([
        ['A', 'K', 'Q', 'J', 'T'],
        ['H2', 'H2', 'WILD', 'H2', 'H2'],
        ['T', 'Q', 'K', 'A', 'J'],
      ]),
      table,
    );
    expect(outcome.lineWins.find((win) => win.line === 0)).toMatchObject({
      symbol: 'H2',
      count: 5,
      payHundredths: table.line.H2?.[2],
    });
  });
});

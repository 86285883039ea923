import { describe, expect, it } from 'vitest';
import { seededRng } from '../rng';
import { BOOK_MARGIN, eventProbabilities, oddsFor, Sportsbook } from './sportsbook';

describe('sportsbook pricing and settlement', () => {
  it('prices fair probabilities with a 5% margin and keeps a draw only where the sport has one', () => {
    const withDraw = eventProbabilities(80, 60, true);
    expect(withDraw.HOME + withDraw.DRAW + withDraw.AWAY).toBeCloseTo(1, 10);
    expect(withDraw.DRAW).toBeGreaterThan(0);
    expect(eventProbabilities(80, 60, false).DRAW).toBe(0);
    // 50% fair → 1.90 with the margin; the book's overround is about 5%.
    expect(oddsFor(0.5)).toBe(190);
    const overround = ['HOME', 'DRAW', 'AWAY'].reduce((sum, s) => sum + 100 / oddsFor(withDraw[s as 'HOME']), 0);
    expect(overround).toBeGreaterThan(1 + BOOK_MARGIN - 0.001);
    expect(overround).toBeLessThan(1 + BOOK_MARGIN + 0.02);
  });

  it('draws results with the event probabilities and pays winners stake × odds exactly', () => {
    const paid: Array<[string, number]> = [];
    const book = new Sportsbook('SBT', 'SPORTS', {
      autoRun: false,
      settle: (bet, returned) => paid.push([bet.id, returned]),
      rng: seededRng(5),
    });
    let homeWins = 0;
    let settled = 0;
    for (let round = 0; round < 400; round += 1) {
      const event = book.list().find((e) => e.status === 'open');
      if (!event) throw new Error('no open event');
      const odds = book.quote(event.id, 'HOME');
      const bet = book.addBet({
        username: 'u',
        productType: 1001,
        eventId: event.id,
        selection: 'HOME',
        oddsHundredths: odds,
        amount: 100_000,
      });
      const result = book.settle(event.id);
      settled += event.probabilities.HOME;
      if (result.result?.winner === 'HOME') {
        homeWins += 1;
        expect(paid.at(-1)).toEqual([bet.id, 1000 * odds]);
        expect((result.result.home ?? 0) > (result.result.away ?? 0)).toBe(true);
      } else expect(paid.at(-1)).toEqual([bet.id, 0]);
      expect(() => book.quote(event.id, 'HOME')).toThrow();
    }
    // Wins land near the sum of the fair probabilities (binomial, 400 events).
    expect(Math.abs(homeWins - settled)).toBeLessThan(4 * Math.sqrt(400 * 0.25));
  });
});

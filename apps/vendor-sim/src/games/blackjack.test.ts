import { describe, expect, it } from 'vitest';
import type { Card } from './baccarat';
import { dealerPlays, handValue, isBlackjack, settleHand } from './blackjack';

const cards = (...ranks: number[]): Card[] => ranks.map((rank) => ({ rank, suit: 0 }));

describe('blackjack rules', () => {
  it('counts aces as 11 while that does not bust, faces as 10', () => {
    expect(handValue(cards(1, 6))).toEqual({ total: 17, soft: true });
    expect(handValue(cards(1, 6, 10))).toEqual({ total: 17, soft: false });
    expect(handValue(cards(1, 1, 9))).toEqual({ total: 21, soft: true });
    expect(handValue(cards(13, 12))).toEqual({ total: 20, soft: false });
    expect(isBlackjack(cards(1, 11))).toBe(true);
    expect(isBlackjack(cards(7, 7, 7))).toBe(false);
  });

  it('makes the dealer draw below 17 and stand on every 17, soft 17 included', () => {
    const draws = (...ranks: number[]) => {
      const queue = cards(...ranks);
      return () => queue.shift() as Card;
    };
    expect(dealerPlays(cards(1, 6), draws(5))).toHaveLength(2);
    expect(dealerPlays(cards(10, 6), draws(5))).toHaveLength(3);
    expect(dealerPlays(cards(2, 3), draws(2, 2, 10))).toEqual(cards(2, 3, 2, 2, 10));
  });

  it('pays blackjack 3:2, a win 1:1, returns a push, and loses a bust even if the dealer busts too', () => {
    expect(settleHand(cards(1, 13), cards(10, 9))).toEqual({ outcome: 'blackjack', returnHundredths: 250 });
    expect(settleHand(cards(1, 13), cards(1, 12))).toEqual({ outcome: 'push', returnHundredths: 100 });
    expect(settleHand(cards(10, 9), cards(1, 12))).toEqual({ outcome: 'lose', returnHundredths: 0 });
    expect(settleHand(cards(10, 9), cards(10, 8))).toEqual({ outcome: 'win', returnHundredths: 200 });
    expect(settleHand(cards(10, 8), cards(10, 8))).toEqual({ outcome: 'push', returnHundredths: 100 });
    expect(settleHand(cards(10, 8, 5), cards(10, 6, 9))).toEqual({ outcome: 'lose', returnHundredths: 0 });
    expect(settleHand(cards(10, 8), cards(10, 6, 9))).toEqual({ outcome: 'win', returnHundredths: 200 });
    // 21 with three cards is not a blackjack: it pushes against a dealer 21.
    expect(settleHand(cards(7, 7, 7), cards(10, 5, 6))).toEqual({ outcome: 'push', returnHundredths: 100 });
  });
});

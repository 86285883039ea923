import { describe, expect, it } from 'vitest';
import { bankerDraws, betReturnHundredths, type Card, dealCoup, handTotal } from './baccarat';

/** Cards by value in dealing order: player, banker, player, banker, then third cards (0 = a ten). */
const deal = (...values: number[]) => {
  const cards: Card[] = values.map((value) => ({ rank: value === 0 ? 10 : value, suit: 0 }));
  return dealCoup(() => {
    const card = cards.shift();
    if (!card) throw new Error('the hand drew more cards than the test gave');
    return card;
  });
};

describe('baccarat drawing rules', () => {
  it('counts tens and faces as zero and keeps the last digit', () => {
    expect(
      handTotal([
        { rank: 13, suit: 0 },
        { rank: 9, suit: 1 },
      ]),
    ).toBe(9);
    expect(
      handTotal([
        { rank: 7, suit: 0 },
        { rank: 8, suit: 1 },
      ]),
    ).toBe(5);
  });

  it.each([
    // [player cards, banker cards, expected player count, expected banker count, winner]
    ['natural 9 stands against banker 5', [4, 2, 5, 3], 2, 2, 'PLAYER'],
    ['banker natural 8 stops the player drawing', [2, 4, 1, 4], 2, 2, 'BANKER'],
    ['player stands on 6, banker draws on 5', [3, 2, 3, 3, 1], 2, 3, 'TIE'],
    ['player stands on 7, banker stands on 6', [3, 3, 4, 3], 2, 2, 'PLAYER'],
    ['player 0-5 draws; banker 3 stands on a player third card of 8', [1, 1, 2, 2, 8], 3, 2, 'BANKER'],
    ['banker 3 draws on a player third card of 9', [1, 1, 2, 2, 9, 5], 3, 3, 'BANKER'],
    ['banker 4 stands on a player third card of 1', [1, 2, 2, 2, 1], 3, 2, 'TIE'],
    ['banker 4 draws on a player third card of 2', [1, 2, 2, 2, 2, 1], 3, 3, 'TIE'],
    ['banker 5 draws on 4-7', [1, 2, 1, 3, 4, 0], 3, 3, 'PLAYER'],
    ['banker 5 stands on 3', [1, 2, 1, 3, 3], 3, 2, 'TIE'],
    ['banker 6 draws on 6-7', [1, 3, 2, 3, 6, 0], 3, 3, 'PLAYER'],
    ['banker 6 stands on 5', [1, 3, 2, 3, 5], 3, 2, 'PLAYER'],
    ['banker 7 always stands', [1, 3, 2, 4, 6], 3, 2, 'PLAYER'],
    ['banker 0-2 always draws', [1, 0, 2, 2, 8, 5], 3, 3, 'BANKER'],
  ] as const)('%s', (_name, cards, playerCount, bankerCount, winner) => {
    const coup = deal(...cards);
    expect(coup.player).toHaveLength(playerCount);
    expect(coup.banker).toHaveLength(bankerCount);
    expect(coup.winner).toBe(winner);
  });

  it('follows the banker tableau for every total and third card', () => {
    const third = (value: number): Card => ({ rank: value === 0 ? 10 : value, suit: 0 });
    const draws = (total: number) => [0, 1, 2, 3, 4, 5, 6, 7, 8, 9].filter((value) => bankerDraws(total, third(value)));
    expect(draws(2)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(draws(3)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 9]);
    expect(draws(4)).toEqual([2, 3, 4, 5, 6, 7]);
    expect(draws(5)).toEqual([4, 5, 6, 7]);
    expect(draws(6)).toEqual([6, 7]);
    expect(draws(7)).toEqual([]);
    expect(bankerDraws(5, undefined)).toBe(true);
    expect(bankerDraws(6, undefined)).toBe(false);
  });

  it('pays player 1:1, banker 0.95:1, tie 8:1, and returns player/banker stakes on a tie', () => {
    expect(betReturnHundredths('PLAYER', 'PLAYER')).toBe(200);
    expect(betReturnHundredths('BANKER', 'BANKER')).toBe(195);
    expect(betReturnHundredths('TIE', 'TIE')).toBe(900);
    expect(betReturnHundredths('PLAYER', 'TIE')).toBe(100);
    expect(betReturnHundredths('BANKER', 'TIE')).toBe(100);
    expect(betReturnHundredths('PLAYER', 'BANKER')).toBe(0);
    expect(betReturnHundredths('TIE', 'PLAYER')).toBe(0);
  });
});

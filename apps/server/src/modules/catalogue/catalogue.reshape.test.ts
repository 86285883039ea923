import type { GameCategory, VendorCard } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { defaultReshapeRules, effectiveCategory, type RawLane, reshapeLanes } from './catalogue.reshape';

function card(vassalage: string, sort: number, gameType: GameCategory, games = 3): VendorCard {
  return {
    vassalage,
    displayName: vassalage,
    gameType,
    isGame: games > 0 ? 'VASSALAGE' : 'LOBBY',
    iconUrl: null,
    gameCount: games,
    maintenance: false,
    walletMode: 'seamless',
    nodeId: games > 0 ? null : `${sort}`,
    sort,
  };
}

const lane = (category: GameCategory, cards: VendorCard[]): RawLane => ({ category, cards });

describe('vendor list reshaping (spec section 4)', () => {
  it('moves e-sports cards out of SPORTS into ESPORTS, placed right after SPORTS', () => {
    const { lanes } = reshapeLanes(
      [
        lane('RNG', [card('PG', 10, 'RNG')]),
        lane('SPORTS', [card('SBT', 30, 'SPORTS', 0), card('TF', 31, 'SPORTS', 0), card('IMES', 32, 'SPORTS', 0)]),
        lane('LIVE', [card('AG', 40, 'LIVE')]),
      ],
      defaultReshapeRules,
    );
    expect(lanes.map((item) => item.title)).toEqual(['RNG', 'SPORTS', 'ESPORTS', 'LIVE']);
    expect(lanes[1]?.cards.map((item) => item.vassalage)).toEqual(['SBT']);
    expect(lanes[2]?.cards.map((item) => item.vassalage)).toEqual(['TF', 'IMES']);
    expect(lanes[2]?.cards.every((item) => item.gameType === 'ESPORTS')).toBe(true);
  });

  it('moves configured cockfight vendors out of SPORTS after the e-sports lane', () => {
    const rules = { ...defaultReshapeRules, cockfightVendors: ['S128'] };
    const { lanes } = reshapeLanes(
      [
        lane('SPORTS', [card('SBT', 30, 'SPORTS', 0), card('S128', 33, 'SPORTS', 0), card('AV', 34, 'SPORTS', 0)]),
        lane('FISH', [card('JDB', 50, 'FISH')]),
      ],
      rules,
    );
    expect(lanes.map((item) => item.title)).toEqual(['SPORTS', 'ESPORTS', 'COCKFIGHT', 'FISH']);
    expect(lanes[2]?.cards.map((item) => item.vassalage)).toEqual(['S128']);
  });

  it('moves configured RNG vendors to INHOUSE and keeps the rest under RNG', () => {
    const rules = { ...defaultReshapeRules, inhouseVendors: ['JL'] };
    const { lanes } = reshapeLanes([lane('RNG', [card('PG', 10, 'RNG'), card('JL', 11, 'RNG')])], rules);
    expect(lanes.map((item) => [item.title, item.cards.map((c) => c.vassalage)])).toEqual([
      ['RNG', ['PG']],
      ['INHOUSE', ['JL']],
    ]);
    expect(effectiveCategory('JL', 'RNG', rules)).toBe('INHOUSE');
    expect(effectiveCategory('JL', 'FISH', rules)).toBe('FISH');
  });

  it('orders lanes by their first vendor and vendors by sort order, and drops empty lanes', () => {
    const { lanes } = reshapeLanes(
      [
        lane('FISH', [card('JDB', 50, 'FISH'), card('FC', 45, 'FISH')]),
        lane('LIVE', [card('AG', 5, 'LIVE')]),
        lane('PVP', []),
      ],
      defaultReshapeRules,
    );
    expect(lanes.map((item) => item.title)).toEqual(['LIVE', 'FISH']);
    expect(lanes[1]?.cards.map((item) => item.vassalage)).toEqual(['FC', 'JDB']);
  });

  it('lists the vendors with a game list as gameClassify (lobby-only vendors have none)', () => {
    const { lanes } = reshapeLanes(
      [lane('RNG', [card('PG', 10, 'RNG')]), lane('SPORTS', [card('SBT', 30, 'SPORTS', 0)])],
      defaultReshapeRules,
    );
    expect(lanes[0]?.gameClassify).toEqual([{ vassalage: 'PG', displayName: 'PG' }]);
    expect(lanes[1]?.gameClassify).toBeUndefined();
  });

  it('sets the prize mode to elott only when TCG_LOTTO_VN or LOTT cards exist in ELOTT', () => {
    expect(reshapeLanes([lane('ELOTT', [card('TCG_SEA', 1, 'ELOTT', 0)])], defaultReshapeRules).prizeMode).toBe('lott');
    expect(reshapeLanes([lane('ELOTT', [card('TCG_LOTTO_VN', 1, 'ELOTT', 0)])], defaultReshapeRules).prizeMode).toBe(
      'elott',
    );
    expect(reshapeLanes([lane('ELOTT', [card('LOTT', 1, 'ELOTT', 0)])], defaultReshapeRules).prizeMode).toBe('elott');
    // TCG_LOTTO_VN under LOTT (not ELOTT) does not count.
    expect(reshapeLanes([lane('LOTT', [card('TCG_LOTTO_VN', 1, 'LOTT', 0)])], defaultReshapeRules).prizeMode).toBe(
      'lott',
    );
  });
});

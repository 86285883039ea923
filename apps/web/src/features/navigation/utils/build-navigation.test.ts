import { describe, expect, it } from 'vitest';
import { buildNavCategories, largeDropdownAbove } from './build-navigation';

const vendor = (code: string, sort: number) => ({ code, name: code, sort });

describe('buildNavCategories', () => {
  it('keeps only categories with at least one vendor', () => {
    const categories = buildNavCategories([
      { gameType: 'RNG', vendors: [vendor('PG', 1)] },
      { gameType: 'COCKFIGHT', vendors: [] },
      { gameType: 'LIVE', vendors: [vendor('EVO', 2)] },
    ]);
    expect(categories.map((category) => category.gameType)).toEqual(['RNG', 'LIVE']);
  });

  it('keeps the menus’ order (vendor sorting order, reshaped by the server) one entry per category', () => {
    const categories = buildNavCategories([
      { gameType: 'SPORTS', vendors: [vendor('SBT', 5)] },
      { gameType: 'ESPORTS', vendors: [vendor('IA', 40)] },
      { gameType: 'LIVE', vendors: [vendor('EVO', 12), vendor('AG', 41)] },
      { gameType: 'RNG', vendors: [vendor('PG', 30), vendor('JDB', 31)] },
    ]);
    expect(categories.map((category) => category.gameType)).toEqual(['SPORTS', 'ESPORTS', 'LIVE', 'RNG']);
  });

  it('sorts each drop-down by vendor order and links vendors to the category page filtered by vassalage', () => {
    const [rng] = buildNavCategories([
      { gameType: 'RNG', vendors: [vendor('PT', 3), vendor('PG', 1), vendor('CQ9', 2)] },
    ]);
    expect(rng?.href).toBe('/rng');
    expect(rng?.vendors.map((entry) => entry.code)).toEqual(['PG', 'CQ9', 'PT']);
    expect(rng?.vendors[0]?.href).toBe('/rng?vassalage=PG');
  });

  it('opens the large drop-down only above ten vendors', () => {
    const many = (count: number) => Array.from({ length: count }, (_, index) => vendor(`V${index}`, index));
    const [ten] = buildNavCategories([{ gameType: 'RNG', vendors: many(largeDropdownAbove) }]);
    const [eleven] = buildNavCategories([{ gameType: 'RNG', vendors: many(largeDropdownAbove + 1) }]);
    expect(ten?.large).toBe(false);
    expect(eleven?.large).toBe(true);
  });

  it('merges INHOUSE into the in-house page and leaves out types the portal has no page for', () => {
    const categories = buildNavCategories([
      { gameType: 'INHOUSE', vendors: [vendor('JL', 1)] },
      { gameType: 'BGS', vendors: [vendor('BGS', 2), vendor('JL', 1)] },
      { gameType: 'MYSTERY', vendors: [vendor('X', 0)] },
    ]);
    expect(categories).toHaveLength(1);
    expect(categories[0]?.href).toBe('/bgs');
    expect(categories[0]?.vendors.map((entry) => entry.code)).toEqual(['JL', 'BGS']);
  });
});

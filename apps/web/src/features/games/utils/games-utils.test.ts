import { describe, expect, it } from 'vitest';
import { rankEntryFixture } from '../testing';
import { categoryPath, lotteryPageOf } from './categories';
import {
  jackpotDelayMs,
  jackpotMaxCents,
  jackpotMinCents,
  jackpotStart,
  jackpotStep,
  jackpotStepMaxCents,
  jackpotStepMinCents,
} from './jackpot';
import { isLaunchableUrl } from './launch-url';
import { cutSection, hotArrowsAbove, sectionArrowsAbove, showsArrows } from './sections';
import { tileThemeCount, tileThemeOf } from './tile-theme';
import { splitWinners } from './winners';

describe('jackpot counter rules', () => {
  it('starts between 100,000,000.00 and 1,000,000,000.00 whatever the random draw', () => {
    expect(jackpotStart(() => 0)).toBe(jackpotMinCents);
    expect(jackpotStart(() => 0.999999999999)).toBe(jackpotMaxCents);
    expect(jackpotMinCents).toBe(10_000_000_000);
    expect(jackpotMaxCents).toBe(100_000_000_000);
    for (let draw = 0; draw < 1; draw += 0.0625) {
      const value = jackpotStart(() => draw);
      expect(value).toBeGreaterThanOrEqual(jackpotMinCents);
      expect(value).toBeLessThanOrEqual(jackpotMaxCents);
    }
  });

  it('grows by 100.00 to 500.00 a step', () => {
    expect(jackpotStep(() => 0)).toBe(10_000);
    expect(jackpotStep(() => 0.999999999999)).toBe(50_000);
    expect(jackpotStepMinCents).toBe(100_00);
    expect(jackpotStepMaxCents).toBe(500_00);
  });

  it('waits 3, 4 or 5 seconds between steps', () => {
    expect(jackpotDelayMs(() => 0)).toBe(3000);
    expect(jackpotDelayMs(() => 0.5)).toBe(4000);
    expect(jackpotDelayMs(() => 0.99)).toBe(5000);
    const seen = new Set(Array.from({ length: 60 }, (_, index) => jackpotDelayMs(() => index / 60)));
    expect([...seen].sort()).toEqual([3000, 4000, 5000]);
  });
});

describe('home sections', () => {
  it('cuts a section to its first 12 items', () => {
    const items = Array.from({ length: 30 }, (_, index) => index);
    expect(cutSection(items)).toEqual(items.slice(0, 12));
    expect(cutSection([1, 2, 3])).toEqual([1, 2, 3]);
  });

  it('shows arrows above 12 items in sections and above 7 in the hot carousel', () => {
    expect(showsArrows(12, sectionArrowsAbove)).toBe(false);
    expect(showsArrows(13, sectionArrowsAbove)).toBe(true);
    expect(showsArrows(7, hotArrowsAbove)).toBe(false);
    expect(showsArrows(8, hotArrowsAbove)).toBe(true);
  });
});

describe('winners board split', () => {
  it('puts the 3 biggest wins on the podium and the rest from the 4th in the list', () => {
    const entries = [
      rankEntryFixture(1, 900_000n),
      rankEntryFixture(2, 50_000_000n),
      rankEntryFixture(3, 120_000n),
      rankEntryFixture(4, 7_000_000n),
      rankEntryFixture(5, 300_000n),
    ];
    const { top, rest } = splitWinners(entries);
    expect(top.map((entry) => entry.winAmount.minor)).toEqual(['50000000', '7000000', '900000']);
    expect(rest.map((entry) => entry.winAmount.minor)).toEqual(['300000', '120000']);
  });

  it('has an empty list when there are 3 winners or fewer', () => {
    const { top, rest } = splitWinners([rankEntryFixture(1, 100n), rankEntryFixture(2, 50n)]);
    expect(top).toHaveLength(2);
    expect(rest).toHaveLength(0);
  });
});

describe('tile themes', () => {
  it('uses exactly 6 themes, fixed per game', () => {
    expect(tileThemeCount).toBe(6);
    const themes = new Set(Array.from({ length: 100 }, (_, id) => tileThemeOf(id)));
    expect([...themes].sort()).toEqual([0, 1, 2, 3, 4, 5]);
    expect(tileThemeOf(4242)).toBe(tileThemeOf(4242));
    expect(tileThemeOf('PG')).toBe(tileThemeOf('PG'));
    expect(tileThemeOf('PG')).toBeLessThan(6);
  });
});

describe('launch URLs', () => {
  it('opens only absolute http and https addresses', () => {
    expect(isLaunchableUrl('https://games.example.com/play?t=1')).toBe(true);
    expect(isLaunchableUrl('http://localhost:3100/slot')).toBe(true);
    expect(isLaunchableUrl('javascript:alert(1)')).toBe(false);
    expect(isLaunchableUrl('data:text/html,hi')).toBe(false);
    expect(isLaunchableUrl('/relative/path')).toBe(false);
    expect(isLaunchableUrl('')).toBe(false);
    expect(isLaunchableUrl(null)).toBe(false);
  });
});

describe('category routes', () => {
  it('links a category page filtered by vendor', () => {
    expect(categoryPath('RNG', 'PG')).toBe('/rng?vassalage=PG');
    expect(categoryPath('INHOUSE')).toBe('/bgs');
    expect(categoryPath('SPORTS', 'A B')).toBe('/sports?vassalage=A%20B');
  });

  it('routes the lottery vendors of spec section 2 to their pages', () => {
    expect(lotteryPageOf('TCG_LOTTO_VN')).toBe('/vnLottery');
    expect(lotteryPageOf('TCG_SEA')).toBe('/seaLottery');
    expect(lotteryPageOf('LOTT')).toBe('/lottery');
    expect(lotteryPageOf('ELOTT')).toBe('/lottery');
    expect(lotteryPageOf('PG')).toBeNull();
  });
});

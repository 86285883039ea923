import { describe, expect, it } from 'vitest';
import { bn } from '@/locales/bn';
import { cashierLiveBn } from '@/locales/cashier-live/bn';
import { cashierLiveEn } from '@/locales/cashier-live/en';
import { en } from '@/locales/en';
import { gamesBn } from '@/locales/games/bn';
import { gamesEn } from '@/locales/games/en';
import { operationsBn } from '@/locales/operations/bn';
import { operationsEn } from '@/locales/operations/en';
import { i18n } from './i18n';

describe('back-office translations', () => {
  it('writes counts in the language’s own digits: Bengali digits in Bengali, Latin in English', () => {
    const bengali = i18n.getFixedT('bn');
    const english = i18n.getFixedT('en');
    expect(bengali('cashier.total' as never, { count: 1234 })).toBe('১,২৩৪টি');
    expect(english('cashier.total' as never, { count: 1234 })).toBe('1,234 items');
    expect(bengali('ui.pager.page' as never, { page: 12 })).toBe('পৃষ্ঠা ১২');
  });

  it('formats every count placeholder as a number in both languages (no bare {{count}} left)', () => {
    for (const catalogue of [en, bn, gamesEn, gamesBn, operationsEn, operationsBn, cashierLiveEn, cashierLiveBn]) {
      expect(
        JSON.stringify(catalogue).match(/\{\{(count|n|page|max|days|hours|received|added|listed)\}\}/g),
      ).toBeNull();
    }
    expect(JSON.stringify(bn)).toContain('{{count, number}}');
  });
});

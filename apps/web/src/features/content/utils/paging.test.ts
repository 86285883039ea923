import { announcementPager, noticePager } from '@portal/contract';
import { pagerItems } from '@portal/ui/pager';
import { describe, expect, it } from 'vitest';
import { clampIndex, pageCount, pageItems, pageOfIndex } from './paging';

describe('announcement paging', () => {
  it('puts 9 titles on a page', () => {
    const items = Array.from({ length: 20 }, (_, index) => index);
    expect(pageCount(20)).toBe(3);
    expect(pageCount(9)).toBe(1);
    expect(pageCount(10)).toBe(2);
    expect(pageCount(0)).toBe(1);
    expect(pageItems(items, 1)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8]);
    expect(pageItems(items, 3)).toEqual([18, 19]);
  });

  it('finds the page of an item index, as the notice popup needs for the notice clicked', () => {
    expect(pageOfIndex(0)).toBe(1);
    expect(pageOfIndex(8)).toBe(1);
    expect(pageOfIndex(9)).toBe(2);
    expect(pageOfIndex(26)).toBe(3);
    expect(clampIndex(12, 5)).toBe(4);
    expect(clampIndex(-3, 5)).toBe(0);
    expect(clampIndex(2, 0)).toBe(0);
  });

  it('shows 1 margin page and a range of 5 in the announcement pager', () => {
    const { marginPages, pageRange } = announcementPager;
    expect(pagerItems(1, 12, marginPages, pageRange)).toEqual([1, 2, 3, 4, 5, 'break', 12]);
    expect(pagerItems(7, 12, marginPages, pageRange)).toEqual([1, 'break', 5, 6, 7, 8, 9, 'break', 12]);
    expect(pagerItems(12, 12, marginPages, pageRange)).toEqual([1, 'break', 8, 9, 10, 11, 12]);
  });

  it('shows 1 margin page and a range of 1 in the notice pager', () => {
    const { marginPages, pageRange } = noticePager;
    expect(pagerItems(5, 10, marginPages, pageRange)).toEqual([1, 'break', 5, 'break', 10]);
    expect(pagerItems(1, 10, marginPages, pageRange)).toEqual([1, 'break', 10]);
    expect(pagerItems(3, 10, marginPages, pageRange)).toEqual([1, 2, 3, 'break', 10]);
  });
});

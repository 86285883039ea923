import { announcementPageSize } from '@portal/contract';

/** Pages of a list of `total` items (at least 1, so a pager always has a current page). */
export function pageCount(total: number, pageSize = announcementPageSize): number {
  return Math.max(1, Math.ceil(Math.max(0, total) / pageSize));
}

/** The 1-based page holding the item at a 0-based index. */
export function pageOfIndex(index: number, pageSize = announcementPageSize): number {
  return Math.floor(Math.max(0, index) / pageSize) + 1;
}

/** The items of a 1-based page. */
export function pageItems<T>(items: readonly T[], page: number, pageSize = announcementPageSize): T[] {
  const start = (Math.max(1, page) - 1) * pageSize;
  return items.slice(start, start + pageSize);
}

/** A 0-based index kept inside a list of `length` items (0 for an empty list). */
export function clampIndex(index: number, length: number): number {
  if (length <= 0) return 0;
  return Math.min(Math.max(0, Math.trunc(index)), length - 1);
}

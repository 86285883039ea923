import { cx } from './cx';
import { IconChevronLeft, IconChevronRight } from './icons';
import './pager.css';

export type PagerItem = number | 'break';

/**
 * The page numbers a pager shows: `marginPages` at each end, a window of `pageRange` pages around the
 * current one (shifted to stay inside 1..totalPages), and a break where pages are left out. A gap of a
 * single page shows that page instead of a break, because "…" would take the same space and hide it.
 */
export function pagerItems(page: number, totalPages: number, marginPages: number, pageRange: number): PagerItem[] {
  if (totalPages < 1) return [];
  const current = Math.min(Math.max(1, Math.trunc(page)), totalPages);
  const range = Math.max(1, Math.trunc(pageRange));
  const margin = Math.max(0, Math.trunc(marginPages));

  let start = current - Math.floor((range - 1) / 2);
  let end = start + range - 1;
  if (start < 1) {
    start = 1;
    end = Math.min(totalPages, range);
  }
  if (end > totalPages) {
    end = totalPages;
    start = Math.max(1, totalPages - range + 1);
  }

  const shown = new Set<number>();
  for (let number = 1; number <= Math.min(margin, totalPages); number += 1) shown.add(number);
  for (let number = start; number <= end; number += 1) shown.add(number);
  for (let number = Math.max(1, totalPages - margin + 1); number <= totalPages; number += 1) shown.add(number);

  const items: PagerItem[] = [];
  let previous = 0;
  for (const number of [...shown].sort((a, b) => a - b)) {
    if (number - previous === 2) items.push(previous + 1);
    else if (number - previous > 2) items.push('break');
    items.push(number);
    previous = number;
  }
  return items;
}

/** The pager's accessible names, in the page's language. */
export type PagerLabels = {
  /** Name of the navigation landmark ("Pages"). */
  nav: string;
  previous: string;
  next: string;
  /** Name of one page's button ("Page 3"). */
  page: (page: number) => string;
};

export type PagerProps = {
  /** Current page, 1-based. */
  page: number;
  totalPages: number;
  /** Pages always shown at each end (announcements use 1). */
  marginPages?: number;
  /** Pages shown around the current one (announcements use 5, notices 1). */
  pageRange?: number;
  onPageChange: (page: number) => void;
  labels: PagerLabels;
  className?: string;
};

/** Page navigation with previous/next buttons; renders nothing when there is a single page. */
export function Pager({
  page,
  totalPages,
  marginPages = 1,
  pageRange = 5,
  onPageChange,
  labels,
  className,
}: PagerProps) {
  if (totalPages <= 1) return null;
  const items = pagerItems(page, totalPages, marginPages, pageRange);
  const go = (target: number) => {
    if (target >= 1 && target <= totalPages && target !== page) onPageChange(target);
  };
  return (
    <nav className={cx('ui-pager', className)} aria-label={labels.nav}>
      <button
        type="button"
        className="ui-pager__step"
        onClick={() => go(page - 1)}
        disabled={page <= 1}
        aria-label={labels.previous}
      >
        <IconChevronLeft size={18} />
      </button>
      <ul className="ui-pager__list">
        {items.map((item, index) =>
          item === 'break' ? (
            <li key={`break-after-${String(items[index - 1])}`} className="ui-pager__break" aria-hidden="true">
              …
            </li>
          ) : (
            <li key={item}>
              <button
                type="button"
                className={cx('ui-pager__page', item === page && 'ui-pager__page--current')}
                onClick={() => go(item)}
                aria-current={item === page ? 'page' : undefined}
                aria-label={labels.page(item)}
              >
                {item}
              </button>
            </li>
          ),
        )}
      </ul>
      <button
        type="button"
        className="ui-pager__step"
        onClick={() => go(page + 1)}
        disabled={page >= totalPages}
        aria-label={labels.next}
      >
        <IconChevronRight size={18} />
      </button>
    </nav>
  );
}

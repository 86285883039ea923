import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { Pager, type PagerLabels, pagerItems } from './pager';

const labels: PagerLabels = {
  nav: 'Pages',
  previous: 'Previous page',
  next: 'Next page',
  page: (page) => `Page ${page}`,
};

describe('pagerItems with margin 1 and range 5', () => {
  it('shows every page when they fit', () => {
    expect(pagerItems(1, 7, 1, 5)).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });

  it('centres the range on the current page with breaks on both sides', () => {
    expect(pagerItems(10, 20, 1, 5)).toEqual([1, 'break', 8, 9, 10, 11, 12, 'break', 20]);
  });

  it('keeps the range inside the pages at either end', () => {
    expect(pagerItems(1, 20, 1, 5)).toEqual([1, 2, 3, 4, 5, 'break', 20]);
    expect(pagerItems(20, 20, 1, 5)).toEqual([1, 'break', 16, 17, 18, 19, 20]);
  });

  it('shows a single skipped page instead of a break', () => {
    expect(pagerItems(5, 20, 1, 5)).toEqual([1, 2, 3, 4, 5, 6, 7, 'break', 20]);
  });

  it('supports the notice pager with range 1', () => {
    expect(pagerItems(6, 12, 1, 1)).toEqual([1, 'break', 6, 'break', 12]);
  });

  it('clamps an out-of-range page and handles no pages', () => {
    expect(pagerItems(99, 3, 1, 5)).toEqual([1, 2, 3]);
    expect(pagerItems(1, 0, 1, 5)).toEqual([]);
  });
});

describe('Pager', () => {
  it('marks the current page and reports clicks on other pages and the steps', () => {
    const onPageChange = vi.fn();
    render(
      <Pager page={10} totalPages={20} marginPages={1} pageRange={5} onPageChange={onPageChange} labels={labels} />,
    );
    expect(screen.getByRole('button', { name: 'Page 10' }).getAttribute('aria-current')).toBe('page');
    fireEvent.click(screen.getByRole('button', { name: 'Page 12' }));
    fireEvent.click(screen.getByRole('button', { name: 'Next page' }));
    fireEvent.click(screen.getByRole('button', { name: 'Previous page' }));
    fireEvent.click(screen.getByRole('button', { name: 'Page 10' }));
    expect(onPageChange.mock.calls).toEqual([[12], [11], [9]]);
  });

  it('disables Previous on the first page and renders nothing for a single page', () => {
    const { rerender, container } = render(<Pager page={1} totalPages={3} onPageChange={() => {}} labels={labels} />);
    expect(screen.getByRole('button', { name: 'Previous page' })).toHaveProperty('disabled', true);
    rerender(<Pager page={1} totalPages={1} onPageChange={() => {}} labels={labels} />);
    expect(container.innerHTML).toBe('');
  });
});

import type { ListSort } from '@portal/contract';
import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { nextSort, SortableHeader } from './sortable-header';

type Column = 'name' | 'createdAt';

function Harness({ onSort }: { onSort?: (next: ListSort<Column>) => void }) {
  const [sorting, setSorting] = useState<ListSort<Column>>({ sort: 'createdAt', order: 'desc' });
  const sortBy = (next: ListSort<Column>) => {
    setSorting(next);
    onSort?.(next);
  };
  return (
    <table>
      <thead>
        <tr>
          <SortableHeader column="name" sorting={sorting} onSort={sortBy}>
            Name
          </SortableHeader>
          <SortableHeader column="createdAt" firstOrder="desc" sorting={sorting} onSort={sortBy}>
            Created
          </SortableHeader>
          <th scope="col">Note</th>
        </tr>
      </thead>
    </table>
  );
}

const header = (name: string) => screen.getByRole('columnheader', { name });

describe('SortableHeader', () => {
  it('marks the sorted column with aria-sort and the others as unsorted', () => {
    render(<Harness />);
    expect(header('Created').getAttribute('aria-sort')).toBe('descending');
    expect(header('Name').getAttribute('aria-sort')).toBe('none');
    expect(header('Note').getAttribute('aria-sort')).toBeNull();
  });

  it('sorts by a new column in its first order, and reverses it on a second click', () => {
    const asked: ListSort<Column>[] = [];
    render(<Harness onSort={(next) => asked.push(next)} />);
    fireEvent.click(screen.getByRole('button', { name: 'Name' }));
    expect(header('Name').getAttribute('aria-sort')).toBe('ascending');
    expect(header('Created').getAttribute('aria-sort')).toBe('none');
    fireEvent.click(screen.getByRole('button', { name: 'Name' }));
    expect(header('Name').getAttribute('aria-sort')).toBe('descending');
    // A date column starts with the latest first.
    fireEvent.click(screen.getByRole('button', { name: 'Created' }));
    expect(asked).toEqual([
      { sort: 'name', order: 'asc' },
      { sort: 'name', order: 'desc' },
      { sort: 'createdAt', order: 'desc' },
    ]);
  });

  it('tells what a click does in the button title', () => {
    render(<Harness />);
    expect(screen.getByRole('button', { name: 'Name' }).getAttribute('title')).toBe(
      'Sort by this column; click again to reverse',
    );
  });

  it('computes the next sort without a component', () => {
    expect(nextSort<Column>({ sort: 'name', order: 'desc' }, 'name')).toEqual({ sort: 'name', order: 'asc' });
    expect(nextSort<Column>({ sort: 'name', order: 'asc' }, 'createdAt', 'desc')).toEqual({
      sort: 'createdAt',
      order: 'desc',
    });
  });
});

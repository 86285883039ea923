import type { ListSort, SortOrder } from '@portal/contract';
import { cx } from '@portal/ui/cx';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import './table.css';

export type SortableHeaderProps<Column extends string> = {
  /** The column this header sorts on, one the list's contract schema allows. */
  column: Column;
  /** The list's current sort. */
  sorting: ListSort<Column>;
  /** Told of the new sort; the list fetches it from the server (and goes back to its first page). */
  onSort: (next: ListSort<Column>) => void;
  children: ReactNode;
  /** The order a first click picks: `desc` for dates and amounts, where the latest or largest is wanted first. */
  firstOrder?: SortOrder;
  /** `end` for numeric columns, whose values are right-aligned. */
  align?: 'start' | 'end';
  className?: string;
};

/** The order a click on a header asks for: the other direction on the current column, else its first order. */
export function nextSort<Column extends string>(
  current: ListSort<Column>,
  column: Column,
  firstOrder: SortOrder = 'asc',
): ListSort<Column> {
  if (current.sort !== column) return { sort: column, order: firstOrder };
  return { sort: column, order: current.order === 'asc' ? 'desc' : 'asc' };
}

/**
 * A column header of a server-sorted table: a button that sorts by the column (again: the other way round), with
 * `aria-sort` on the header cell so assistive technology reads the current order. Every back-office list with
 * server-side sorting uses this one.
 */
export function SortableHeader<Column extends string>({
  column,
  sorting,
  onSort,
  children,
  firstOrder = 'asc',
  align = 'start',
  className,
}: SortableHeaderProps<Column>) {
  const { t } = useTranslation();
  const active = sorting.sort === column;
  const ariaSort = active ? (sorting.order === 'asc' ? 'ascending' : 'descending') : 'none';
  return (
    <th scope="col" aria-sort={ariaSort} className={cx('ui-table__sortable', className)}>
      <button
        type="button"
        className={cx('ui-sort', active && 'ui-sort--active', align === 'end' && 'ui-sort--end')}
        title={t('ui.sortBy')}
        onClick={() => onSort(nextSort(sorting, column, firstOrder))}
      >
        <span>{children}</span>
        <span className="ui-sort__arrow" aria-hidden="true">
          {active ? (sorting.order === 'asc' ? '▲' : '▼') : '↕'}
        </span>
      </button>
    </th>
  );
}

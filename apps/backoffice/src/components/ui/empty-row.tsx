import type { ReactNode } from 'react';
import './table.css';

export type EmptyRowProps = {
  /** How many columns the table has, so that the message spans the whole row. */
  columns: number;
  /** What the table would list, said as "none yet" ("No deposits are waiting."). */
  children: ReactNode;
  /**
   * The cell's look: by default the console's centred empty state (`ui-table__empty`). A few tables keep a look of
   * their own (a muted line, a tighter padding), which is why it can be named here.
   */
  className?: string;
};

/** The one row of a table that has nothing to list: its message in a cell as wide as the table. */
export function EmptyRow({ columns, children, className = 'ui-table__empty' }: EmptyRowProps) {
  return (
    <tr>
      <td colSpan={columns} className={className}>
        {children}
      </td>
    </tr>
  );
}

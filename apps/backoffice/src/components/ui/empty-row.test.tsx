import { render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { EmptyRow } from './empty-row';

function table(row: ReactNode) {
  return render(
    <table>
      <tbody>{row}</tbody>
    </table>,
  );
}

describe('EmptyRow', () => {
  it('spans every column of the table with its message, in the console empty-state look', () => {
    table(<EmptyRow columns={6}>No players yet.</EmptyRow>);
    const cell = screen.getByRole('cell', { name: 'No players yet.' });
    expect(cell.getAttribute('colspan')).toBe('6');
    expect(cell.className).toBe('ui-table__empty');
  });

  it('keeps the look a table names for its empty row', () => {
    table(
      <EmptyRow columns={7} className="ui-table__muted">
        Nothing published.
      </EmptyRow>,
    );
    expect(screen.getByRole('cell', { name: 'Nothing published.' }).className).toBe('ui-table__muted');
  });
});

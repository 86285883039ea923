import { Button } from '@portal/ui/button';
import { cx } from '@portal/ui/cx';
import { IconChevronDown } from '@portal/ui/icons';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { IconTrash } from './console-icons';
import './ordered-entry-list.css';

/** A row being edited: `key` keeps React's identity of a row while it moves, and is never sent. */
export type KeyedEntry = { key: number };

let lastKey = 0;
/** A key for a new row, unique within the page. */
export const newEntryKey = (): number => ++lastKey;

/** Saved entries as rows in their stored order (by `sort`), each with a fresh key. */
export function withEntryKeys<T extends { sort: number }>(entries: readonly T[]): (T & KeyedEntry)[] {
  return [...entries].sort((a, b) => a.sort - b.sort).map((entry) => ({ ...entry, key: newEntryKey() }));
}

/** Rows as they would be saved: keys dropped and `sort` renumbered from the order on screen. */
export function withoutEntryKeys<T extends KeyedEntry & { sort: number }>(entries: readonly T[]): Omit<T, 'key'>[] {
  return entries.map(({ key: _key, ...entry }, index) => ({ ...entry, sort: index + 1 }));
}

/**
 * An editable ordered list (customer-service entries, resources): each row shows its position with move up and
 * down buttons, the editor's own cells, and a remove button. The order on screen is the order players see.
 */
export function OrderedEntryList<T extends KeyedEntry>({
  entries,
  onChange,
  canEdit,
  nameOf,
  emptyText,
  className,
  children,
}: {
  entries: readonly T[];
  onChange: (entries: T[]) => void;
  canEdit: boolean;
  /** The row's name for the buttons' accessible labels ("Move up: Telegram"). */
  nameOf: (entry: T) => string;
  emptyText: string;
  /** Sets the row grid (`--entry-columns`) for the editor's cells. */
  className?: string;
  children: (entry: T, index: number) => ReactNode;
}) {
  const { t } = useTranslation();
  if (entries.length === 0) return <p className="ui-entries__empty">{emptyText}</p>;

  const move = (index: number, by: -1 | 1) => {
    const next = [...entries];
    const [entry] = next.splice(index, 1);
    if (entry) next.splice(index + by, 0, entry);
    onChange(next);
  };

  return (
    <ol className={cx('ui-entries', className)}>
      {entries.map((entry, index) => (
        <li key={entry.key} className="ui-entries__entry">
          <div className="ui-entries__order">
            <span className="ui-entries__position">{index + 1}</span>
            {canEdit && (
              <span className="ui-entries__moves">
                <button
                  type="button"
                  className="ui-entries__move ui-entries__move--up"
                  disabled={index === 0}
                  aria-label={`${t('ui.moveUp')}: ${nameOf(entry)}`}
                  onClick={() => move(index, -1)}
                >
                  <IconChevronDown size={16} />
                </button>
                <button
                  type="button"
                  className="ui-entries__move"
                  disabled={index === entries.length - 1}
                  aria-label={`${t('ui.moveDown')}: ${nameOf(entry)}`}
                  onClick={() => move(index, 1)}
                >
                  <IconChevronDown size={16} />
                </button>
              </span>
            )}
          </div>
          {children(entry, index)}
          {canEdit && (
            <Button
              variant="ghost"
              size="sm"
              className="ui-entries__remove"
              icon={<IconTrash size={16} />}
              aria-label={`${t('ui.remove')}: ${nameOf(entry)}`}
              onClick={() => onChange(entries.filter((item) => item.key !== entry.key))}
            />
          )}
        </li>
      ))}
    </ol>
  );
}

/**
 * One labelled cell of a row: a caption, the control, and the control's error when there is one. `lead` puts
 * the cell beside the position on narrow screens (the row's kind: channel, resource type).
 */
export function EntryCell({
  label,
  error,
  lead,
  className,
  children,
}: {
  label: string;
  error?: string | null | undefined;
  lead?: boolean;
  className?: string;
  children: ReactNode;
}) {
  return (
    // biome-ignore lint/a11y/noLabelWithoutControl: the control is the child passed in.
    <label className={cx('ui-entries__cell', lead && 'ui-entries__cell--lead', className)}>
      <span className="ui-entries__label">{label}</span>
      {children}
      {error && <span className="ui-entries__error">{error}</span>}
    </label>
  );
}

import { type KeyboardEvent, type ReactNode, useId, useRef } from 'react';
import { cx } from './cx';
import './tabs.css';

export type TabItem = {
  id: string;
  label: ReactNode;
  /** Shown after the label, e.g. a Badge with a count. */
  badge?: ReactNode;
  disabled?: boolean;
};

export type TabsProps = {
  items: readonly TabItem[];
  /** Id of the selected tab. */
  value: string;
  onChange: (id: string) => void;
  /** Accessible name of the tab list. */
  label: string;
  /** Content of the selected tab's panel. */
  children?: ReactNode;
  className?: string;
  variant?: 'underline' | 'pill';
};

/**
 * Tabs following the WAI-ARIA pattern: arrow keys, Home and End move between tabs and select them,
 * only the selected tab is in the Tab order, and the panel is labelled by its tab. The list scrolls
 * sideways when the tabs do not fit, as on phones.
 */
export function Tabs({ items, value, onChange, label, children, className, variant = 'underline' }: TabsProps) {
  const baseId = useId();
  const listRef = useRef<HTMLDivElement>(null);
  const enabled = items.filter((item) => !item.disabled);
  const tabId = (id: string) => `${baseId}-tab-${id}`;
  const panelId = `${baseId}-panel`;

  const select = (id: string) => {
    onChange(id);
    const tab = listRef.current?.querySelector<HTMLElement>(`[id="${CSS.escape(tabId(id))}"]`);
    tab?.focus();
    tab?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const index = enabled.findIndex((item) => item.id === value);
    let next: TabItem | undefined;
    if (event.key === 'ArrowRight') next = enabled[(index + 1) % enabled.length];
    else if (event.key === 'ArrowLeft') next = enabled[(index - 1 + enabled.length) % enabled.length];
    else if (event.key === 'Home') next = enabled[0];
    else if (event.key === 'End') next = enabled.at(-1);
    if (!next) return;
    event.preventDefault();
    select(next.id);
  };

  return (
    <div className={cx('ui-tabs', `ui-tabs--${variant}`, className)}>
      <div ref={listRef} className="ui-tabs__list" role="tablist" aria-label={label} onKeyDown={onKeyDown}>
        {items.map((item) => {
          const selected = item.id === value;
          return (
            <button
              key={item.id}
              id={tabId(item.id)}
              type="button"
              role="tab"
              className={cx('ui-tabs__tab', selected && 'ui-tabs__tab--selected')}
              aria-selected={selected}
              aria-controls={selected ? panelId : undefined}
              tabIndex={selected ? 0 : -1}
              disabled={item.disabled}
              onClick={() => onChange(item.id)}
            >
              <span className="ui-tabs__label">{item.label}</span>
              {item.badge}
            </button>
          );
        })}
      </div>
      {children !== undefined && (
        <div id={panelId} className="ui-tabs__panel" role="tabpanel" aria-labelledby={tabId(value)}>
          {children}
        </div>
      )}
    </div>
  );
}

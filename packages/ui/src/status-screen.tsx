import type { ReactNode } from 'react';
import { cx } from './cx';
import './status-screen.css';

export type StatusTone = 'primary' | 'warning' | 'danger' | 'info';

export type StatusPanelProps = {
  tone?: StatusTone;
  icon: ReactNode;
  title: ReactNode;
  /** Explanation and details (end time, IP address, error text). */
  children?: ReactNode;
  /** Buttons: retry, contact customer service, go home. */
  actions?: ReactNode;
  className?: string;
};

/** A centred card that explains a state of the whole page: maintenance, blocked region, errors, not found. */
export function StatusPanel({ tone = 'primary', icon, title, children, actions, className }: StatusPanelProps) {
  return (
    <section className={cx('ui-status-panel', `ui-status-panel--${tone}`, className)}>
      <div className="ui-status-panel__icon" aria-hidden="true">
        {icon}
      </div>
      <h1 className="ui-status-panel__title">{title}</h1>
      {children && <div className="ui-status-panel__body">{children}</div>}
      {actions && <div className="ui-status-panel__actions">{actions}</div>}
    </section>
  );
}

export type StatusScreenProps = StatusPanelProps & {
  /** Left of the top bar: the site's wordmark. */
  brand?: ReactNode;
  /** Right of the top bar: the language switcher. */
  toolbar?: ReactNode;
};

/** A full-screen StatusPanel with a slim top bar, for states in which the normal site shell is not shown. */
export function StatusScreen({ brand, toolbar, className, ...panel }: StatusScreenProps) {
  return (
    <div className={cx('ui-status-screen', className)}>
      <header className="ui-status-screen__top">
        <div>{brand}</div>
        <div>{toolbar}</div>
      </header>
      <main className="ui-status-screen__main">
        <StatusPanel {...panel} />
      </main>
    </div>
  );
}

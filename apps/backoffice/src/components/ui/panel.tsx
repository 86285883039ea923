import { cx } from '@portal/ui/cx';
import type { ReactNode } from 'react';
import './panel.css';

export type PanelProps = {
  /** Without a title (and aside) the panel has no header: a table that the page heading already names. */
  title?: ReactNode;
  description?: ReactNode;
  /** Right side of the header: a status pill or a switch. */
  aside?: ReactNode;
  /** Action row under the body (Save, Reset). */
  footer?: ReactNode;
  icon?: ReactNode;
  children?: ReactNode;
  className?: string;
};

/** A titled section of a settings page. */
export function Panel({ title, description, aside, footer, icon, children, className }: PanelProps) {
  return (
    <section className={cx('ui-panel', className)}>
      {(title || aside) && (
        <header className="ui-panel__header">
          {icon && <span className="ui-panel__icon">{icon}</span>}
          <div className="ui-panel__heading">
            {title && <h2 className="ui-panel__title">{title}</h2>}
            {description && <p className="ui-panel__description">{description}</p>}
          </div>
          {aside && <div className="ui-panel__aside">{aside}</div>}
        </header>
      )}
      {children !== undefined && children !== null && <div className="ui-panel__body">{children}</div>}
      {footer && <footer className="ui-panel__footer">{footer}</footer>}
    </section>
  );
}

export type PageHeaderProps = { title: ReactNode; description?: ReactNode; actions?: ReactNode };

/** The heading of a console page: the page's one h1, a line of explanation and page-wide actions. */
export function PageHeader({ title, description, actions }: PageHeaderProps) {
  return (
    <header className="ui-page-header">
      <div className="ui-page-header__text">
        <h1 className="ui-page-header__title">{title}</h1>
        {description && <p className="ui-page-header__description">{description}</p>}
      </div>
      {actions && <div className="ui-page-header__actions">{actions}</div>}
    </header>
  );
}

export type PillTone = 'success' | 'warning' | 'danger' | 'info' | 'neutral' | 'primary';

/** A short status word in a coloured capsule. */
export function Pill({ tone = 'neutral', children }: { tone?: PillTone; children: ReactNode }) {
  return <span className={cx('ui-pill', `ui-pill--${tone}`)}>{children}</span>;
}

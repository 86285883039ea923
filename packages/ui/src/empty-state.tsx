import type { ReactNode } from 'react';
import { cx } from './cx';
import './empty-state.css';

export type EmptyStateProps = {
  icon?: ReactNode;
  title: ReactNode;
  description?: ReactNode;
  /** A button or link that moves the player on (retry, go home). */
  action?: ReactNode;
  className?: string;
};

/** What a list or panel shows when it has nothing to show, or could not load. */
export function EmptyState({ icon, title, description, action, className }: EmptyStateProps) {
  return (
    <div className={cx('ui-empty', className)}>
      {icon && <div className="ui-empty__icon">{icon}</div>}
      <p className="ui-empty__title">{title}</p>
      {description && <p className="ui-empty__description">{description}</p>}
      {action && <div className="ui-empty__action">{action}</div>}
    </div>
  );
}

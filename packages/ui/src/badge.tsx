import type { ReactNode } from 'react';
import { cx } from './cx';
import './badge.css';

export type BadgeProps = {
  /** Number to show; nothing is shown at 0 unless `showZero`. */
  count?: number;
  /** A plain red dot instead of a number (unread mail, spec section 2). */
  dot?: boolean;
  /** Counts above this show as `max+`. */
  max?: number;
  showZero?: boolean;
  tone?: 'danger' | 'primary' | 'secondary' | 'success';
  /** Text for screen readers, e.g. "3 unread messages"; the visual number alone says little. */
  label?: string;
  /** The element the badge sits on (an icon button); without children the badge stands inline. */
  children?: ReactNode;
  className?: string;
};

export function Badge({
  count = 0,
  dot = false,
  max = 99,
  showZero = false,
  tone = 'danger',
  label,
  children,
  className,
}: BadgeProps) {
  const visible = dot || count > 0 || showZero;
  const mark = visible ? (
    <span
      className={cx(
        'ui-badge',
        `ui-badge--${tone}`,
        dot && 'ui-badge--dot',
        children !== undefined && 'ui-badge--anchored',
      )}
      aria-hidden={label ? undefined : true}
    >
      {!dot && (count > max ? `${max}+` : count)}
      {label && <span className="visually-hidden">{label}</span>}
    </span>
  ) : null;
  if (children === undefined) return mark;
  return (
    <span className={cx('ui-badge-anchor', className)}>
      {children}
      {mark}
    </span>
  );
}

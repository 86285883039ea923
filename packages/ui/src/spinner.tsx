import { cx } from './cx';
import './spinner.css';

export type SpinnerProps = {
  size?: 'sm' | 'md' | 'lg';
  /** Announced to screen readers; without it the spinner is decorative (its container says what loads). */
  label?: string;
  className?: string;
};

export function Spinner({ size = 'md', label, className }: SpinnerProps) {
  if (!label) return <span className={cx('ui-spinner', `ui-spinner--${size}`, className)} aria-hidden="true" />;
  return (
    <span className={cx('ui-spinner-wrap', className)} role="status">
      <span className={cx('ui-spinner', `ui-spinner--${size}`)} aria-hidden="true" />
      <span className="visually-hidden">{label}</span>
    </span>
  );
}

import type { ComponentProps, ReactNode } from 'react';
import { cx } from './cx';
import { Spinner } from './spinner';
import './button.css';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger';
export type ButtonSize = 'sm' | 'md' | 'lg';

type ButtonLook = {
  variant?: ButtonVariant;
  size?: ButtonSize;
  fullWidth?: boolean;
  /** Leading icon; replaced by a spinner while loading. */
  icon?: ReactNode;
};

/** Class names of a button look, for elements that must stay something else (a router Link, a label). */
export function buttonClassName({
  variant = 'primary',
  size = 'md',
  fullWidth = false,
  className,
}: ButtonLook & { className?: string | undefined }): string {
  return cx('ui-button', `ui-button--${variant}`, `ui-button--${size}`, fullWidth && 'ui-button--full', className);
}

export type ButtonProps = ComponentProps<'button'> &
  ButtonLook & {
    /** Shows a spinner and blocks clicks while an action runs; the label stays so the width does not jump. */
    loading?: boolean;
  };

export function Button({
  variant,
  size,
  fullWidth,
  icon,
  loading = false,
  disabled,
  className,
  children,
  type = 'button',
  ...rest
}: ButtonProps) {
  return (
    <button
      type={type}
      className={buttonClassName({ variant, size, fullWidth, className })}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      data-loading={loading || undefined}
      {...rest}
    >
      {loading ? <Spinner size="sm" /> : icon}
      {children !== undefined && children !== null && <span className="ui-button__label">{children}</span>}
    </button>
  );
}

export type LinkButtonProps = ComponentProps<'a'> & ButtonLook;

/** An anchor that looks like a button, for actions that navigate (external links, downloads). */
export function LinkButton({ variant, size, fullWidth, icon, className, children, ...rest }: LinkButtonProps) {
  return (
    <a className={buttonClassName({ variant, size, fullWidth, className })} {...rest}>
      {icon}
      {children !== undefined && children !== null && <span className="ui-button__label">{children}</span>}
    </a>
  );
}

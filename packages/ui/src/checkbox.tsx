import { type ComponentProps, type ReactNode, useId } from 'react';
import { cx } from './cx';
import './checkbox.css';

export type CheckboxProps = Omit<ComponentProps<'input'>, 'type' | 'id'> & {
  label: ReactNode;
  /** Shown under the box in the danger colour and announced with it. */
  error?: string | null;
  id?: string;
};

/** A styled checkbox with its label beside it; the native input stays for keyboard and form semantics. */
export function Checkbox({ label, error, id, className, ...rest }: CheckboxProps) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const errorId = error ? `${inputId}-error` : undefined;
  return (
    <div className={cx('ui-checkbox', error && 'ui-checkbox--invalid', className)}>
      <div className="ui-checkbox__row">
        <input
          id={inputId}
          type="checkbox"
          className="ui-checkbox__input"
          aria-invalid={error ? true : undefined}
          aria-describedby={errorId}
          {...rest}
        />
        <label htmlFor={inputId} className="ui-checkbox__label">
          {label}
        </label>
      </div>
      {error && (
        <p className="ui-checkbox__error" id={errorId}>
          {error}
        </p>
      )}
    </div>
  );
}

import { type ComponentProps, type ReactNode, useId } from 'react';
import { cx } from './cx';
import './field.css';

export type InputProps = Omit<ComponentProps<'input'>, 'id'> & {
  label: ReactNode;
  /** Shown under the field in the danger colour and announced with the field. */
  error?: string | null;
  hint?: ReactNode;
  id?: string;
  /** Content inside the field's right edge, such as a show-password toggle or a send-code button. */
  trailing?: ReactNode;
};

export function Input({ label, error, hint, id, trailing, className, required, ...rest }: InputProps) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const hintId = hint ? `${inputId}-hint` : undefined;
  const errorId = error ? `${inputId}-error` : undefined;
  return (
    <div className={cx('ui-field', error && 'ui-field--invalid', className)}>
      <label className="ui-field__label" htmlFor={inputId}>
        {label}
        {required && (
          <span className="ui-field__required" aria-hidden="true">
            *
          </span>
        )}
      </label>
      <div className="ui-field__control">
        <input
          id={inputId}
          className="ui-field__input"
          required={required}
          aria-invalid={error ? true : undefined}
          aria-describedby={cx(errorId, hintId) || undefined}
          {...rest}
        />
        {trailing && <div className="ui-field__trailing">{trailing}</div>}
      </div>
      {error ? (
        <p className="ui-field__error" id={errorId}>
          {error}
        </p>
      ) : (
        hint && (
          <p className="ui-field__hint" id={hintId}>
            {hint}
          </p>
        )
      )}
    </div>
  );
}

import { type ComponentProps, type ReactNode, useId } from 'react';
import { cx } from './cx';
import { IconChevronDown } from './icons';
import './field.css';

export type SelectOption = { value: string; label: string; disabled?: boolean };

export type SelectProps = Omit<ComponentProps<'select'>, 'id' | 'children'> & {
  label: ReactNode;
  options: readonly SelectOption[];
  /** A first, unselectable entry shown while nothing is chosen. */
  placeholder?: string;
  error?: string | null;
  hint?: ReactNode;
  id?: string;
  /** Keeps the label for screen readers only, for compact toolbars. */
  hideLabel?: boolean;
};

export function Select({
  label,
  options,
  placeholder,
  error,
  hint,
  id,
  hideLabel = false,
  className,
  required,
  ...rest
}: SelectProps) {
  const generatedId = useId();
  const selectId = id ?? generatedId;
  const hintId = hint ? `${selectId}-hint` : undefined;
  const errorId = error ? `${selectId}-error` : undefined;
  return (
    <div className={cx('ui-field', error && 'ui-field--invalid', className)}>
      <label className={cx('ui-field__label', hideLabel && 'visually-hidden')} htmlFor={selectId}>
        {label}
        {required && (
          <span className="ui-field__required" aria-hidden="true">
            *
          </span>
        )}
      </label>
      <div className="ui-field__control ui-field__control--select">
        <select
          id={selectId}
          className="ui-field__input ui-field__select"
          required={required}
          aria-invalid={error ? true : undefined}
          aria-describedby={cx(errorId, hintId) || undefined}
          {...rest}
        >
          {placeholder !== undefined && (
            <option value="" disabled>
              {placeholder}
            </option>
          )}
          {options.map((option) => (
            <option key={option.value} value={option.value} disabled={option.disabled}>
              {option.label}
            </option>
          ))}
        </select>
        <IconChevronDown className="ui-field__chevron" size={18} />
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

import { cx } from '@portal/ui/cx';
import { Spinner } from '@portal/ui/spinner';
import { type ReactNode, useId } from 'react';
import './switch.css';

export type SwitchProps = {
  checked: boolean;
  onChange: (checked: boolean) => void;
  /** The accessible name; shown beside the switch unless `hideLabel`. */
  label: ReactNode;
  description?: ReactNode;
  hideLabel?: boolean;
  disabled?: boolean;
  /** Shows a spinner in the thumb while a change is being saved. */
  busy?: boolean;
  className?: string;
};

/** An on/off switch (a checkbox with role="switch"), for settings that take effect when flipped or saved. */
export function Switch({ checked, onChange, label, description, hideLabel, disabled, busy, className }: SwitchProps) {
  const id = useId();
  return (
    <label className={cx('ui-switch', disabled && 'ui-switch--disabled', className)} htmlFor={id}>
      <input
        id={id}
        type="checkbox"
        role="switch"
        className="ui-switch__input"
        checked={checked}
        aria-checked={checked}
        disabled={disabled || busy}
        aria-busy={busy || undefined}
        aria-describedby={description ? `${id}-description` : undefined}
        onChange={(event) => onChange(event.target.checked)}
      />
      <span className="ui-switch__track" aria-hidden="true">
        <span className="ui-switch__thumb">{busy && <Spinner size="sm" />}</span>
      </span>
      <span className={cx('ui-switch__text', hideLabel && 'visually-hidden')}>
        <span className="ui-switch__label">{label}</span>
        {description && (
          <span className="ui-switch__description" id={`${id}-description`}>
            {description}
          </span>
        )}
      </span>
    </label>
  );
}

import { Button } from '@portal/ui/button';
import { cx } from '@portal/ui/cx';
import { IconClose } from '@portal/ui/icons';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { IconPlus } from './console-icons';
import './string-list-editor.css';

export type StringListEditorProps = {
  label: string;
  values: readonly string[];
  onChange: (values: string[]) => void;
  placeholder?: string;
  /** Turns what was typed into the stored form (upper-casing a country code), before checks. */
  normalise?: (value: string) => string;
  /** Returns an error text for a value that may not be added, or null. */
  validate?: (value: string) => string | null;
  emptyText?: string;
  disabled?: boolean;
  /** Chips in the mono font, for addresses and codes. */
  mono?: boolean;
  addLabel: string;
};

/** A list of short strings as removable chips, with an input to add one (Enter or the add button). */
export function StringListEditor({
  label,
  values,
  onChange,
  placeholder,
  normalise = (value) => value.trim(),
  validate,
  emptyText,
  disabled,
  mono,
  addLabel,
}: StringListEditorProps) {
  const { t } = useTranslation();
  const id = useId();
  const [draft, setDraft] = useState('');
  const [error, setError] = useState<string | null>(null);

  const add = (event?: FormEvent) => {
    event?.preventDefault();
    const value = normalise(draft);
    if (!value) return;
    const problem = validate?.(value) ?? null;
    if (problem) {
      setError(problem);
      return;
    }
    if (!values.includes(value)) onChange([...values, value]);
    setDraft('');
    setError(null);
  };

  return (
    <div className={cx('ui-list-editor', error && 'ui-list-editor--invalid')}>
      <label className="ui-field__label" htmlFor={id}>
        {label}
      </label>
      <ul className="ui-list-editor__chips" aria-label={label}>
        {values.length === 0 && emptyText && <li className="ui-list-editor__empty">{emptyText}</li>}
        {values.map((value) => (
          <li key={value} className={cx('ui-list-editor__chip', mono && 'ui-list-editor__chip--mono')}>
            <span>{value}</span>
            {!disabled && (
              <button
                type="button"
                className="ui-list-editor__remove"
                onClick={() => onChange(values.filter((item) => item !== value))}
                aria-label={t('ui.removeItem', { item: value })}
              >
                <IconClose size={14} />
              </button>
            )}
          </li>
        ))}
      </ul>
      {!disabled && (
        <div className="ui-list-editor__add">
          <input
            id={id}
            className="ui-field__input ui-list-editor__input"
            value={draft}
            placeholder={placeholder}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
            onChange={(event) => {
              setDraft(event.target.value);
              setError(null);
            }}
            onKeyDown={(event) => {
              if (event.key === 'Enter') add(event);
            }}
          />
          <Button variant="secondary" icon={<IconPlus size={16} />} onClick={() => add()} disabled={!draft.trim()}>
            {addLabel}
          </Button>
        </div>
      )}
      {error && (
        <p className="ui-field__error" id={`${id}-error`} role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

import type { RegisterSettings } from '@portal/contract';
import { cx } from '@portal/ui/cx';
import { IconChevronDown } from '@portal/ui/icons';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import '@/locales/identity';

export type MobileFieldProps = {
  value: string;
  onChange: (value: string) => void;
  dialingCode: string | undefined;
  onDialingCodeChange: (code: string) => void;
  settings: RegisterSettings | undefined;
  error?: string | null;
  required?: boolean;
  label?: string;
  autoFocus?: boolean;
};

/**
 * A mobile number with its country dialing code. The code picker appears when the merchant accepts more
 * than one; the number is typed nationally (01712345678) or internationally (+8801712345678).
 */
export function MobileField({
  value,
  onChange,
  dialingCode,
  onDialingCodeChange,
  settings,
  error,
  required = true,
  label,
  autoFocus,
}: MobileFieldProps) {
  const { t } = useTranslation();
  const id = useId();
  const errorId = `${id}-error`;
  const codes = settings?.countryDialingCodes ?? [];
  return (
    <div className={cx('ui-field', error && 'ui-field--invalid')}>
      <label className="ui-field__label" htmlFor={id}>
        {label ?? t('authForms.fields.mobileNum')}
        {required && (
          <span className="ui-field__required" aria-hidden="true">
            *
          </span>
        )}
      </label>
      <div className="auth-mobile">
        {codes.length > 1 ? (
          <div className="auth-mobile__code">
            <select
              className="ui-field__input ui-field__select"
              value={dialingCode ?? codes[0]?.code}
              onChange={(event) => onDialingCodeChange(event.target.value)}
              aria-label={t('authForms.fields.countryDialingCode')}
            >
              {codes.map((entry) => (
                <option key={entry.code} value={entry.code}>
                  {`${entry.code} ${entry.country}`}
                </option>
              ))}
            </select>
            <IconChevronDown className="ui-field__chevron" size={16} />
          </div>
        ) : (
          codes[0] && <span className="auth-mobile__fixed">{codes[0].code}</span>
        )}
        <input
          id={id}
          className="ui-field__input"
          type="tel"
          inputMode="tel"
          autoComplete="tel-national"
          name="mobileNum"
          value={value}
          onChange={(event) => onChange(event.target.value)}
          placeholder={t('authForms.placeholders.mobileNum')}
          maxLength={20}
          required={required}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          // biome-ignore lint/a11y/noAutofocus: the field is the first of a dialog the player just opened.
          autoFocus={autoFocus}
        />
      </div>
      {error && (
        <p className="ui-field__error" id={errorId}>
          {error}
        </p>
      )}
    </div>
  );
}

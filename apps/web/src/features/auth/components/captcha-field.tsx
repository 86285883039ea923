import { IconRefresh } from '@portal/ui/icons';
import { Input } from '@portal/ui/input';
import { Spinner } from '@portal/ui/spinner';
import { useTranslation } from 'react-i18next';
import type { CaptchaState } from '../hooks/use-captcha';
import '@/locales/identity';

export type CaptchaFieldProps = {
  state: CaptchaState;
  error?: string | null;
  required?: boolean;
  onEdit?: () => void;
};

/** The captcha answer with its image beside it; a click on the image loads a new one (once a second). */
export function CaptchaField({ state, error, required = true, onEdit }: CaptchaFieldProps) {
  const { t } = useTranslation();
  const { captcha } = state;
  return (
    <Input
      label={t('authForms.fields.captcha')}
      name="captcha"
      value={state.answer}
      onChange={(event) => {
        state.setAnswer(event.target.value);
        onEdit?.();
      }}
      error={error}
      required={required}
      autoComplete="off"
      autoCapitalize="characters"
      spellCheck={false}
      maxLength={16}
      placeholder={t('authForms.placeholders.captcha')}
      className="auth-captcha"
      trailing={
        <button
          type="button"
          className="auth-captcha__image"
          onClick={state.refresh}
          aria-label={t('authForms.refreshCaptcha')}
          title={t('authForms.refreshCaptcha')}
          aria-busy={state.loading || undefined}
        >
          {captcha ? (
            <img
              src={`data:image/png;base64,${captcha.image}`}
              alt={t('authForms.captchaImage')}
              data-captcha-id={captcha.captchaId}
              width={100}
              height={36}
            />
          ) : (
            <span className="auth-captcha__placeholder" aria-hidden="true" />
          )}
          <span className="auth-captcha__refresh" aria-hidden="true">
            {state.loading ? <Spinner size="sm" /> : <IconRefresh size={14} />}
          </span>
        </button>
      }
    />
  );
}

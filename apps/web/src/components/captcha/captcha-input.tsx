import { IconRefresh } from '@portal/ui/icons';
import { Input } from '@portal/ui/input';
import { Spinner } from '@portal/ui/spinner';
import type { CaptchaImageState } from './use-captcha-image';
import './captcha-input.css';

export type CaptchaInputProps = {
  state: CaptchaImageState;
  /** Texts in the page's language. */
  labels: { label: string; placeholder: string; image: string; refresh: string };
  error?: string | null;
  required?: boolean;
  onEdit?: () => void;
};

/** The captcha answer with its image beside it; a click on the image loads a new one (once a second). */
export function CaptchaInput({ state, labels, error, required = true, onEdit }: CaptchaInputProps) {
  const { captcha } = state;
  return (
    <Input
      label={labels.label}
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
      placeholder={labels.placeholder}
      className="captcha-input"
      trailing={
        <button
          type="button"
          className="captcha-input__image"
          onClick={state.refresh}
          aria-label={labels.refresh}
          title={labels.refresh}
          aria-busy={state.loading || undefined}
        >
          {captcha ? (
            <img
              src={`data:image/png;base64,${captcha.image}`}
              alt={labels.image}
              data-captcha-id={captcha.captchaId}
              width={100}
              height={36}
            />
          ) : (
            <span className="captcha-input__placeholder" aria-hidden="true" />
          )}
          <span className="captcha-input__refresh" aria-hidden="true">
            {state.loading ? <Spinner size="sm" /> : <IconRefresh size={14} />}
          </span>
        </button>
      }
    />
  );
}

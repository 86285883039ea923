import { Input } from '@portal/ui/input';
import { Spinner } from '@portal/ui/spinner';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSmsCountdown } from '../hooks/use-sms-countdown';
import '@/locales/identity';

/** Spec sections 5 and 9: an SMS is requested at most once a second, whatever the player clicks. */
const sendThrottleMs = 1000;

export type SmsCodeFieldProps = {
  value: string;
  onChange: (value: string) => void;
  /** Checks what a code request needs (the mobile number, the captcha) and shows what is missing. */
  onValidate: () => boolean;
  /** Asks the server for a code: the code's validity in minutes (`expiredMinutes`), or null when none was sent. */
  onSend: () => Promise<number | null>;
  error?: string | null;
  required?: boolean;
  /** The field's label; "Verification code" by default. */
  label?: string;
  /** A line under the field, such as where the code goes. */
  hint?: string;
};

/**
 * The SMS verification code with its send button (spec sections 4 and 5): the number is validated before
 * a code is requested, requests go out at most once a second, and none while the countdown runs. After a
 * send the button stays disabled and counts
 * down `expiredMinutes × 60` seconds (60 by default), then offers to resend (spec section 4).
 */
export function SmsCodeField({
  value,
  onChange,
  onValidate,
  onSend,
  error,
  required = true,
  label,
  hint,
}: SmsCodeFieldProps) {
  const { t } = useTranslation();
  const countdown = useSmsCountdown();
  const [sending, setSending] = useState(false);
  const lastRequestAt = useRef(Number.NEGATIVE_INFINITY);

  const request = async () => {
    if (sending || countdown.running || !onValidate()) return;
    // The throttle counts requests that went out; a click refused for a missing number does not wait.
    const now = Date.now();
    if (now - lastRequestAt.current < sendThrottleMs) return;
    lastRequestAt.current = now;
    setSending(true);
    try {
      const minutes = await onSend();
      if (minutes !== null) countdown.start(minutes);
    } finally {
      setSending(false);
    }
  };

  return (
    <Input
      label={label ?? t('authForms.fields.verificationCode')}
      {...(hint ? { hint } : {})}
      name="verificationCode"
      value={value}
      onChange={(event) => onChange(event.target.value)}
      error={error}
      required={required}
      inputMode="numeric"
      autoComplete="one-time-code"
      maxLength={8}
      placeholder={t('authForms.placeholders.verificationCode')}
      className="auth-sms"
      trailing={
        <button
          type="button"
          className="auth-sms__send"
          onClick={() => void request()}
          disabled={sending || countdown.running}
          aria-live="polite"
        >
          {sending ? (
            <Spinner size="sm" />
          ) : countdown.running ? (
            t('authForms.sms.resendIn', { seconds: countdown.remainingSeconds })
          ) : (
            t('authForms.sms.send')
          )}
        </button>
      }
    />
  );
}

import { Button } from '@portal/ui/button';
import { Input } from '@portal/ui/input';
import { useToast } from '@portal/ui/toast';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { IconLock } from '@/components/ui/console-icons';
import { describeError } from '@/lib/api-client';
import { useChangePassword } from '../api/auth';
import './auth.css';

const minLength = 12;

/** The operator replaces a one-time password (given at creation or reset) before anything else. */
export function ChangePasswordForm({ onCancel }: { onCancel?: () => void }) {
  const { t } = useTranslation();
  const toast = useToast();
  const change = useChangePassword();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [repeat, setRepeat] = useState('');
  const [touched, setTouched] = useState(false);

  const tooShort = next.length > 0 && next.length < minLength;
  const mismatch = repeat.length > 0 && repeat !== next;
  const ready = current.length > 0 && next.length >= minLength && repeat === next;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (!ready) return;
    change.mutate(
      { currentPassword: current, newPassword: next },
      { onSuccess: () => toast.success(t('auth.passwordChanged')) },
    );
  };

  return (
    <form className="bo-auth__form" onSubmit={submit} noValidate>
      <div className="bo-auth__heading">
        <span className="bo-auth__badge">
          <IconLock size={20} />
        </span>
        <h1>{t('auth.changePasswordTitle')}</h1>
        <p>{t('auth.changePasswordIntro')}</p>
      </div>
      <Input
        label={t('auth.currentPassword')}
        type="password"
        autoComplete="current-password"
        value={current}
        onChange={(event) => setCurrent(event.target.value)}
        required
        autoFocus
      />
      <Input
        label={t('auth.newPassword')}
        type="password"
        autoComplete="new-password"
        value={next}
        onChange={(event) => setNext(event.target.value)}
        error={tooShort || (touched && next.length < minLength) ? t('auth.passwordTooShort') : null}
        hint={t('auth.passwordTooShort')}
        required
      />
      <Input
        label={t('auth.confirmPassword')}
        type="password"
        autoComplete="new-password"
        value={repeat}
        onChange={(event) => setRepeat(event.target.value)}
        error={mismatch ? t('auth.passwordMismatch') : null}
        required
      />
      {change.isError && (
        <p className="bo-auth__error" role="alert">
          {describeError(change.error)}
        </p>
      )}
      <Button type="submit" size="lg" fullWidth loading={change.isPending} disabled={!ready}>
        {t('auth.changePassword')}
      </Button>
      {onCancel && (
        <Button variant="ghost" onClick={onCancel}>
          {t('ui.cancel')}
        </Button>
      )}
    </form>
  );
}

import { cx } from '@portal/ui/cx';
import { IconAlert, IconCheck } from '@portal/ui/icons';

/** A message above a form's button: what went wrong (or, in success tone, what happened). */
export function FormAlert({ message, tone = 'error' }: { message: string | null; tone?: 'error' | 'success' }) {
  if (!message) return null;
  const Icon = tone === 'error' ? IconAlert : IconCheck;
  return (
    <div className={cx('auth-alert', `auth-alert--${tone}`)} role={tone === 'error' ? 'alert' : 'status'}>
      <Icon size={18} />
      <p>{message}</p>
    </div>
  );
}

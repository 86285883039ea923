import { Button } from '@portal/ui/button';
import { StatusPanel } from '@portal/ui/status-screen';
import { useTranslation } from 'react-i18next';
import { IconLock } from '@/components/ui/account-icons';
import '@/locales/identity';

/** What a visitor sees behind the login popup on a page that needs an account. */
export function LoginRequired({ onLogin }: { onLogin: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="route-centered">
      <StatusPanel
        tone="info"
        icon={<IconLock size={34} />}
        title={t('account.loginRequiredTitle')}
        actions={
          <Button size="lg" onClick={onLogin}>
            {t('auth.login.open')}
          </Button>
        }
      >
        <p>{t('errors.AUTH_REQUIRED')}</p>
      </StatusPanel>
    </div>
  );
}

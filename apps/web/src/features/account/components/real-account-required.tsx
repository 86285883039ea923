import { Button } from '@portal/ui/button';
import { StatusPanel } from '@portal/ui/status-screen';
import { useTranslation } from 'react-i18next';
import { IconUserPlus } from '@/components/ui/account-icons';
import '@/locales/identity';

/**
 * What a trial (free-play) user sees where a real account is needed (spec section 6, in_need_true_account),
 * with a way to register one.
 */
export function RealAccountRequired({ onRegister }: { onRegister: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="route-centered">
      <StatusPanel
        tone="primary"
        icon={<IconUserPlus size={34} />}
        title={t('account.realAccountTitle')}
        actions={
          <Button size="lg" icon={<IconUserPlus size={18} />} onClick={onRegister}>
            {t('auth.register.open')}
          </Button>
        }
      >
        <p>{t('prompts.in_need_true_account')}</p>
      </StatusPanel>
    </div>
  );
}

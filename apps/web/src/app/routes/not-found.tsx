import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClassName } from '@/components/ui/button';
import { IconCompass } from '@/components/ui/icons';
import { StatusPanel } from '@/components/ui/status-screen';
import { usePermission } from '@/lib/permission';

export function NotFoundRoute() {
  const { t } = useTranslation();
  const { info } = usePermission();
  return (
    <div className="route-centered">
      <title>{`${t('app.notFoundTitle')} · ${info.siteName}`}</title>
      <StatusPanel
        tone="info"
        icon={<IconCompass size={34} />}
        title={t('app.notFoundTitle')}
        actions={
          <Link to="/" className={buttonClassName({ size: 'lg' })}>
            {t('app.backHome')}
          </Link>
        }
      >
        <p>{t('app.notFoundBody')}</p>
      </StatusPanel>
    </div>
  );
}

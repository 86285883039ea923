import { buttonClassName } from '@portal/ui/button';
import { IconCompass } from '@portal/ui/icons';
import { StatusPanel } from '@portal/ui/status-screen';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
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

import { Button } from '@portal/ui/button';
import { IconAlert, IconRefresh } from '@portal/ui/icons';
import { StatusPanel } from '@portal/ui/status-screen';
import { useTranslation } from 'react-i18next';

/**
 * Shown in the main area when a page fails to render, most often because its code chunk could not be
 * fetched (an interrupted connection or a deploy that replaced the chunks). Reloading fetches the current build.
 */
export function RouteErrorScreen() {
  const { t } = useTranslation();
  return (
    <div className="route-centered">
      <StatusPanel
        tone="danger"
        icon={<IconAlert size={34} />}
        title={t('app.routeErrorTitle')}
        actions={
          <Button size="lg" icon={<IconRefresh size={18} />} onClick={() => window.location.reload()}>
            {t('app.reload')}
          </Button>
        }
      >
        <p>{t('app.routeErrorBody')}</p>
      </StatusPanel>
    </div>
  );
}

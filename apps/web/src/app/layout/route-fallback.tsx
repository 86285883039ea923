import { Spinner } from '@portal/ui/spinner';
import { useTranslation } from 'react-i18next';

/** Shown in the main area while a route's code loads; the header and footer stay, so no full cover. */
export function RouteFallback() {
  const { t } = useTranslation();
  return (
    <div className="route-fallback">
      <Spinner size="lg" label={t('app.loading')} />
    </div>
  );
}

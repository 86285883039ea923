import type { SiteConfiguration } from '@portal/contract';
import { Button } from '@portal/ui/button';
import { IconAlert, IconInfo, IconRefresh } from '@portal/ui/icons';
import { Spinner } from '@portal/ui/spinner';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { describeError } from '@/lib/api-client';
import { useSiteConfig } from '@/lib/site-config';

/** Loads the site configuration for a settings page: a spinner, an error with retry, or the page. */
export function ConfigGate({
  readOnly,
  children,
}: {
  readOnly: boolean;
  children: (config: SiteConfiguration) => ReactNode;
}) {
  const { t } = useTranslation();
  const config = useSiteConfig();
  if (config.isPending) {
    return (
      <div className="bo-page-loading">
        <Spinner size="lg" label={t('app.loading')} />
      </div>
    );
  }
  if (config.isError) {
    return (
      <div className="bo-message-card bo-message-card--inline" role="alert">
        <IconAlert size={30} className="bo-message-card__icon" />
        <p>{describeError(config.error)}</p>
        <Button variant="secondary" icon={<IconRefresh size={16} />} onClick={() => void config.refetch()}>
          {t('app.retry')}
        </Button>
      </div>
    );
  }
  return (
    <>
      {readOnly && (
        <p className="bo-readonly">
          <IconInfo size={18} />
          {t('ui.readOnly')}
        </p>
      )}
      {children(config.data)}
    </>
  );
}

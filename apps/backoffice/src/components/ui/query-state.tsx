import { Button } from '@portal/ui/button';
import { IconAlert, IconRefresh } from '@portal/ui/icons';
import { Spinner } from '@portal/ui/spinner';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { describeError } from '@/lib/api-client';

/** Loading and failure states of a query; the content once it has data. */
export function QueryState({
  query,
  children,
}: {
  query: { isPending: boolean; isError: boolean; error: unknown; refetch: () => unknown };
  children: () => ReactNode;
}) {
  const { t } = useTranslation();
  if (query.isPending) {
    return (
      <div className="bo-page-loading">
        <Spinner size="lg" label={t('app.loading')} />
      </div>
    );
  }
  if (query.isError) {
    return (
      <div className="bo-message-card bo-message-card--inline" role="alert">
        <IconAlert size={30} className="bo-message-card__icon" />
        <p>{describeError(query.error)}</p>
        <Button variant="secondary" icon={<IconRefresh size={16} />} onClick={() => void query.refetch()}>
          {t('app.retry')}
        </Button>
      </div>
    );
  }
  return <>{children()}</>;
}

/** The pager's accessible names in the current language. */
export function usePagerLabels() {
  const { t } = useTranslation();
  return {
    nav: t('ui.pager.label'),
    previous: t('ui.pager.previous'),
    next: t('ui.pager.next'),
    page: (page: number) => t('ui.pager.page', { page }),
  };
}

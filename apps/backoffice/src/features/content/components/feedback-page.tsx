import type { FeedbackStatus } from '@portal/contract';
import { Button } from '@portal/ui/button';
import { Pager } from '@portal/ui/pager';
import { Spinner } from '@portal/ui/spinner';
import { Tabs } from '@portal/ui/tabs';
import { useToast } from '@portal/ui/toast';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader, Pill } from '@/components/ui/panel';
import { describeError } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format';
import { translate, useCurrentLanguage } from '@/lib/i18n';
import { useFeedbackList, useSetFeedbackStatus } from '../api/content';
import '../locales';
import '@/components/ui/table.css';
import './content.css';

/** Feedback (role support): what players and visitors sent, newest first; mark resolved or reopen. */
export function FeedbackPage() {
  const { t } = useTranslation();
  const toast = useToast();
  const language = useCurrentLanguage();
  const [status, setStatus] = useState<FeedbackStatus | ''>('open');
  const [page, setPage] = useState(1);
  const list = useFeedbackList(status, page);
  const update = useSetFeedbackStatus();
  const fb = 'contentBo.feedback';

  return (
    <div className="bo-page">
      <PageHeader title={t(`${fb}.title`)} description={t(`${fb}.description`)} />
      <Tabs
        label={t(`${fb}.views`)}
        value={status || 'all'}
        onChange={(id) => {
          setStatus(id === 'all' ? '' : (id as FeedbackStatus));
          setPage(1);
        }}
        items={[
          { id: 'open', label: t(`${fb}.open`) },
          { id: 'resolved', label: t(`${fb}.resolved`) },
          { id: 'all', label: t(`${fb}.all`) },
        ]}
        variant="pill"
      />
      {list.isPending ? (
        <div className="bo-page-loading">
          <Spinner size="lg" />
        </div>
      ) : list.isError ? (
        <p role="alert">{describeError(list.error)}</p>
      ) : (
        <>
          <div className="ui-table-wrap">
            <table className="ui-table">
              <thead>
                <tr>
                  <th scope="col">{t(`${fb}.columns.received`)}</th>
                  <th scope="col">{t(`${fb}.columns.type`)}</th>
                  <th scope="col">{t(`${fb}.columns.sender`)}</th>
                  <th scope="col">{t(`${fb}.columns.content`)}</th>
                  <th scope="col">{t(`${fb}.columns.status`)}</th>
                  <th scope="col">
                    <span className="visually-hidden">{t(`${fb}.resolve`)}</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {list.data.content.length === 0 && (
                  <tr>
                    <td colSpan={6} className="ui-table__muted">
                      {t(`${fb}.empty`)}
                    </td>
                  </tr>
                )}
                {list.data.content.map((item) => (
                  <tr key={item.id}>
                    <td className="ui-table__num">{formatDateTime(item.createdAt, language)}</td>
                    <td>{translate(`${fb}.types.${item.type}`)}</td>
                    <td>
                      {item.sender}
                      <div className="ui-table__muted">
                        {item.accountId === null ? t(`${fb}.visitor`) : t(`${fb}.member`, { id: item.accountId })}
                      </div>
                    </td>
                    <td className="bo-content-feedback-text">{item.content}</td>
                    <td>
                      {item.status === 'open' ? (
                        <Pill tone="warning">{t(`${fb}.open`)}</Pill>
                      ) : (
                        <>
                          <Pill tone="success">{t(`${fb}.resolved`)}</Pill>
                          {item.resolvedBy && (
                            <div className="ui-table__muted">{t(`${fb}.resolvedBy`, { name: item.resolvedBy })}</div>
                          )}
                        </>
                      )}
                    </td>
                    <td>
                      <Button
                        size="sm"
                        variant={item.status === 'open' ? 'primary' : 'ghost'}
                        loading={update.isPending && update.variables?.id === item.id}
                        onClick={() =>
                          update.mutate(
                            { id: item.id, status: item.status === 'open' ? 'resolved' : 'open' },
                            { onError: (error) => toast.error(describeError(error)) },
                          )
                        }
                      >
                        {item.status === 'open' ? t(`${fb}.resolve`) : t(`${fb}.reopen`)}
                      </Button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <Pager
            page={page}
            totalPages={list.data.totalPages}
            onPageChange={setPage}
            labels={{
              nav: t('ui.pager.label'),
              previous: t('ui.pager.previous'),
              next: t('ui.pager.next'),
              page: (number) => t('ui.pager.page', { page: number }),
            }}
          />
        </>
      )}
    </div>
  );
}

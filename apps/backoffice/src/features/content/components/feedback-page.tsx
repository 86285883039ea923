import {
  type FeedbackStatus,
  feedbackReplyMax,
  type ListSort,
  type OperatorFeedback,
  type OperatorFeedbackSort,
} from '@portal/contract';
import { Button } from '@portal/ui/button';
import { Modal } from '@portal/ui/modal';
import { Pager } from '@portal/ui/pager';
import { Spinner } from '@portal/ui/spinner';
import { Tabs } from '@portal/ui/tabs';
import { useToast } from '@portal/ui/toast';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EditorActions } from '@/components/ui/editor-actions';
import { EmptyRow } from '@/components/ui/empty-row';
import { PageHeader, Pill } from '@/components/ui/panel';
import { SortableHeader } from '@/components/ui/sortable-header';
import { describeError } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format';
import { translate, useCurrentLanguage } from '@/lib/i18n';
import { newestFeedbackFirst, useFeedbackList, useReplyToFeedback, useSetFeedbackStatus } from '../api/content';
import '../locales';
import '@/components/ui/table.css';
import './content.css';

/**
 * The reply form: the operator's answer goes to the member's inbox as a message quoting their feedback, once, and
 * the feedback is marked resolved.
 */
function ReplyDialog({ item, onClose }: { item: OperatorFeedback; onClose: () => void }) {
  const { t } = useTranslation();
  const toast = useToast();
  const reply = useReplyToFeedback();
  const [content, setContent] = useState('');
  const textId = useId();
  const fb = 'contentBo.feedback';

  const submit = (event: FormEvent) => {
    event.preventDefault();
    reply.mutate(
      { id: item.id, content: content.trim() },
      {
        onSuccess: () => {
          toast.success(t(`${fb}.replied`));
          onClose();
        },
        onError: (error) => toast.error(describeError(error)),
      },
    );
  };

  return (
    <Modal
      open
      onClose={onClose}
      size="md"
      closeOnBackdrop={false}
      title={t(`${fb}.replyTitle`, { sender: item.sender })}
      closeLabel={t(`${fb}.cancel`)}
    >
      <form className="bo-content-editor" onSubmit={submit}>
        <figure className="bo-content-quote">
          <figcaption>{t(`${fb}.originalFeedback`)}</figcaption>
          <blockquote>{item.content}</blockquote>
        </figure>
        <label className="bo-content-editor__area" htmlFor={textId}>
          <span>{t(`${fb}.replyLabel`)}</span>
        </label>
        <textarea
          id={textId}
          className="bo-content-editor__textarea bo-content-editor__textarea--short"
          required
          maxLength={feedbackReplyMax}
          value={content}
          onChange={(event) => setContent(event.target.value)}
        />
        <small className="bo-content-editor__hint">{t(`${fb}.replyHint`)}</small>
        <EditorActions
          className="bo-content-editor__actions"
          cancelLabel={t(`${fb}.cancel`)}
          onCancel={onClose}
          submitLabel={t(`${fb}.replySend`)}
          submitting={reply.isPending}
          submitDisabled={content.trim() === ''}
        />
      </form>
    </Modal>
  );
}

/**
 * Feedback (role support): what players and visitors sent, newest first; reply to a member (in their inbox), mark
 * resolved or reopen. Visitors have no account, so they cannot be answered here.
 */
export function FeedbackPage() {
  const { t } = useTranslation();
  const toast = useToast();
  const language = useCurrentLanguage();
  const [status, setStatus] = useState<FeedbackStatus | ''>('open');
  const [page, setPage] = useState(1);
  const [sorting, setSorting] = useState<ListSort<OperatorFeedbackSort>>(newestFeedbackFirst);
  const list = useFeedbackList(status, page, sorting);
  const sortBy = (next: ListSort<OperatorFeedbackSort>) => {
    setSorting(next);
    setPage(1);
  };
  const update = useSetFeedbackStatus();
  const [replying, setReplying] = useState<OperatorFeedback | null>(null);
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
                  <SortableHeader column="createdAt" firstOrder="desc" sorting={sorting} onSort={sortBy}>
                    {t(`${fb}.columns.received`)}
                  </SortableHeader>
                  <SortableHeader column="type" sorting={sorting} onSort={sortBy}>
                    {t(`${fb}.columns.type`)}
                  </SortableHeader>
                  <th scope="col">{t(`${fb}.columns.sender`)}</th>
                  <th scope="col">{t(`${fb}.columns.content`)}</th>
                  <SortableHeader column="status" sorting={sorting} onSort={sortBy}>
                    {t(`${fb}.columns.status`)}
                  </SortableHeader>
                  <th scope="col">
                    <span className="visually-hidden">{t(`${fb}.resolve`)}</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {list.data.content.length === 0 && <EmptyRow columns={6}>{t(`${fb}.empty`)}</EmptyRow>}
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
                    <td className="bo-content-feedback-text">
                      {item.content}
                      {item.reply && (
                        <div className="bo-content-feedback-reply">
                          <span className="bo-content-feedback-reply__by">
                            {t(`${fb}.repliedBy`, {
                              name: item.reply.createdBy ?? '—',
                              date: formatDateTime(item.reply.createdAt, language),
                            })}
                          </span>
                          {item.reply.content}
                        </div>
                      )}
                      {!item.reply && item.accountId === null && (
                        <div className="ui-table__muted bo-content-feedback-note">{t(`${fb}.visitorNoReply`)}</div>
                      )}
                    </td>
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
                      <div className="bo-content-actions">
                        {item.accountId !== null && !item.reply && (
                          <Button size="sm" onClick={() => setReplying(item)}>
                            {t(`${fb}.reply`)}
                          </Button>
                        )}
                        <Button
                          size="sm"
                          variant={
                            item.status === 'open' && (item.accountId === null || item.reply) ? 'primary' : 'ghost'
                          }
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
                      </div>
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
      {replying && <ReplyDialog item={replying} onClose={() => setReplying(null)} />}
    </div>
  );
}

import type { InboxMessage } from '@portal/contract';
import { Button } from '@portal/ui/button';
import { ConfirmDialog } from '@portal/ui/confirm-dialog';
import { cx } from '@portal/ui/cx';
import { EmptyState } from '@portal/ui/empty-state';
import { IconMail } from '@portal/ui/icons';
import { Pager } from '@portal/ui/pager';
import { Skeleton } from '@portal/ui/skeleton';
import { useToast } from '@portal/ui/toast';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { describeError } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format';
import { useCurrentLanguage } from '@/lib/i18n';
import '@/locales/content';
import { useDeleteMessages, useInbox, useMarkRead } from '../api/inbox';
import './content.css';

function MessageRow({
  message,
  open,
  onToggle,
  onDelete,
}: {
  message: InboxMessage;
  open: boolean;
  onToggle: () => void;
  onDelete: () => void;
}) {
  const { t } = useTranslation();
  const language = useCurrentLanguage();
  const bodyId = useId();
  return (
    <li
      className={cx(
        'content-inbox__item',
        !message.read && 'content-inbox__item--unread',
        open && 'content-inbox__item--open',
      )}
    >
      <button
        type="button"
        className="content-inbox__summary"
        aria-expanded={open}
        aria-controls={bodyId}
        onClick={onToggle}
      >
        <span className="content-inbox__marker" aria-hidden="true" />
        <span className="content-inbox__heading">
          <span className="content-inbox__kind">{t(`contentUi.inbox.kinds.${message.kind}`)}</span>
          <span className="content-inbox__title">{message.title}</span>
          {!message.read && <span className="visually-hidden">{t('contentUi.inbox.unread')}</span>}
        </span>
        <time className="content-inbox__time" dateTime={message.createdAt}>
          {formatDateTime(message.createdAt, language)}
        </time>
      </button>
      {open && (
        <div id={bodyId} className="content-inbox__body">
          {/* Plain text from the server, shown as text: never as HTML. */}
          <p className="content-inbox__content">{message.content}</p>
          {message.quote && (
            <figure className="content-inbox__quote">
              <figcaption>{t('contentUi.inbox.quoteLabel')}</figcaption>
              <blockquote>{message.quote}</blockquote>
            </figure>
          )}
          <Button variant="ghost" size="sm" onClick={onDelete}>
            {t('contentUi.inbox.delete')}
          </Button>
        </div>
      )}
    </li>
  );
}

/**
 * The member centre's inbox (messageV2): messages from the operator and the system (deposits, withdrawals),
 * newest first; opening one marks it read; delete one, or mark all read. The unread count follows at once.
 */
export function InboxPage() {
  const { t } = useTranslation();
  const toast = useToast();
  const [page, setPage] = useState(1);
  const [openId, setOpenId] = useState<number | null>(null);
  const [deleting, setDeleting] = useState<InboxMessage | null>(null);
  const inbox = useInbox(page);
  const markRead = useMarkRead();
  const remove = useDeleteMessages();

  const toggle = (message: InboxMessage) => {
    const opening = openId !== message.id;
    setOpenId(opening ? message.id : null);
    if (opening && !message.read) {
      markRead.mutate({ ids: [message.id] }, { onError: (error) => toast.error(describeError(error)) });
    }
  };

  const data = inbox.data;
  return (
    <section className="content-inbox" aria-labelledby="content-inbox-title">
      <header className="content-inbox__header">
        <div>
          <h2 id="content-inbox-title" className="content-inbox__page-title">
            {t('contentUi.inbox.title')}
          </h2>
          {data && (
            <p className="content-inbox__summary-line" aria-live="polite">
              {data.unread > 0
                ? t('contentUi.inbox.unreadSummary', { count: data.unread })
                : t('contentUi.inbox.allRead')}
            </p>
          )}
        </div>
        {data && data.unread > 0 && (
          <Button
            variant="secondary"
            size="sm"
            loading={markRead.isPending}
            onClick={() => markRead.mutate({ all: true }, { onError: (error) => toast.error(describeError(error)) })}
          >
            {t('contentUi.inbox.markAllRead')}
          </Button>
        )}
      </header>
      {inbox.isPending ? (
        <div className="content-inbox__skeleton" aria-busy="true">
          <Skeleton height={64} radius={12} />
          <Skeleton height={64} radius={12} />
          <Skeleton height={64} radius={12} />
        </div>
      ) : inbox.isError ? (
        <EmptyState
          title={t('contentUi.inbox.loadFailed')}
          description={describeError(inbox.error)}
          action={
            <Button variant="secondary" onClick={() => void inbox.refetch()}>
              {t('contentUi.inbox.retry')}
            </Button>
          }
        />
      ) : data && data.content.length > 0 ? (
        <>
          <ul className="content-inbox__list">
            {data.content.map((message) => (
              <MessageRow
                key={message.id}
                message={message}
                open={openId === message.id}
                onToggle={() => toggle(message)}
                onDelete={() => setDeleting(message)}
              />
            ))}
          </ul>
          <Pager
            page={page}
            totalPages={data.totalPages}
            onPageChange={setPage}
            labels={{
              nav: t('contentUi.pager.nav'),
              previous: t('contentUi.pager.previous'),
              next: t('contentUi.pager.next'),
              page: (number) => t('contentUi.pager.page', { page: number }),
            }}
            className="content-inbox__pager"
          />
        </>
      ) : (
        <EmptyState
          icon={<IconMail size={28} />}
          title={t('contentUi.inbox.emptyTitle')}
          description={t('contentUi.inbox.emptyBody')}
        />
      )}
      <ConfirmDialog
        open={deleting !== null}
        title={t('contentUi.inbox.deleteTitle')}
        confirmLabel={t('contentUi.inbox.delete')}
        cancelLabel={t('contentUi.inbox.cancel')}
        closeLabel={t('contentUi.popup.close')}
        tone="danger"
        confirmLoading={remove.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={() => {
          if (!deleting) return;
          remove.mutate([deleting.id], {
            onSuccess: () => {
              setDeleting(null);
              setOpenId(null);
            },
            onError: (error) => toast.error(describeError(error)),
          });
        }}
      >
        {t('contentUi.inbox.deleteBody', { title: deleting?.title ?? '' })}
      </ConfirmDialog>
    </section>
  );
}

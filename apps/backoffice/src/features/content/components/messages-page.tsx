import { Button } from '@portal/ui/button';
import { Input } from '@portal/ui/input';
import { Pager } from '@portal/ui/pager';
import { Spinner } from '@portal/ui/spinner';
import { Tabs } from '@portal/ui/tabs';
import { useToast } from '@portal/ui/toast';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader, Panel } from '@/components/ui/panel';
import { describeError } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format';
import { useCurrentLanguage } from '@/lib/i18n';
import { useSendMessage, useSentMessages } from '../api/content';
import '../locales';
import '@/components/ui/table.css';
import './content.css';

/**
 * Inbox messages (role support): write a message to one member by username, or to every member; below, the
 * messages operators sent.
 */
export function MessagesPage() {
  const { t } = useTranslation();
  const toast = useToast();
  const language = useCurrentLanguage();
  const contentId = useId();
  const [to, setTo] = useState<'one' | 'all'>('one');
  const [username, setUsername] = useState('');
  const [title, setTitle] = useState('');
  const [content, setContent] = useState('');
  const [page, setPage] = useState(1);
  const send = useSendMessage();
  const sent = useSentMessages(page);
  const m = 'contentBo.messages';

  const submit = (event: FormEvent) => {
    event.preventDefault();
    send.mutate(
      { to: to === 'all' ? 'all' : { username: username.trim() }, title: title.trim(), content: content.trim() },
      {
        onSuccess: () => {
          toast.success(t(`${m}.sent`));
          setTitle('');
          setContent('');
        },
        onError: (error) => toast.error(describeError(error)),
      },
    );
  };

  return (
    <div className="bo-page">
      <PageHeader title={t(`${m}.title`)} description={t(`${m}.description`)} />
      <Panel title={t(`${m}.send`)}>
        <form className="bo-content-message" onSubmit={submit}>
          <Tabs
            label={t(`${m}.to`)}
            value={to}
            onChange={(id) => setTo(id as 'one' | 'all')}
            items={[
              { id: 'one', label: t(`${m}.toOne`) },
              { id: 'all', label: t(`${m}.toAll`) },
            ]}
            variant="pill"
          />
          {to === 'one' && (
            <Input
              label={t(`${m}.username`)}
              required
              maxLength={32}
              value={username}
              onChange={(event) => setUsername(event.target.value)}
              autoComplete="off"
            />
          )}
          <Input
            label={t(`${m}.messageTitle`)}
            required
            maxLength={120}
            value={title}
            onChange={(event) => setTitle(event.target.value)}
          />
          <label className="bo-content-editor__area" htmlFor={contentId}>
            <span>{t(`${m}.content`)}</span>
          </label>
          <textarea
            id={contentId}
            className="bo-content-editor__textarea bo-content-editor__textarea--short"
            required
            maxLength={2000}
            value={content}
            onChange={(event) => setContent(event.target.value)}
          />
          <div className="bo-content-editor__actions">
            <Button type="submit" loading={send.isPending}>
              {t(`${m}.send`)}
            </Button>
          </div>
        </form>
      </Panel>
      <Panel title={t(`${m}.history`)}>
        {sent.isPending ? (
          <Spinner />
        ) : sent.isError ? (
          <p role="alert">{describeError(sent.error)}</p>
        ) : (
          <>
            <div className="ui-table-wrap">
              <table className="ui-table">
                <thead>
                  <tr>
                    <th scope="col">{t(`${m}.columns.sentAt`)}</th>
                    <th scope="col">{t(`${m}.columns.to`)}</th>
                    <th scope="col">{t(`${m}.columns.title`)}</th>
                    <th scope="col">{t(`${m}.columns.by`)}</th>
                  </tr>
                </thead>
                <tbody>
                  {sent.data.content.length === 0 && (
                    <tr>
                      <td colSpan={4} className="ui-table__muted">
                        {t(`${m}.empty`)}
                      </td>
                    </tr>
                  )}
                  {sent.data.content.map((message) => (
                    <tr key={message.id}>
                      <td className="ui-table__num">{formatDateTime(message.createdAt, language)}</td>
                      <td>
                        {message.to === 'all'
                          ? t(`${m}.everyone`)
                          : (message.to.username ?? `#${message.to.accountId}`)}
                      </td>
                      <td>
                        <strong>{message.title}</strong>
                        <div className="ui-table__muted bo-content-clip">{message.content}</div>
                      </td>
                      <td className="ui-table__muted">{message.createdBy ?? '—'}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            <Pager
              page={page}
              totalPages={sent.data.totalPages}
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
      </Panel>
    </div>
  );
}

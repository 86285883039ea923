import {
  type ListSort,
  type MessageSegment,
  type MessageSegmentInput,
  messageSegmentDeposits,
  messageSegmentKinds,
  type OperatorMessage,
  type OperatorMessageSort,
} from '@portal/contract';
import { Button } from '@portal/ui/button';
import { Checkbox } from '@portal/ui/checkbox';
import { Input } from '@portal/ui/input';
import { Pager } from '@portal/ui/pager';
import { Select } from '@portal/ui/select';
import { Spinner } from '@portal/ui/spinner';
import { Tabs } from '@portal/ui/tabs';
import { useToast } from '@portal/ui/toast';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { EmptyRow } from '@/components/ui/empty-row';
import { PageHeader, Panel } from '@/components/ui/panel';
import { SortableHeader } from '@/components/ui/sortable-header';
import { describeError } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format';
import { languageLocales, translate, useCurrentLanguage } from '@/lib/i18n';
import { newestMessageFirst, useMessageAudience, useSendMessage, useSentMessages } from '../api/content';
import '../locales';
import '@/components/ui/table.css';
import './content.css';

type Recipient = 'one' | 'segment' | 'all';

/** The segment as the form holds it: dates as `<input type="date">` values, numbers as text. */
export type SegmentDraft = {
  kinds: MessageSegment['kinds'];
  registeredFrom: string;
  registeredTo: string;
  deposit: MessageSegment['deposit'];
  depositDays: string;
  uplineUsername: string;
  wholeDownline: boolean;
};

export const emptySegment: SegmentDraft = {
  kinds: ['member'],
  registeredFrom: '',
  registeredTo: '',
  deposit: 'any',
  depositDays: '30',
  uplineUsername: '',
  wholeDownline: false,
};

/** The start of a calendar day in the browser's time zone, as ISO 8601; null when empty. */
function dayStart(value: string, addDays = 0): string | null {
  if (!value) return null;
  const date = new Date(`${value}T00:00`);
  if (Number.isNaN(date.getTime())) return null;
  date.setDate(date.getDate() + addDays);
  return date.toISOString();
}

/** The request's segment: registration "until" a day includes that whole day; the agent only when named. */
export function segmentInputOf(draft: SegmentDraft): MessageSegmentInput {
  const upline = draft.uplineUsername.trim();
  return {
    kinds: draft.kinds,
    registeredFrom: dayStart(draft.registeredFrom),
    registeredTo: dayStart(draft.registeredTo, 1),
    deposit: draft.deposit,
    depositDays: Math.min(365, Math.max(1, Number.parseInt(draft.depositDays, 10) || 30)),
    uplineUsername: upline || null,
    wholeDownline: upline ? draft.wholeDownline : false,
  };
}

/** A segment in words, for the list of sent messages. */
export function describeSegment(segment: MessageSegment, language: 'en' | 'bn'): string {
  const m = 'contentBo.messages.segment';
  const day = (iso: string) =>
    new Intl.DateTimeFormat(languageLocales[language], { dateStyle: 'medium' }).format(new Date(iso));
  const parts = [translate(`${m}.kindsSummary.${[...segment.kinds].sort().join('_')}`)];
  if (segment.registeredFrom) parts.push(translate(`${m}.fromSummary`, { date: day(segment.registeredFrom) }));
  if (segment.registeredTo) {
    // Stored as the start of the day after the last one included.
    const last = new Date(new Date(segment.registeredTo).getTime() - 1).toISOString();
    parts.push(translate(`${m}.toSummary`, { date: day(last) }));
  }
  if (segment.deposit === 'recent') parts.push(translate(`${m}.recentSummary`, { days: segment.depositDays }));
  if (segment.deposit === 'never') parts.push(translate(`${m}.neverSummary`));
  if (segment.uplineUsername) {
    parts.push(
      translate(segment.wholeDownline ? `${m}.treeSummary` : `${m}.downlineSummary`, {
        agent: segment.uplineUsername,
      }),
    );
  }
  return parts.join(' · ');
}

function SegmentFields({ draft, onChange }: { draft: SegmentDraft; onChange: (draft: SegmentDraft) => void }) {
  const { t } = useTranslation();
  const m = 'contentBo.messages.segment';
  const set = <K extends keyof SegmentDraft>(key: K, value: SegmentDraft[K]) => onChange({ ...draft, [key]: value });
  return (
    <fieldset className="bo-content-segment">
      <legend>{t(`${m}.legend`)}</legend>
      <fieldset className="bo-content-segment__kinds">
        <legend>{t(`${m}.kinds`)}</legend>
        {messageSegmentKinds.map((kind) => (
          <Checkbox
            key={kind}
            label={t(`${m}.kind.${kind}`)}
            checked={draft.kinds.includes(kind)}
            onChange={(event) => {
              const next = event.target.checked
                ? [...draft.kinds, kind]
                : draft.kinds.filter((value) => value !== kind);
              // At least one kind stays chosen.
              if (next.length > 0) set('kinds', next);
            }}
          />
        ))}
      </fieldset>
      <div className="bo-content-editor__grid">
        <Input
          label={t(`${m}.registeredFrom`)}
          type="date"
          value={draft.registeredFrom}
          onChange={(event) => set('registeredFrom', event.target.value)}
        />
        <Input
          label={t(`${m}.registeredTo`)}
          type="date"
          value={draft.registeredTo}
          onChange={(event) => set('registeredTo', event.target.value)}
        />
        <Select
          label={t(`${m}.deposit`)}
          value={draft.deposit}
          options={messageSegmentDeposits.map((value) => ({ value, label: t(`${m}.deposits.${value}`) }))}
          onChange={(event) => set('deposit', event.target.value as SegmentDraft['deposit'])}
        />
        {draft.deposit === 'recent' && (
          <Input
            label={t(`${m}.depositDays`)}
            type="number"
            min={1}
            max={365}
            value={draft.depositDays}
            onChange={(event) => set('depositDays', event.target.value)}
          />
        )}
      </div>
      <div className="bo-content-editor__grid">
        <Input
          label={t(`${m}.upline`)}
          hint={t(`${m}.uplineHint`)}
          maxLength={32}
          autoComplete="off"
          value={draft.uplineUsername}
          onChange={(event) => set('uplineUsername', event.target.value)}
        />
        {draft.uplineUsername.trim() !== '' && (
          <Checkbox
            label={t(`${m}.wholeDownline`)}
            checked={draft.wholeDownline}
            onChange={(event) => set('wholeDownline', event.target.checked)}
          />
        )}
      </div>
    </fieldset>
  );
}

/**
 * Inbox messages (role support): write a message to one member by username, to a segment of members (registration
 * dates, deposits, an agent's downline; previewed as a count before it goes) or to every member; below, the messages
 * operators sent.
 */
export function MessagesPage() {
  const { t } = useTranslation();
  const toast = useToast();
  const language = useCurrentLanguage();
  const contentId = useId();
  const [to, setTo] = useState<Recipient>('one');
  const [username, setUsername] = useState('');
  const [segment, setSegment] = useState<SegmentDraft>(emptySegment);
  const [title, setTitle] = useState('');
  const [content, setContent] = useState('');
  const [page, setPage] = useState(1);
  const [confirming, setConfirming] = useState(false);
  const send = useSendMessage();
  const audience = useMessageAudience();
  const [sorting, setSorting] = useState<ListSort<OperatorMessageSort>>(newestMessageFirst);
  const sent = useSentMessages(page, sorting);
  const sortBy = (next: ListSort<OperatorMessageSort>) => {
    setSorting(next);
    setPage(1);
  };
  const m = 'contentBo.messages';
  const count = (value: number) => new Intl.NumberFormat(languageLocales[language]).format(value);

  const changeSegment = (next: SegmentDraft) => {
    setSegment(next);
    // A count belongs to the conditions it was asked for.
    audience.reset();
  };

  const countRecipients = (then?: () => void) =>
    audience.mutate(segmentInputOf(segment), {
      onSuccess: () => then?.(),
      onError: (error) => toast.error(describeError(error)),
    });

  const deliver = () => {
    const recipient =
      to === 'all'
        ? ('all' as const)
        : to === 'segment'
          ? { segment: segmentInputOf(segment) }
          : { username: username.trim() };
    send.mutate(
      { to: recipient, title: title.trim(), content: content.trim() },
      {
        onSuccess: (message) => {
          toast.success(
            message.to !== 'all' && 'segment' in message.to
              ? t(`${m}.sentTo`, { count: message.to.recipients, formatted: count(message.to.recipients) })
              : t(`${m}.sent`),
          );
          setTitle('');
          setContent('');
          setConfirming(false);
          audience.reset();
        },
        onError: (error) => {
          setConfirming(false);
          toast.error(describeError(error));
        },
      },
    );
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    // A message to a segment goes only after the operator saw how many members it reaches.
    if (to === 'segment') {
      if (audience.data) setConfirming(true);
      else countRecipients(() => setConfirming(true));
      return;
    }
    deliver();
  };

  const recipientsText = (message: OperatorMessage) => {
    if (message.to === 'all') return t(`${m}.everyone`);
    if ('segment' in message.to) {
      return (
        <>
          {t(`${m}.segmentReached`, { count: message.to.recipients, formatted: count(message.to.recipients) })}
          <div className="ui-table__muted">{describeSegment(message.to.segment, language)}</div>
        </>
      );
    }
    return message.to.username ?? `#${message.to.accountId}`;
  };

  const reach = audience.data?.recipients;
  return (
    <div className="bo-page">
      <PageHeader title={t(`${m}.title`)} description={t(`${m}.description`)} />
      <Panel title={t(`${m}.send`)}>
        <form className="bo-content-message" onSubmit={submit}>
          <Tabs
            label={t(`${m}.to`)}
            value={to}
            onChange={(id) => setTo(id as Recipient)}
            items={[
              { id: 'one', label: t(`${m}.toOne`) },
              { id: 'segment', label: t(`${m}.toSegment`) },
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
          {to === 'segment' && (
            <>
              <SegmentFields draft={segment} onChange={changeSegment} />
              <div className="bo-content-segment__reach">
                <Button variant="secondary" size="sm" loading={audience.isPending} onClick={() => countRecipients()}>
                  {t(`${m}.segment.count`)}
                </Button>
                <p aria-live="polite" className="bo-content-segment__count">
                  {reach === undefined
                    ? t(`${m}.segment.notCounted`)
                    : t(`${m}.segment.reach`, { count: reach, formatted: count(reach) })}
                </p>
              </div>
            </>
          )}
          <Input
            label={t(`${m}.messageTitle`)}
            required
            maxLength={120}
            value={title}
            onChange={(event) => setTitle(event.target.value)}
          />
          {/* Label and box together as one field, spaced like the inputs above it. */}
          <div className="ui-field">
            <label className="ui-field__label" htmlFor={contentId}>
              {t(`${m}.content`)}
            </label>
            <textarea
              id={contentId}
              className="bo-content-editor__textarea bo-content-editor__textarea--short"
              required
              maxLength={2000}
              value={content}
              onChange={(event) => setContent(event.target.value)}
            />
          </div>
          <div className="bo-content-editor__actions">
            <Button type="submit" loading={send.isPending || (to === 'segment' && audience.isPending)}>
              {t(`${m}.send`)}
            </Button>
          </div>
        </form>
      </Panel>
      <ConfirmDialog
        open={confirming}
        title={t(`${m}.segment.confirmTitle`)}
        confirmLabel={t(`${m}.segment.confirm`, { count: reach ?? 0, formatted: count(reach ?? 0) })}
        busy={send.isPending}
        onClose={() => setConfirming(false)}
        onConfirm={deliver}
      >
        {t(`${m}.segment.confirmBody`, { count: reach ?? 0, formatted: count(reach ?? 0), title: title.trim() })}
      </ConfirmDialog>
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
                    <SortableHeader column="createdAt" firstOrder="desc" sorting={sorting} onSort={sortBy}>
                      {t(`${m}.columns.sentAt`)}
                    </SortableHeader>
                    <th scope="col">{t(`${m}.columns.to`)}</th>
                    <SortableHeader column="title" sorting={sorting} onSort={sortBy}>
                      {t(`${m}.columns.title`)}
                    </SortableHeader>
                    <SortableHeader column="createdBy" sorting={sorting} onSort={sortBy}>
                      {t(`${m}.columns.by`)}
                    </SortableHeader>
                  </tr>
                </thead>
                <tbody>
                  {sent.data.content.length === 0 && <EmptyRow columns={4}>{t(`${m}.empty`)}</EmptyRow>}
                  {sent.data.content.map((message) => (
                    <tr key={message.id}>
                      <td className="ui-table__num">{formatDateTime(message.createdAt, language)}</td>
                      <td>{recipientsText(message)}</td>
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

import { type ChatMessage, type Conversation, type ConversationStatus, chatMessageMaxLength } from '@portal/contract';
import { Button } from '@portal/ui/button';
import { ConfirmDialog } from '@portal/ui/confirm-dialog';
import { cx } from '@portal/ui/cx';
import { Spinner } from '@portal/ui/spinner';
import { Tabs } from '@portal/ui/tabs';
import { useToast } from '@portal/ui/toast';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader, Pill } from '@/components/ui/panel';
import { describeError } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format';
import { useCurrentLanguage } from '@/lib/i18n';
import { useMe } from '@/lib/session';
import {
  type SocketState,
  useAssign,
  useCloseConversation,
  useConversation,
  useConversations,
  useLiveChatSocket,
  useReply,
} from '../api/live-chat';
import '../locales';
import './live-chat.css';

const lc = 'liveChatBo';
const socketTone: Record<SocketState, 'success' | 'warning' | 'danger'> = {
  live: 'success',
  connecting: 'warning',
  offline: 'danger',
};

/**
 * The live-chat console (permission support.chat): conversations by status with unread counts on the left, the
 * chosen one on the right with assign-to-me, reply and close. A socket keeps both sides current. Messages are shown
 * as text (React escapes them), never as HTML.
 */
export function LiveChatPage() {
  const { t } = useTranslation();
  const [status, setStatus] = useState<ConversationStatus>('waiting');
  const [selected, setSelected] = useState<number | null>(null);
  const list = useConversations(status);
  const socket = useLiveChatSocket();

  return (
    <div className="bo-page">
      <PageHeader
        title={t(`${lc}.title`)}
        description={t(`${lc}.description`)}
        actions={
          <output aria-live="polite">
            <Pill tone={socketTone[socket]}>{t(`${lc}.socket.${socket}`)}</Pill>
          </output>
        }
      />
      <div className="bo-chat">
        <section className="bo-chat__list" aria-label={t(`${lc}.views`)}>
          <Tabs
            label={t(`${lc}.views`)}
            value={status}
            onChange={(id) => setStatus(id as ConversationStatus)}
            items={(['waiting', 'assigned', 'closed'] as const).map((id) => ({ id, label: t(`${lc}.status.${id}`) }))}
            variant="pill"
          />
          {list.isPending ? (
            <div className="bo-page-loading">
              <Spinner />
            </div>
          ) : list.isError ? (
            <p role="alert">{describeError(list.error)}</p>
          ) : list.data.length === 0 ? (
            <p className="bo-chat__empty">{t(`${lc}.empty`)}</p>
          ) : (
            <ul className="bo-chat__items">
              {list.data.map((conversation) => (
                <li key={conversation.id}>
                  <ConversationItem
                    conversation={conversation}
                    active={conversation.id === selected}
                    onOpen={() => setSelected(conversation.id)}
                  />
                </li>
              ))}
            </ul>
          )}
        </section>
        <section className="bo-chat__thread">
          {selected === null ? (
            <p className="bo-chat__empty">{t(`${lc}.pick`)}</p>
          ) : (
            <ConversationThread id={selected} onMoved={setStatus} />
          )}
        </section>
      </div>
    </div>
  );
}

function ConversationItem({
  conversation,
  active,
  onOpen,
}: {
  conversation: Conversation;
  active: boolean;
  onOpen: () => void;
}) {
  const { t } = useTranslation();
  const language = useCurrentLanguage();
  return (
    <button
      type="button"
      className={cx('bo-chat__item', active && 'bo-chat__item--active')}
      aria-current={active ? 'true' : undefined}
      onClick={onOpen}
    >
      <span className="bo-chat__item-head">
        <span className="bo-chat__item-name">{conversation.name}</span>
        {conversation.unread > 0 && (
          <span className="bo-chat__unread" title={t(`${lc}.unread`, { count: conversation.unread })}>
            {conversation.unread}
            <span className="visually-hidden"> {t(`${lc}.unread`, { count: conversation.unread })}</span>
          </span>
        )}
      </span>
      <span className="bo-chat__item-meta">
        {conversation.accountId === null ? t(`${lc}.visitor`) : t(`${lc}.member`, { id: conversation.accountId })}
        {conversation.assignedTo && ` · ${t(`${lc}.assignedTo`, { name: conversation.assignedTo })}`}
      </span>
      {conversation.lastMessage && <span className="bo-chat__item-last">{conversation.lastMessage}</span>}
      <span className="bo-chat__item-time">
        {formatDateTime(conversation.lastMessageAt ?? conversation.createdAt, language)}
      </span>
    </button>
  );
}

/** `onMoved`: the list follows the open conversation when it changes status (assigned, closed). */
function ConversationThread({ id, onMoved }: { id: number; onMoved: (status: ConversationStatus) => void }) {
  const { t } = useTranslation();
  const toast = useToast();
  const me = useMe();
  const detail = useConversation(id);
  const assign = useAssign();
  const close = useCloseConversation();
  const reply = useReply();
  const [text, setText] = useState('');
  const [confirming, setConfirming] = useState(false);

  if (detail.isPending)
    return (
      <div className="bo-page-loading">
        <Spinner />
      </div>
    );
  if (detail.isError) return <p role="alert">{describeError(detail.error)}</p>;
  const { conversation, messages } = detail.data;
  const closed = conversation.status === 'closed';
  const mine = conversation.assignedTo !== null && conversation.assignedTo === me.data?.operator.username;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!text.trim()) return;
    reply.mutate(
      { id, text },
      {
        onSuccess: () => {
          setText('');
          onMoved('assigned');
        },
        onError: (error) => toast.error(describeError(error)),
      },
    );
  };

  return (
    <div className="bo-chat__conversation">
      <header className="bo-chat__thread-head">
        <div>
          <h2 className="bo-chat__thread-title">{conversation.name}</h2>
          <p className="bo-chat__item-meta">
            <Pill tone={closed ? 'neutral' : conversation.status === 'waiting' ? 'warning' : 'info'}>
              {t(`${lc}.status.${conversation.status}`)}
            </Pill>{' '}
            {conversation.assignedTo && t(`${lc}.assignedTo`, { name: conversation.assignedTo })}
          </p>
        </div>
        {!closed && (
          <div className="bo-chat__actions">
            {!mine && (
              <Button
                size="sm"
                loading={assign.isPending}
                onClick={() =>
                  assign.mutate(id, {
                    onSuccess: () => onMoved('assigned'),
                    onError: (error) => toast.error(describeError(error)),
                  })
                }
              >
                {t(`${lc}.assign`)}
              </Button>
            )}
            <Button size="sm" variant="ghost" onClick={() => setConfirming(true)}>
              {t(`${lc}.close`)}
            </Button>
          </div>
        )}
      </header>
      <MessageList messages={messages} name={conversation.name} />
      {closed ? (
        <p className="bo-chat__closed">{t(`${lc}.closedNote`)}</p>
      ) : (
        <form className="bo-chat__composer" onSubmit={submit}>
          <label className="visually-hidden" htmlFor="bo-chat-reply">
            {t(`${lc}.reply`)}
          </label>
          <textarea
            id="bo-chat-reply"
            className="bo-chat__input"
            value={text}
            maxLength={chatMessageMaxLength}
            rows={2}
            placeholder={t(`${lc}.replyPlaceholder`)}
            onChange={(event) => setText(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === 'Enter' && !event.shiftKey) submit(event);
            }}
          />
          <div className="bo-chat__composer-foot">
            <span className="bo-chat__counter">
              {t(`${lc}.counter`, { count: [...text].length, max: chatMessageMaxLength })}
            </span>
            <Button type="submit" size="sm" loading={reply.isPending} disabled={!text.trim()}>
              {t(`${lc}.send`)}
            </Button>
          </div>
        </form>
      )}
      <ConfirmDialog
        open={confirming}
        title={t(`${lc}.close`)}
        confirmLabel={t(`${lc}.close`)}
        cancelLabel={t('ui.cancel')}
        closeLabel={t('ui.cancel')}
        tone="warning"
        confirmLoading={close.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={() =>
          close.mutate(id, {
            onSuccess: () => {
              setConfirming(false);
              onMoved('closed');
            },
            onError: (error) => {
              setConfirming(false);
              toast.error(describeError(error));
            },
          })
        }
      >
        {t(`${lc}.closeConfirm`)}
      </ConfirmDialog>
    </div>
  );
}

function MessageList({ messages, name }: { messages: ChatMessage[]; name: string }) {
  const { t } = useTranslation();
  const language = useCurrentLanguage();
  const end = useRef<HTMLLIElement>(null);
  const last = messages.at(-1)?.id;
  useEffect(() => {
    if (last !== undefined) end.current?.scrollIntoView?.({ block: 'end' });
  }, [last]);
  if (messages.length === 0) return <p className="bo-chat__empty">{t(`${lc}.noMessages`)}</p>;
  return (
    <ol className="bo-chat__messages" aria-label={t(`${lc}.messagesLabel`, { name })}>
      {messages.map((message, index) => (
        <li
          key={message.id}
          ref={index === messages.length - 1 ? end : undefined}
          className={cx('bo-chat__message', `bo-chat__message--${message.sender}`)}
        >
          <span className="bo-chat__message-who">
            {message.senderName} · {formatDateTime(message.createdAt, language)}
          </span>
          <span className="bo-chat__bubble">{message.text}</span>
        </li>
      ))}
    </ol>
  );
}

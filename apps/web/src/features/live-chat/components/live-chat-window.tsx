import { chatMessageMaxLength, chatVisitorNameMaxLength } from '@portal/contract';
import { Button } from '@portal/ui/button';
import { cx } from '@portal/ui/cx';
import { IconHeadset } from '@portal/ui/icons';
import { Input } from '@portal/ui/input';
import { type FormEvent, type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { describeError, errorText } from '@/lib/api-client';
import { getToken } from '@/lib/storage';
import { launchChat, storeChatToken } from '../api/live-chat';
import { useChatSocket } from '../hooks/use-chat-socket';
import '@/locales/live-chat';
import './live-chat.css';

export type LiveChatWindowProps = {
  /** The chat token of a conversation already started (from the chatUrl or this tab); null shows the start form. */
  chatToken: string | null;
  onChatToken: (token: string | null) => void;
  className?: string;
  /** The title's heading level: h1 on the /live-chat page, h2 inside the layout's docked panel. */
  titleLevel?: 1 | 2;
  /** Id of the title, which names the window (the panel uses its own, so both can never clash). */
  titleId?: string;
  /** Controls shown at the end of the header (the docked panel's close button). */
  actions?: ReactNode;
};

/**
 * The live-chat window: a start form (a visitor gives a name; a member just starts), then the conversation with
 * its messages live over the chat socket, a composer with the 1000-character limit, the agent's status, reconnects
 * and the closed state. Messages are rendered as text (React escapes them), never as HTML.
 */
export function LiveChatWindow({
  chatToken,
  onChatToken,
  className,
  titleLevel = 1,
  titleId = 'live-chat-title',
  actions,
}: LiveChatWindowProps) {
  const { t } = useTranslation();
  const Title = titleLevel === 1 ? 'h1' : 'h2';
  return (
    <section className={cx('live-chat', className)} aria-labelledby={titleId}>
      <header className="live-chat__head">
        <span className="live-chat__avatar" aria-hidden="true">
          <IconHeadset size={22} />
        </span>
        <div className="live-chat__heading">
          <Title id={titleId} className="live-chat__title">
            {t('liveChat.title')}
          </Title>
          <p className="live-chat__subtitle">{t('liveChat.subtitle')}</p>
        </div>
        {actions && <div className="live-chat__actions">{actions}</div>}
      </header>
      {chatToken ? (
        <Conversation key={chatToken} chatToken={chatToken} onRestart={() => onChatToken(null)} />
      ) : (
        <StartForm
          onStarted={(token) => {
            storeChatToken(token);
            onChatToken(token);
          }}
        />
      )}
    </section>
  );
}

function StartForm({ onStarted }: { onStarted: (token: string) => void }) {
  const { t } = useTranslation();
  const member = getToken() !== null;
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!member && !name.trim()) {
      setError(errorText('SUPPORT_NAME_REQUIRED'));
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const result = await launchChat(member ? undefined : name.trim());
      onStarted(result.chatToken);
    } catch (failure) {
      setError(describeError(failure));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="live-chat__start" onSubmit={submit} noValidate>
      <p>{member ? t('liveChat.start.memberIntro') : t('liveChat.start.intro')}</p>
      {!member && (
        <Input
          label={t('liveChat.start.name')}
          value={name}
          maxLength={chatVisitorNameMaxLength}
          autoComplete="name"
          required
          error={error ?? undefined}
          onChange={(event) => setName(event.target.value)}
        />
      )}
      {member && error && (
        <p className="live-chat__error" role="alert">
          {error}
        </p>
      )}
      <Button type="submit" loading={busy} fullWidth>
        {t('liveChat.start.submit')}
      </Button>
    </form>
  );
}

function Conversation({ chatToken, onRestart }: { chatToken: string; onRestart: () => void }) {
  const { t } = useTranslation();
  const { connection, conversation, messages, failure, send } = useChatSocket(chatToken);
  const [text, setText] = useState('');
  const end = useRef<HTMLLIElement>(null);
  const lastId = messages.at(-1)?.id;
  useEffect(() => {
    if (lastId !== undefined) end.current?.scrollIntoView?.({ block: 'end' });
  }, [lastId]);

  const closed = conversation?.status === 'closed';
  const expired = connection === 'expired';
  const status = expired
    ? t('liveChat.status.expired')
    : connection === 'reconnecting'
      ? t('liveChat.status.reconnecting')
      : connection === 'connecting' || !conversation
        ? t('liveChat.status.connecting')
        : closed
          ? t('liveChat.status.closed')
          : conversation.status === 'assigned' && conversation.assignedTo
            ? t('liveChat.status.assigned', { name: conversation.assignedTo })
            : t('liveChat.status.waiting');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!text.trim()) return;
    if (send(text)) setText('');
  };

  return (
    <>
      <output className={cx('live-chat__status', `live-chat__status--${closed ? 'closed' : connection}`)}>
        {status}
      </output>
      <ol className="live-chat__messages" aria-label={t('liveChat.messagesLabel')} aria-live="polite">
        {messages.length === 0 && connection === 'open' && <li className="live-chat__empty">{t('liveChat.empty')}</li>}
        {messages.map((message, index) => (
          <li
            key={message.id}
            ref={index === messages.length - 1 ? end : undefined}
            className={cx('live-chat__message', `live-chat__message--${message.sender}`)}
          >
            <span className="live-chat__who">
              {message.sender === 'member' ? t('liveChat.you') : `${message.senderName} · ${t('liveChat.agent')}`}
            </span>
            <span className="live-chat__bubble">{message.text}</span>
          </li>
        ))}
      </ol>
      {closed || expired ? (
        <div className="live-chat__ended">
          <Button
            variant="secondary"
            fullWidth
            onClick={() => {
              storeChatToken(null);
              onRestart();
            }}
          >
            {t('liveChat.newChat')}
          </Button>
        </div>
      ) : (
        <form className="live-chat__composer" onSubmit={submit}>
          {failure && (
            <p className="live-chat__error" role="alert">
              {errorText(failure.code, failure.params ?? {})}
            </p>
          )}
          <label className="visually-hidden" htmlFor="live-chat-message">
            {t('liveChat.message')}
          </label>
          <textarea
            id="live-chat-message"
            className="live-chat__input"
            rows={2}
            maxLength={chatMessageMaxLength}
            placeholder={t('liveChat.placeholder')}
            value={text}
            onChange={(event) => setText(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === 'Enter' && !event.shiftKey) submit(event);
            }}
          />
          <div className="live-chat__composer-foot">
            <span className="live-chat__counter">
              {t('liveChat.counter', { count: [...text].length, max: chatMessageMaxLength })}
            </span>
            <Button type="submit" size="sm" disabled={connection !== 'open' || !text.trim()}>
              {t('liveChat.send')}
            </Button>
          </div>
        </form>
      )}
    </>
  );
}

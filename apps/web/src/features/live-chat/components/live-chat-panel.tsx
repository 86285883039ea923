import { IconClose } from '@portal/ui/icons';
import { type KeyboardEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { storedChatToken } from '../api/live-chat';
import { closeLiveChatPanel } from '../hooks/live-chat-panel-store';
import { LiveChatWindow } from './live-chat-window';
import '@/locales/live-chat';
import './live-chat.css';

const focusableSelector =
  'input:not([disabled]), textarea:not([disabled]), button:not([disabled]), a[href], [tabindex]:not([tabindex="-1"])';

/**
 * The root layout's expanding customer-service view (spec section 2): the live chat docked at the bottom right,
 * over the page the player is on, which stays usable (a non-modal dialog, so focus is not trapped). Focus moves
 * into the chat when it opens (its first field), Escape closes it, and focus then returns to the control that
 * opened it. The conversation continues when it is opened again (its token is kept for the tab).
 */
export function LiveChatPanel() {
  const { t } = useTranslation();
  const panel = useRef<HTMLDivElement>(null);
  const [chatToken, setChatToken] = useState<string | null>(() => storedChatToken());

  useEffect(() => {
    const container = panel.current;
    if (!container) return;
    // The field the player will type in (their name, or the message); else the first control below the header.
    const field = container.querySelector<HTMLElement>('input:not([disabled]), textarea:not([disabled])');
    const first = [...container.querySelectorAll<HTMLElement>(focusableSelector)].find(
      (element) => !element.closest('.live-chat__actions'),
    );
    (field ?? first ?? container).focus();
  }, []);

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      closeLiveChatPanel();
    }
  };

  return (
    <div
      ref={panel}
      id="live-chat-panel"
      className="live-chat-panel"
      role="dialog"
      aria-modal="false"
      aria-labelledby="live-chat-panel-title"
      tabIndex={-1}
      onKeyDown={onKeyDown}
    >
      <LiveChatWindow
        chatToken={chatToken}
        onChatToken={setChatToken}
        titleLevel={2}
        titleId="live-chat-panel-title"
        className="live-chat--docked"
        actions={
          <>
            <Link
              to="/live-chat"
              className="live-chat-panel__expand"
              onClick={() => closeLiveChatPanel(false)}
              aria-label={t('liveChat.panel.openPage')}
              title={t('liveChat.panel.openPage')}
            >
              <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
                <path
                  d="M14 4h6v6M20 4l-8 8M10 20H4v-6"
                  fill="none"
                  stroke="currentColor"
                  strokeWidth="2"
                  strokeLinecap="round"
                  strokeLinejoin="round"
                />
              </svg>
            </Link>
            <button
              type="button"
              className="live-chat-panel__close"
              onClick={() => closeLiveChatPanel()}
              aria-label={t('liveChat.panel.close')}
              title={t('liveChat.panel.close')}
            >
              <IconClose size={18} />
            </button>
          </>
        }
      />
    </div>
  );
}

import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePermission } from '@/lib/permission';
import { adoptChatTokenFromUrl } from '../api/live-chat';
import { LiveChatWindow } from './live-chat-window';
import '@/locales/live-chat';

/**
 * `/live-chat`: the in-portal chat page the chatUrl of `CBS_launchChat` points at (the token in its query moves to
 * sessionStorage) and that the floating bar's and side menu's live-chat entries open on phones; wider screens get
 * the same chat in the layout's docked panel (live-chat-panel.tsx).
 */
export function LiveChatPage() {
  const { t } = useTranslation();
  const { info } = usePermission();
  const [chatToken, setChatToken] = useState<string | null>(() => adoptChatTokenFromUrl());
  return (
    <div className="live-chat-page">
      <title>{`${t('liveChat.title')} · ${info.siteName}`}</title>
      <LiveChatWindow chatToken={chatToken} onChatToken={setChatToken} />
    </div>
  );
}

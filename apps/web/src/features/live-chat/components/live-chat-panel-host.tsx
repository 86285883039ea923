import { lazy, Suspense, useEffect } from 'react';
import { closeLiveChatPanel, useLiveChatPanelOpen } from '../hooks/live-chat-panel-store';

// The chat itself (window, socket) loads the first time the panel opens.
const LiveChatPanel = lazy(() => import('./live-chat-panel').then((module) => ({ default: module.LiveChatPanel })));

export type LiveChatPanelHostProps = {
  /** On the /live-chat page the same chat fills the page: the docked panel closes and stays away there. */
  suppressed: boolean;
};

/**
 * Shows the docked live-chat panel while it is open. The root layout loads this host after the first paint, so
 * neither the panel's state nor the chat is part of the first download.
 */
export function LiveChatPanelHost({ suppressed }: LiveChatPanelHostProps) {
  const open = useLiveChatPanelOpen();
  useEffect(() => {
    if (suppressed) closeLiveChatPanel(false);
  }, [suppressed]);
  if (!open || suppressed) return null;
  return (
    <Suspense fallback={null}>
      <LiveChatPanel />
    </Suspense>
  );
}

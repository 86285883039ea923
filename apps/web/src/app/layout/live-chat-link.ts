import type { MouseEvent } from 'react';
import { prefersLiveChatPanel, toggleLiveChatPanel } from '@/features/live-chat/hooks/live-chat-panel-store';

/**
 * What makes a `/live-chat` link of the frame (floating bar, side menu) open the docked customer-service panel:
 * on wide screens a plain click toggles the panel in place (the page the player is on stays); on phones, and for
 * a click that asks for a new tab or window, the link goes to the chat page as before.
 */
export function liveChatLinkProps(open: boolean) {
  return {
    'aria-expanded': open,
    'aria-controls': open ? 'live-chat-panel' : undefined,
    onClick: (event: MouseEvent<HTMLAnchorElement>) => {
      if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      if (!prefersLiveChatPanel()) return;
      event.preventDefault();
      toggleLiveChatPanel(event.currentTarget);
    },
  };
}

import { useSyncExternalStore } from 'react';

/*
 * Whether the docked customer-service panel (the root layout's "expanding customer-service view", spec section 2)
 * is open. The floating bar and the side menu open it and the layout shows it, so the state lives in one small
 * store rather than in props. The element that opened it is remembered, so focus can go back there on close.
 */

let open = false;
let opener: HTMLElement | null = null;
const listeners = new Set<() => void>();

function emit(): void {
  for (const listener of listeners) listener();
}

/** Opens the panel; `from` is the control that opened it (focus returns there when it closes). */
export function openLiveChatPanel(from?: HTMLElement | null): void {
  opener = from ?? (document.activeElement instanceof HTMLElement ? document.activeElement : null);
  if (open) return;
  open = true;
  emit();
}

/** Closes the panel; focus goes back to the control that opened it unless `restoreFocus` is false. */
export function closeLiveChatPanel(restoreFocus = true): void {
  if (!open) return;
  open = false;
  emit();
  const target = opener;
  opener = null;
  // After React has removed the panel: the opener may have re-rendered in the meantime.
  if (restoreFocus && target) queueMicrotask(() => (target.isConnected ? target.focus() : undefined));
}

export function toggleLiveChatPanel(from?: HTMLElement | null): void {
  if (open) closeLiveChatPanel();
  else openLiveChatPanel(from);
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

const read = () => open;

export function useLiveChatPanelOpen(): boolean {
  return useSyncExternalStore(subscribe, read, read);
}

/**
 * Phones get the full /live-chat page (a docked panel would cover the whole screen anyway); wider screens the
 * panel, so the player keeps the page they were on.
 */
export const panelMediaQuery = '(min-width: 641px)';

export function prefersLiveChatPanel(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia(panelMediaQuery).matches;
}

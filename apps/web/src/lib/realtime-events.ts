import type { RealtimeEvent } from '@portal/contract';

/**
 * Realtime `notice` events (new message, announcement, …) for the features that did not open the socket. The
 * socket hook (features/wallet) emits what it receives; features never import each other, so they meet here.
 */
export type RealtimeNotice = Extract<RealtimeEvent, { type: 'notice' }>;
type Listener = (notice: RealtimeNotice) => void;

const listeners = new Set<Listener>();

export function emitRealtimeNotice(notice: RealtimeNotice): void {
  for (const listener of listeners) listener(notice);
}

/** Listens to realtime notices; returns the unsubscribe function. */
export function onRealtimeNotice(listener: Listener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

import { useSyncExternalStore } from 'react';

/*
 * Whether the app-download dialog is open. It is opened from the side menu, the floating bar and the footer,
 * which belong to different parts of the frame, so the state lives in one small store rather than in props.
 */

let open = false;
const listeners = new Set<() => void>();

function emit(): void {
  for (const listener of listeners) listener();
}

export function openAppDownload(): void {
  if (open) return;
  open = true;
  emit();
}

export function closeAppDownload(): void {
  if (!open) return;
  open = false;
  emit();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

const read = () => open;

export function useAppDownloadOpen(): boolean {
  return useSyncExternalStore(subscribe, read, read);
}

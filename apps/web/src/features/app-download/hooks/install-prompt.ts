import { useSyncExternalStore } from 'react';

/**
 * The browser's offer to install the portal as an app (the lite app, a PWA). Chromium fires
 * `beforeinstallprompt` once, early; it is kept here so the app-download dialog can show an Install button
 * whenever it opens. Safari has no such event: there the installation guide explains Add to Home Screen.
 */
type InstallPromptEvent = Event & { prompt: () => Promise<void>; userChoice: Promise<{ outcome: string }> };

let deferred: InstallPromptEvent | null = null;
let installed = false;
const listeners = new Set<() => void>();

function emit(): void {
  for (const listener of listeners) listener();
}

/** Starts listening; called once at start-up. */
export function captureInstallPrompt(target: Window = window): void {
  target.addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault();
    deferred = event as InstallPromptEvent;
    emit();
  });
  target.addEventListener('appinstalled', () => {
    deferred = null;
    installed = true;
    emit();
  });
  installed = target.matchMedia?.('(display-mode: standalone)').matches ?? false;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

type InstallState = { canInstall: boolean; installed: boolean };
let snapshot: InstallState = { canInstall: false, installed: false };
function read(): InstallState {
  if (snapshot.canInstall !== (deferred !== null) || snapshot.installed !== installed) {
    snapshot = { canInstall: deferred !== null, installed };
  }
  return snapshot;
}

export function useInstallPrompt(): InstallState & { install: () => Promise<void> } {
  const state = useSyncExternalStore(subscribe, read, read);
  return {
    ...state,
    install: async () => {
      const event = deferred;
      if (!event) return;
      deferred = null;
      await event.prompt();
      const choice = await event.userChoice;
      if (choice.outcome === 'accepted') installed = true;
      emit();
    },
  };
}

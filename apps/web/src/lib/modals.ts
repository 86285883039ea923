import { useSyncExternalStore } from 'react';

/**
 * The named modals of spec section 2 that any screen may open: the login popup, the register modal,
 * forgot and change password, the reset-password step of an e-mailed link and the logout confirmation.
 * One of them is open at a time; the app's session host renders it (features never import each other,
 * so a feature opens another feature's modal by name through this store).
 */
export type ModalName =
  | 'loginPopupModal'
  | 'registerModal'
  | 'forgetPassModal'
  | 'changePassModal'
  | 'resetPassModal'
  | 'logoutConfirm'
  // Content (features/content): the notice popup, the announcement popup and the feedback dialog.
  | 'noticeModal'
  | 'publicModal'
  | 'feedbackModal';

export type ModalParams = {
  /** logoutConfirm: where to go after signing out (the agent centre goes to /agent). */
  redirectTo?: string;
  /** noticeModal: the notice to open at (its index in the home marquee's list). */
  noticeIndex?: number;
};

export type ActiveModal = { name: ModalName; params: ModalParams };

let active: ActiveModal | null = null;
const listeners = new Set<() => void>();

function emit(): void {
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** Opens a modal in place of the open one. Opening the modal that is already open keeps its state. */
export function openModal(name: ModalName, params: ModalParams = {}): void {
  if (active?.name === name) return;
  active = { name, params };
  emit();
}

/** Closes the open modal, or only the named one when it is the one open. */
export function closeModal(name?: ModalName): void {
  if (!active || (name && active.name !== name)) return;
  active = null;
  emit();
}

export function getActiveModal(): ActiveModal | null {
  return active;
}

export function useActiveModal(): ActiveModal | null {
  return useSyncExternalStore(subscribe, getActiveModal, getActiveModal);
}

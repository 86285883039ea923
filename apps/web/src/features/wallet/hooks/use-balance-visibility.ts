import { useCallback, useSyncExternalStore } from 'react';
import { readStorage, writeStorage } from '@/lib/storage';

/** localStorage key of the player's choice to mask the header balance ("1" while hidden). */
export const hideBalanceKey = 'hideBalance';

const listeners = new Set<() => void>();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

const isHidden = () => readStorage('localStorage', hideBalanceKey) === '1';

/** Whether the balance is masked, remembered on the device; every header and menu using it follows at once. */
export function useBalanceVisibility(): { hidden: boolean; toggle: () => void } {
  const hidden = useSyncExternalStore(subscribe, isHidden, isHidden);
  const toggle = useCallback(() => {
    writeStorage('localStorage', hideBalanceKey, isHidden() ? null : '1');
    for (const listener of listeners) listener();
  }, []);
  return { hidden, toggle };
}

import { useEffect } from 'react';
import { cancelSweep, scheduleSweep } from '../api/vendor-wallet';

/** While a real game of a transfer-mode vendor is open on the page, its wallet is swept back when the page closes. */
export function useSweepOnLeave(vassalage: string | null): void {
  useEffect(() => {
    if (!vassalage) return;
    cancelSweep(vassalage);
    return () => scheduleSweep(vassalage);
  }, [vassalage]);
}

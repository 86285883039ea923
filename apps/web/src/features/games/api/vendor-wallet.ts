import { calls, type GameMenus, type WalletMode, walletBalanceViewSchema } from '@portal/contract';
import { apiCall } from '@/lib/api-client';
import { requestWalletTransfer } from './launch-game';

/** A fresh idempotency key for one transfer, chosen before it is sent (ARCHITECTURE.md section 4). */
export function newTransferKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return [...bytes].map((byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** The wallet mode of a vendor, from the vendor lanes (a vendor has one mode in every lane). */
export function walletModeOf(menus: GameMenus | undefined, vassalage: string): WalletMode {
  for (const lane of menus?.lanes ?? []) {
    const card = lane.cards.find((entry) => entry.vassalage === vassalage);
    if (card) return card.walletMode;
  }
  return 'seamless';
}

/**
 * Before real play at a transfer-mode vendor (ARCHITECTURE.md section 5, `GCS_walletTransfer`): the member's main
 * balance moves into the vendor's wallet, so the game has the money to play with. Nothing moves when the main
 * balance is empty (the vendor may still hold money from before).
 * @throws ApiError of the transfer (GAMING_TRANSFER_IN_PROGRESS, GAMING_TRANSFER_FAILED, …)
 */
export async function transferInBeforeLaunch(vassalage: string): Promise<void> {
  const balance = await apiCall(calls.walletBalance, { schema: walletBalanceViewSchema });
  if (BigInt(balance.main.minor) <= 0n) return;
  await requestWalletTransfer({ vassalage, direction: 'in', amount: balance.main.amount }, newTransferKey());
}

/** After real play at a transfer-mode vendor: everything comes back to the main wallet. */
export function sweepBack(vassalage: string): Promise<unknown> {
  return requestWalletTransfer({ vassalage, direction: 'all_out' }, newTransferKey());
}

const pendingSweeps = new Map<string, ReturnType<typeof setTimeout>>();

/**
 * Sweeps a transfer-mode vendor's wallet back when the game page closes. The sweep waits a tick so a page that
 * mounts again at once (React's development double mount, a reload of the frame) keeps its money in the game.
 */
export function scheduleSweep(vassalage: string): void {
  cancelSweep(vassalage);
  pendingSweeps.set(
    vassalage,
    setTimeout(() => {
      pendingSweeps.delete(vassalage);
      sweepBack(vassalage).catch((error: unknown) => console.warn('Sweeping the vendor wallet back failed', error));
    }, 0),
  );
}

export function cancelSweep(vassalage: string): void {
  const timer = pendingSweeps.get(vassalage);
  if (timer === undefined) return;
  clearTimeout(timer);
  pendingSweeps.delete(vassalage);
}

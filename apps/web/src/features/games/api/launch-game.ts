import {
  calls,
  type LaunchGameInput,
  type LaunchGameResult,
  launchGameResultSchema,
  type WalletTransferResult,
  walletTransferResultSchema,
} from '@portal/contract';
import { apiCall } from '@/lib/api-client';

/**
 * Real play goes through `/wps/game/launchGame` (needs a session); the Free Trial button through `startGameV2`,
 * which visitors may call too (spec section 6: visitors may try games for free).
 */
export function requestLaunch(input: LaunchGameInput): Promise<LaunchGameResult> {
  const entry = input.mode === 'trial' ? calls.startGameV2 : calls.launchGame;
  return apiCall(entry, { body: input, schema: launchGameResultSchema });
}

/** `GCS_walletTransfer`: moves money to or from a transfer-mode vendor's wallet, once per idempotency key. */
export function requestWalletTransfer(
  input: { vassalage: string; direction: 'in' | 'out' | 'all_out'; amount?: string },
  idempotencyKey: string,
): Promise<WalletTransferResult> {
  return apiCall(calls.walletTransfer, { body: input, idempotencyKey, schema: walletTransferResultSchema });
}

import type { LaunchModeKind, WalletMode } from '@portal/contract';
import type { LaunchTarget, VendorFeed } from '../catalogue';

/** What a launch hands an adapter. */
export type LaunchRequest = {
  /** Null for a visitor's free trial. */
  accountId: number | null;
  target: LaunchTarget;
  mode: LaunchModeKind;
  /** html5-desktop or html5 (mobile). */
  platform: string;
  language: string;
  currency: string;
  ip: string;
  /** Where the vendor's home button returns to. */
  lobbyUrl: string;
  /** The seamless session token the vendor's wallet calls will carry (real mode only). */
  token: string | null;
  launchMode: 'GAME' | 'LOBBY' | 'LOTT';
  lottoView?: 'betting' | 'lobby' | undefined;
};

/**
 * A game aggregator (ARCHITECTURE.md section 5): feeds the catalogue and launches games. Seamless aggregators call
 * our wallet gateway for every bet; transfer aggregators keep their own wallet that we move money into first.
 */
export interface VendorAdapter {
  readonly aggregator: string;
  readonly walletMode: WalletMode;
  /** The aggregator's current catalogue (vendors and games). */
  syncCatalogue(): Promise<VendorFeed>;
  /** A URL the player opens to play. @throws GAMING_VENDOR_UNAVAILABLE when the vendor fails or does not answer. */
  launch(request: LaunchRequest): Promise<string>;
  /** The vendor's page with a round's details, when the vendor offers one. */
  roundDetailsUrl?(input: { accountId: number; transactionUuid: string; round: string }): Promise<string>;
}

/** The outcome of a money call to a transfer-mode vendor: done, refused, or not known (check before anything else). */
export type TransferOutcome =
  | { kind: 'success'; amountMinor?: bigint; detail: Record<string, unknown> }
  | { kind: 'failed'; detail: Record<string, unknown> }
  | { kind: 'ambiguous'; detail: Record<string, unknown> };

/**
 * One bet as a transfer-mode vendor's bet-details report shows it (play happens in the vendor's wallet, so this
 * report is our only record of it). Amounts in our minor units; `winMinor` is the total return, stake included.
 */
export type VendorBetRecord = {
  /** The vendor's unique bet (order) id: the round id we record it under. */
  betId: string;
  /** Our account, read back from the vendor's player name; null for a name that is not one of ours. */
  accountId: number | null;
  username: string;
  gameCode: string;
  stakeMinor: bigint;
  winMinor: bigint;
  status: 'settled' | 'cancelled' | 'unsettled';
  betAt: Date;
  settledAt: Date | null;
};

/** One page of a vendor's bet-details report; `invalid` counts rows that could not be read (logged, skipped). */
export type VendorBetPage = { records: VendorBetRecord[]; page: number; totalPages: number; invalid: number };

/** The extra side of a transfer-mode aggregator. */
export interface TransferVendorAdapter extends VendorAdapter {
  readonly walletMode: 'transfer';
  /** Registers the player at the vendor ("ensure exists"). */
  ensurePlayer(accountId: number, vendorCode: string, currency: string): Promise<void>;
  /** Moves an amount in (to the vendor) or out, under our unique reference. */
  transfer(input: {
    accountId: number;
    vendorCode: string;
    direction: 'in' | 'out';
    amountMinor: bigint;
    reference: string;
  }): Promise<TransferOutcome>;
  /** Moves everything the player holds at the vendor back to us. */
  transferAllOut(input: { accountId: number; vendorCode: string; reference: string }): Promise<TransferOutcome>;
  /** The status of an earlier transfer, by its reference. PENDING and UNKNOWN come back as ambiguous. */
  checkTransfer(input: { vendorCode: string; reference: string }): Promise<TransferOutcome & { notFound?: boolean }>;
  /** The player's balance at the vendor, in minor units. */
  balance(input: { accountId: number; vendorCode: string }): Promise<bigint>;
  /** Whether a vendor code belongs to this aggregator. */
  hasVendor(vendorCode: string): boolean;
  /**
   * One page of the vendor's bet-details report: the bets of a vendor (product) whose latest change falls in
   * [from, to], to the second.
   * @throws GAMING_VENDOR_UNAVAILABLE when the report fails, times out or cannot be read.
   */
  betRecords?(input: { vendorCode: string; from: Date; to: Date; page: number }): Promise<VendorBetPage>;
  /** The latest draws of a lottery game (newest first) and the next draw, when the vendor publishes them. */
  openedNumbers?(input: { vendorCode: string; gameCode: string; limit: number }): Promise<{
    draws: Array<{ numero: string; numbers: string[]; openedAt: string }>;
    nextDrawAt: string | null;
  }>;
}

export function isTransferAdapter(adapter: VendorAdapter): adapter is TransferVendorAdapter {
  return adapter.walletMode === 'transfer';
}

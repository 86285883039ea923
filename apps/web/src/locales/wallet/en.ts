/**
 * English texts of the header balance and the realtime wallet notifications. They load with the header's
 * wallet corner (see ./index.ts), which only logged-in real accounts download.
 */
export const walletEn = {
  wallet: {
    balance: 'Balance',
    balanceHidden: 'Balance hidden',
    refresh: 'Refresh balance',
    show: 'Show balance',
    hide: 'Hide balance',
    unavailable: 'Balance unavailable',
    events: {
      depositArrived: 'Deposit of {{amount}} received.',
      depositArrivedTitle: 'Deposit arrived',
      depositFailed: 'Your deposit of {{amount}} did not go through.',
      depositFailedTitle: 'Deposit failed',
      withdrawalApproved: 'Your withdrawal of {{amount}} was approved.',
      withdrawalApprovedTitle: 'Withdrawal approved',
      withdrawalRejected: 'Your withdrawal of {{amount}} was rejected; the amount is back in your balance.',
      withdrawalRejectedReason:
        'Your withdrawal of {{amount}} was rejected ({{reason}}); the amount is back in your balance.',
      withdrawalRejectedTitle: 'Withdrawal rejected',
    },
  },
} as const;

type Widen<T> = { [K in keyof T]: T[K] extends string ? string : Widen<T[K]> };
/** The shape every language must fill: the same keys as English, any text. */
export type WalletMessages = Widen<typeof walletEn>;

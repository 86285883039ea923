/**
 * English texts of the live cashier queues (the operators' socket): the status beside a queue's title, the notices
 * of new items and the counts in the navigation. Merged into the console's bundle (locales/en.ts).
 */
export const cashierLiveEn = {
  cashierLive: {
    live: 'Live',
    liveHint: 'New requests and other operators’ decisions appear here at once.',
    connecting: 'Connecting…',
    offline: 'Reconnecting · refreshing every {{seconds}} s',
    offlineHint: 'The live connection dropped. The list refreshes itself until it is back.',
    newDeposit: 'New manual deposit',
    newWithdrawal: 'New withdrawal request',
    newDispute: 'Withdrawal disputed by the member',
    details: '{{member}} · {{amount}}',
    newItem: 'New',
    waiting: '{{count, number}} waiting',
  },
};

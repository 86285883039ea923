/** The member-centre tab labels of the cashier pages (registered by ./pages.ts). */
export const cashierPageLabels = {
  en: {
    cashierPages: {
      depositv2: 'Deposit',
      withdraw: 'Withdraw',
      transferUpline: 'Transfer',
      transactionHistory: 'Account record',
    },
  },
  bn: {
    cashierPages: {
      depositv2: 'জমা',
      withdraw: 'উত্তোলন',
      transferUpline: 'ট্রান্সফার',
      transactionHistory: 'অ্যাকাউন্ট রেকর্ড',
    },
  },
} as const;

export type CashierPageLabels = (typeof cashierPageLabels)['en'];

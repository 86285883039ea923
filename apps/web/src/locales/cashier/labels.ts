/** The member-centre tab labels of the cashier pages (registered by ./pages.ts). */
export const cashierPageLabels = {
  en: {
    cashierPages: {
      depositv2: 'Deposit',
      withdraw: 'Withdraw',
      transferUpline: 'Transfer',
      transactionHistory: 'Account record',
      transferFund: 'Wallet',
      personalProfit: 'Profit and loss',
      bonusDetails: 'Bonus details',
    },
  },
  bn: {
    cashierPages: {
      depositv2: 'জমা',
      withdraw: 'উত্তোলন',
      transferUpline: 'ট্রান্সফার',
      transactionHistory: 'অ্যাকাউন্ট রেকর্ড',
      transferFund: 'ওয়ালেট',
      personalProfit: 'লাভ ও ক্ষতি',
      bonusDetails: 'বোনাসের বিবরণ',
    },
  },
} as const;

export type CashierPageLabels = (typeof cashierPageLabels)['en'];

import type { WalletMessages } from './en';

/** Bengali texts of the header balance and wallet notifications. Typed against English so a missing key fails. */
export const walletBn: WalletMessages = {
  wallet: {
    balance: 'ব্যালেন্স',
    balanceHidden: 'ব্যালেন্স লুকানো',
    refresh: 'ব্যালেন্স রিফ্রেশ করুন',
    show: 'ব্যালেন্স দেখান',
    hide: 'ব্যালেন্স লুকান',
    unavailable: 'ব্যালেন্স পাওয়া যাচ্ছে না',
    events: {
      depositArrived: '{{amount}} জমা পাওয়া গেছে।',
      depositArrivedTitle: 'জমা এসেছে',
      depositFailed: 'আপনার {{amount}} জমা সম্পন্ন হয়নি।',
      depositFailedTitle: 'জমা ব্যর্থ হয়েছে',
      withdrawalApproved: 'আপনার {{amount}} উত্তোলন অনুমোদিত হয়েছে।',
      withdrawalApprovedTitle: 'উত্তোলন অনুমোদিত',
      withdrawalRejected: 'আপনার {{amount}} উত্তোলন প্রত্যাখ্যাত হয়েছে; টাকা আপনার ব্যালেন্সে ফেরত এসেছে।',
      withdrawalRejectedReason: 'আপনার {{amount}} উত্তোলন প্রত্যাখ্যাত হয়েছে ({{reason}}); টাকা আপনার ব্যালেন্সে ফেরত এসেছে।',
      withdrawalRejectedTitle: 'উত্তোলন প্রত্যাখ্যাত',
    },
  },
};

import type { cashierLiveEn } from './en';

/** Bangla texts of the live cashier queues; the same keys as `cashierLiveEn`. */
export const cashierLiveBn: typeof cashierLiveEn = {
  cashierLive: {
    live: 'লাইভ',
    liveHint: 'নতুন অনুরোধ ও অন্য অপারেটরদের সিদ্ধান্ত এখানে সঙ্গে সঙ্গে দেখা যায়।',
    connecting: 'সংযোগ হচ্ছে…',
    offline: 'আবার সংযোগ হচ্ছে · প্রতি {{seconds}} সেকেন্ডে হালনাগাদ',
    offlineHint: 'লাইভ সংযোগ বিচ্ছিন্ন হয়েছে। ফিরে না আসা পর্যন্ত তালিকা নিজে নিজে হালনাগাদ হবে।',
    newDeposit: 'নতুন ম্যানুয়াল জমা',
    newWithdrawal: 'নতুন উত্তোলনের অনুরোধ',
    newDispute: 'সদস্য উত্তোলন নিয়ে আপত্তি জানিয়েছেন',
    details: '{{member}} · {{amount}}',
    newItem: 'নতুন',
    waiting: '{{count, number}}টি অপেক্ষায়',
  },
};

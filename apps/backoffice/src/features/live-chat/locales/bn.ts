import type { liveChatBoEn } from './en';

/** Bengali texts of the live-chat console. */
export const liveChatBoBn: typeof liveChatBoEn = {
  liveChatBo: {
    title: 'লাইভ চ্যাট',
    description: 'সদস্য ও দর্শনার্থীরা গ্রাহক সেবায় লিখছেন। একটি কথোপকথন নিন, উত্তর দিন, শেষ হলে বন্ধ করুন।',
    views: 'কথোপকথন',
    status: { waiting: 'অপেক্ষমাণ', assigned: 'নির্ধারিত', closed: 'বন্ধ' },
    empty: 'এখানে কোনো কথোপকথন নেই।',
    pick: 'পড়তে ও উত্তর দিতে বাম দিকের একটি কথোপকথন বেছে নিন।',
    visitor: 'দর্শনার্থী',
    member: 'সদস্য #{{id}}',
    unread: '{{count, number}}টি অপঠিত',
    assignedTo: '{{name}}-এর কাছে নির্ধারিত',
    noMessages: 'এখনও কোনো বার্তা নেই।',
    assign: 'আমাকে দিন',
    close: 'কথোপকথন বন্ধ করুন',
    closeConfirm: 'এই কথোপকথন বন্ধ করবেন? সদস্য আর এতে লিখতে পারবেন না।',
    reply: 'উত্তর',
    replyPlaceholder: 'একটি উত্তর লিখুন…',
    send: 'পাঠান',
    closedNote: 'এই কথোপকথনটি বন্ধ।',
    you: 'আপনি',
    counter: '{{count, number}} / {{max, number}}',
    socket: { connecting: 'সংযোগ হচ্ছে…', live: 'লাইভ', offline: 'অফলাইন — আবার সংযোগ হচ্ছে' },
    messagesLabel: '{{name}}-এর সাথে বার্তা',
  },
};

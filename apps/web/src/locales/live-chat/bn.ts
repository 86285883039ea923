import type { LiveChatMessages } from './en';

/** Bengali texts of the live-chat window. */
export const liveChatBn: LiveChatMessages = {
  liveChat: {
    title: 'লাইভ চ্যাট',
    subtitle: 'আমাদের গ্রাহক সেবা দল এখানে উত্তর দেয়।',
    panel: {
      close: 'লাইভ চ্যাট বন্ধ করুন',
      openPage: 'লাইভ চ্যাট পূর্ণ পৃষ্ঠায় খুলুন',
    },
    start: {
      intro: 'আপনার নাম লিখুন, আমরা আপনাকে গ্রাহক সেবার সাথে যুক্ত করব।',
      memberIntro: 'গ্রাহক সেবার সাথে একটি চ্যাট শুরু করুন।',
      name: 'আপনার নাম',
      submit: 'চ্যাট শুরু করুন',
    },
    status: {
      connecting: 'সংযোগ হচ্ছে…',
      waiting: 'একজন প্রতিনিধির অপেক্ষায়',
      assigned: '{{name}} আপনার সাথে আছেন',
      reconnecting: 'সংযোগ বিচ্ছিন্ন — আবার সংযোগ হচ্ছে…',
      closed: 'এই চ্যাটটি শেষ হয়েছে।',
      expired: 'এই চ্যাট লিঙ্কের মেয়াদ শেষ হয়েছে।',
    },
    empty: 'নিচে আপনার প্রশ্ন লিখুন; একজন প্রতিনিধি শীঘ্রই উত্তর দেবেন।',
    you: 'আপনি',
    agent: 'গ্রাহক সেবা',
    message: 'বার্তা',
    placeholder: 'একটি বার্তা লিখুন…',
    send: 'পাঠান',
    counter: '{{count}} / {{max}}',
    newChat: 'নতুন চ্যাট শুরু করুন',
    messagesLabel: 'চ্যাটের বার্তা',
    close: 'চ্যাট বন্ধ করুন',
  },
};

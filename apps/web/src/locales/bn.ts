import type { WebMessages } from './en';

/** Bengali texts of the player web app. Typed against English so a missing key fails the typecheck. */
export const bn: WebMessages = {
  app: {
    loading: 'লোড হচ্ছে',
    retry: 'আবার চেষ্টা করুন',
    reload: 'পৃষ্ঠাটি আবার লোড করুন',
    backHome: 'হোমে ফিরে যান',
    skipToContent: 'মূল বিষয়বস্তুতে যান',
    startupErrorTitle: 'সাইটটি খোলা যায়নি',
    startupErrorBody: 'সাইটের সেটিংস লোড করা যায়নি। আপনার সংযোগ যাচাই করে আবার চেষ্টা করুন।',
    crashTitle: 'কিছু একটা ভুল হয়েছে',
    crashBody: 'পৃষ্ঠাটিতে একটি অপ্রত্যাশিত সমস্যা হয়েছে। চালিয়ে যেতে পৃষ্ঠাটি আবার লোড করুন।',
    routeErrorTitle: 'এই পৃষ্ঠাটি খোলা যায়নি',
    routeErrorBody:
      'পৃষ্ঠার একটি অংশ লোড হয়নি, সাধারণত সংযোগের সমস্যা বা সাইটের নতুন সংস্করণের কারণে। চালিয়ে যেতে পৃষ্ঠাটি আবার লোড করুন।',
    notFoundTitle: 'পৃষ্ঠাটি পাওয়া যায়নি',
    notFoundBody: 'আপনি যে পৃষ্ঠাটি খুঁজছেন সেটি নেই অথবা সরিয়ে নেওয়া হয়েছে।',
    errorCode: 'ত্রুটি কোড: {{code}}',
  },
  errors: {
    NETWORK: 'নেটওয়ার্ক সংযোগে সমস্যা হয়েছে, অনুগ্রহ করে আবার চেষ্টা করুন',
    TIMEOUT: 'পৃষ্ঠাটি লোড হতে বেশি সময় লাগছে, অনুগ্রহ করে আপনার নেটওয়ার্ক সংযোগ যাচাই করুন',
    RESPONSE_INVALID: 'সার্ভারের উত্তরটি এই পৃষ্ঠা পড়তে পারছে না। অনুগ্রহ করে পৃষ্ঠাটি রিফ্রেশ করে আবার চেষ্টা করুন।',
  },
  language: {
    label: 'ভাষা',
    choose: 'ভাষা বেছে নিন',
  },
  status: {
    maintenance: {
      title: 'সিস্টেম রক্ষণাবেক্ষণ',
      info: 'আপনাকে আরও ভালো সেবা দিতে আমরা আমাদের সিস্টেম আপগ্রেড করছি। আপনার অ্যাকাউন্ট ও ব্যালেন্স নিরাপদ আছে। রক্ষণাবেক্ষণ শেষ হলে অনুগ্রহ করে আবার আসুন।',
      endsAt: 'সম্ভাব্য শেষ সময়',
      endsIn: 'বাকি সময়',
      endUnknown: 'শেষ হওয়ার সময় শীঘ্রই জানানো হবে।',
      overdue: 'রক্ষণাবেক্ষণে ঘোষিত সময়ের চেয়ে একটু বেশি সময় লাগছে। এই পৃষ্ঠাটি নিয়মিত যাচাই করে এবং সাইট চালু হলেই তা খুলে দেবে।',
      checkAgain: 'আবার যাচাই করুন',
      days: 'দিন',
      hours: 'ঘণ্টা',
      minutes: 'মিনিট',
      seconds: 'সেকেন্ড',
    },
    region: {
      title: 'প্রবেশ সীমাবদ্ধ',
      ipLabel: 'আপনার আইপি ঠিকানা',
      info: 'আপনার দেশ বা অঞ্চলে আমাদের সেবা উপলব্ধ নয়। এটি ভুল মনে হলে অনুগ্রহ করে গ্রাহক সেবায় যোগাযোগ করুন।',
    },
  },
  customerService: {
    title: 'গ্রাহক সেবা',
    contact: 'গ্রাহক সেবায় যোগাযোগ করুন',
    opensInNewTab: 'নতুন ট্যাবে খুলবে',
    types: {
      LIVECHAT: 'লাইভ চ্যাট',
      FACEBOOK: 'ফেসবুক',
      TELEGRAM: 'টেলিগ্রাম',
      WHATSAPP: 'হোয়াটসঅ্যাপ',
      EMAIL: 'ই-মেইল',
      PHONE: 'ফোন',
      ZALO: 'জালো',
      LINE: 'লাইন',
    },
  },
  layout: {
    home: 'হোম',
    mainNavigation: 'প্রধান নেভিগেশন',
    footer: {
      customerService: 'গ্রাহক সেবা',
      downloads: 'অ্যাপ ডাউনলোড করুন',
      help: 'সহায়তা',
      helpCenter: 'সহায়তা কেন্দ্র',
      terms: 'শর্তাবলী',
      copyright: '© {{year}} {{site}}। সর্বস্বত্ব সংরক্ষিত।',
      adultsOnly: '১৮+',
      responsible: 'খেলোয়াড়দের বয়স অবশ্যই ১৮ বা তার বেশি হতে হবে। দায়িত্বশীলভাবে খেলুন।',
    },
    resources: {
      ANDROID: 'অ্যান্ড্রয়েড অ্যাপ',
      IOS: 'আইওএস অ্যাপ',
      LITE_APP: 'লাইট অ্যাপ',
      TELEGRAM: 'টেলিগ্রাম চ্যানেল',
      WHATSAPP: 'হোয়াটসঅ্যাপ',
      LICENCE: 'লাইসেন্স',
    },
  },
  home: {
    welcome: '<site>{{site}}</site>-এ স্বাগতম',
    tagline: 'লাইভ ক্যাসিনো, স্লট, স্পোর্টস ও লটারি — সব এক জায়গায়।',
    supportTitle: 'আমরা সাহায্য করতে প্রস্তুত',
    supportBody: 'নিচের যেকোনো মাধ্যমে আমাদের গ্রাহক সেবা দলের সাথে যোগাযোগ করুন।',
  },
  help: {
    title: 'সহায়তা কেন্দ্র',
    categories: 'সহায়তার বিভাগসমূহ',
    articles: 'এই বিভাগের নিবন্ধসমূহ',
    empty: 'এখনও কোনো সহায়তা নিবন্ধ নেই।',
    loadError: 'সহায়তা কেন্দ্র লোড করা যায়নি।',
  },
  prompts: {
    in_popup_prompt: 'বার্তা',
    in_sure_logout: 'আপনি কি নিশ্চিতভাবে লগ আউট করতে চান?',
    in_more_cancel: 'বাতিল',
    in_increase_submit: 'নিশ্চিত করুন',
    in_need_true_account: 'এর জন্য একটি আসল অ্যাকাউন্ট প্রয়োজন। এখনই নিবন্ধন করুন — মাত্র এক মিনিট লাগে।',
    in_been_out:
      'ইউজারনেম ও ই-মেইল কোনো অ্যাকাউন্টের সাথে মিললে আমরা সেই ই-মেইলে পাসওয়ার্ড রিসেট করার একটি লিংক পাঠিয়েছি। অনুগ্রহ করে আপনার ইনবক্স দেখুন।',
  },
  /** Texts of the header's account corner; the identity dialogs' own texts load with them (locales/identity). */
  auth: {
    login: {
      open: 'লগ ইন',
    },
    register: {
      open: 'নিবন্ধন',
    },
    account: {
      menu: 'অ্যাকাউন্ট মেনু',
      myAccount: 'আমার অ্যাকাউন্ট',
      agentCentre: 'এজেন্ট সেন্টার',
      changePassword: 'পাসওয়ার্ড পরিবর্তন',
      registerReal: 'আসল অ্যাকাউন্ট নিবন্ধন করুন',
      logInReal: 'আমার অ্যাকাউন্টে লগ ইন করুন',
      signOut: 'সাইন আউট',
      signingOut: 'সাইন আউট হচ্ছে',
      roles: {
        member: 'সদস্য',
        agent: 'এজেন্ট',
        trial: 'ট্রায়াল',
      },
    },
  },
  ui: {
    close: 'বন্ধ করুন',
    dismiss: 'বিজ্ঞপ্তি সরান',
    loading: 'লোড হচ্ছে',
    notifications: 'বিজ্ঞপ্তি',
    pager: {
      label: 'পৃষ্ঠাসমূহ',
      previous: 'আগের পৃষ্ঠা',
      next: 'পরের পৃষ্ঠা',
      page: 'পৃষ্ঠা {{page}}',
      more: 'আরও পৃষ্ঠা',
    },
  },
};

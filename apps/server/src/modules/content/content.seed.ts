import type { AnnouncementInput } from '@portal/contract';
import { demoArticles } from './content.articles.seed';
import { demoBannerUrl } from './content.media';
import type { ContentService } from './content.service';

type Texts = AnnouncementInput['texts'];

const banner = (
  seedKey: string,
  group: 'w_home' | 'w_promotion',
  art: string,
  sort: number,
  texts: Texts,
  link: Pick<AnnouncementInput, 'linkageType' | 'linkage'> = { linkageType: 'NONE' },
) => ({
  seedKey,
  input: {
    type: 'B' as const,
    groupName: group,
    images: [{ url: demoBannerUrl(art), sequence: 1 }],
    texts,
    sort,
    ...link,
  },
});

/**
 * The demo announcements (SEED_DEMO): home and promotion banners, marquee notices, a popup for everyone and one
 * for first logins, promotions and a help note, in English and Bengali. Idempotent by seed key.
 */
export const demoAnnouncements: Array<{ seedKey: string; input: AnnouncementInput }> = [
  banner(
    'banner-welcome',
    'w_home',
    'welcome-bonus',
    1,
    {
      en: { title: '70% first deposit bonus', content: '' },
      bn: { title: 'প্রথম ডিপোজিটে ৭০% বোনাস', content: '' },
    },
    { linkageType: 'PROMOTION', linkage: null },
  ),
  banner(
    'banner-live',
    'w_home',
    'live-casino',
    2,
    {
      en: { title: 'Live casino', content: '' },
      bn: { title: 'লাইভ ক্যাসিনো', content: '' },
    },
    { linkageType: 'ROUTE', linkage: '/live' },
  ),
  banner(
    'banner-invite',
    'w_home',
    'invite-friends',
    3,
    {
      en: { title: 'Invite friends', content: '' },
      bn: { title: 'বন্ধুদের আমন্ত্রণ জানান', content: '' },
    },
    { linkageType: 'PROMOTION', linkage: null },
  ),
  banner(
    'banner-sports',
    'w_home',
    'sports-weekend',
    4,
    {
      en: { title: 'Weekend sports', content: '' },
      bn: { title: 'সপ্তাহান্তের খেলা', content: '' },
    },
    { linkageType: 'ROUTE', linkage: '/sports' },
  ),
  banner('promo-vip', 'w_promotion', 'vip-club', 1, {
    en: { title: 'VIP club', content: '' },
    bn: { title: 'ভিআইপি ক্লাব', content: '' },
  }),
  banner('promo-crash', 'w_promotion', 'crash-games', 2, {
    en: { title: 'Crash games', content: '' },
    bn: { title: 'ক্র্যাশ গেম', content: '' },
  }),
  {
    seedKey: 'notice-maintenance',
    input: {
      type: 'PL',
      sort: 1,
      texts: {
        en: {
          title: 'Scheduled maintenance on Tuesday 02:00–04:00 (GMT+6)',
          content:
            '<p>Some game providers will be briefly unavailable on <strong>Tuesday between 02:00 and 04:00 (GMT+6)</strong> for scheduled maintenance.</p><p>Your balance is safe; money left in a game is returned to your main wallet when the provider is back.</p>',
        },
        bn: {
          title: 'মঙ্গলবার ০২:০০–০৪:০০ (GMT+6) নির্ধারিত রক্ষণাবেক্ষণ',
          content:
            '<p>নির্ধারিত রক্ষণাবেক্ষণের জন্য <strong>মঙ্গলবার ০২:০০ থেকে ০৪:০০ (GMT+6)</strong> পর্যন্ত কিছু গেম প্রোভাইডার সাময়িকভাবে বন্ধ থাকবে।</p><p>আপনার ব্যালেন্স নিরাপদ; প্রোভাইডার ফিরে এলে গেমে থাকা টাকা মূল ওয়ালেটে ফেরত আসবে।</p>',
        },
      },
    },
  },
  {
    seedKey: 'notice-bkash',
    input: {
      type: 'PL',
      sort: 2,
      texts: {
        en: {
          title: 'Instant deposits with bKash and Nagad are now available',
          content:
            '<p>Deposit in seconds with <strong>bKash</strong> and <strong>Nagad</strong>. Open <em>Deposit</em> in your account menu and choose your e-wallet.</p>',
        },
        bn: {
          title: 'বিকাশ ও নগদে তাৎক্ষণিক ডিপোজিট এখন চালু',
          content:
            '<p><strong>বিকাশ</strong> ও <strong>নগদ</strong> দিয়ে কয়েক সেকেন্ডে ডিপোজিট করুন। অ্যাকাউন্ট মেনু থেকে <em>ডিপোজিট</em> খুলে আপনার ই-ওয়ালেট বেছে নিন।</p>',
        },
      },
    },
  },
  {
    seedKey: 'notice-responsible',
    input: {
      type: 'PL',
      sort: 3,
      texts: {
        en: {
          title: 'Play responsibly: only members aged 18 or over may play',
          content:
            '<p>Gaming should be fun. Set yourself a budget and take breaks. Only players aged <strong>18 or over</strong> may open an account.</p>',
        },
        bn: {
          title: 'দায়িত্বশীলভাবে খেলুন: শুধুমাত্র ১৮ বছর বা তার বেশি বয়সীরা খেলতে পারবেন',
          content:
            '<p>খেলা আনন্দের জন্য। নিজের জন্য একটি বাজেট ঠিক করুন এবং বিরতি নিন। শুধুমাত্র <strong>১৮ বছর বা তার বেশি</strong> বয়সীরা অ্যাকাউন্ট খুলতে পারবেন।</p>',
        },
      },
    },
  },
  {
    seedKey: 'popup-welcome',
    input: {
      type: 'PU',
      audiences: ['A', 'B'],
      sort: 1,
      linkageType: 'PROMOTION',
      texts: {
        en: {
          title: 'Welcome: 70% bonus on your first deposit',
          content:
            '<h3>New here? Your first deposit counts for more.</h3><p>Register, make your first deposit and receive a <strong>70% bonus</strong> on top. The bonus is credited as soon as your deposit arrives.</p><ul><li>Minimum deposit ৳500</li><li>Turnover 10x before withdrawal</li><li>One bonus per member</li></ul><p>Open the <a href="/member?page=rewardCenter">rewards centre</a> to claim it.</p>',
        },
        bn: {
          title: 'স্বাগতম: প্রথম ডিপোজিটে ৭০% বোনাস',
          content:
            '<h3>নতুন? আপনার প্রথম ডিপোজিটের মূল্য আরও বেশি।</h3><p>রেজিস্টার করুন, প্রথম ডিপোজিট করুন এবং অতিরিক্ত <strong>৭০% বোনাস</strong> পান। ডিপোজিট জমা হওয়ার সাথে সাথে বোনাস যোগ হবে।</p><ul><li>সর্বনিম্ন ডিপোজিট ৳৫০০</li><li>উত্তোলনের আগে ১০ গুণ টার্নওভার</li><li>প্রতি সদস্যের জন্য একটি বোনাস</li></ul><p>বোনাস নিতে <a href="/member?page=rewardCenter">রিওয়ার্ড সেন্টার</a> খুলুন।</p>',
        },
      },
    },
  },
  {
    seedKey: 'popup-deposit-guide',
    input: {
      type: 'PU',
      audiences: ['A', 'B'],
      sort: 2,
      texts: {
        en: {
          title: 'How to deposit safely',
          content:
            '<p>Always deposit through the <strong>Deposit</strong> page of your account. Our staff will never ask you to send money to a personal number.</p><p>If something looks wrong, contact customer service through live chat.</p>',
        },
        bn: {
          title: 'নিরাপদে ডিপোজিট করার নিয়ম',
          content:
            '<p>সবসময় আপনার অ্যাকাউন্টের <strong>ডিপোজিট</strong> পেজ থেকে ডিপোজিট করুন। আমাদের কর্মীরা কখনও ব্যক্তিগত নম্বরে টাকা পাঠাতে বলবেন না।</p><p>কিছু ভুল মনে হলে লাইভ চ্যাটে গ্রাহক সেবায় যোগাযোগ করুন।</p>',
        },
      },
    },
  },
  {
    seedKey: 'popup-first-login',
    input: {
      type: 'PU',
      audiences: ['F'],
      sort: 3,
      texts: {
        en: {
          title: 'Welcome aboard! Three steps to get started',
          content:
            '<ol><li>Set a payment password in <em>My account</em>.</li><li>Bind a bank account or e-wallet.</li><li>Make your first deposit and claim your bonus.</li></ol>',
        },
        bn: {
          title: 'স্বাগতম! শুরু করার তিনটি ধাপ',
          content:
            '<ol><li><em>আমার অ্যাকাউন্ট</em>-এ একটি পেমেন্ট পাসওয়ার্ড সেট করুন।</li><li>একটি ব্যাংক অ্যাকাউন্ট বা ই-ওয়ালেট যুক্ত করুন।</li><li>প্রথম ডিপোজিট করুন এবং বোনাস নিন।</li></ol>',
        },
      },
    },
  },
  {
    seedKey: 'promotion-first-deposit',
    input: {
      type: 'PR',
      sort: 1,
      linkageType: 'PROMOTION',
      images: [{ url: demoBannerUrl('welcome-bonus'), sequence: 1 }],
      texts: {
        en: {
          title: '70% bonus on your first deposit',
          content:
            '<p>New members receive a <strong>70% bonus</strong> on their first deposit, credited as soon as the deposit arrives.</p><ul><li>Minimum deposit ৳500</li><li>Turnover 10x before withdrawal</li><li>One bonus per member</li></ul>',
        },
        bn: {
          title: 'প্রথম ডিপোজিটে ৭০% বোনাস',
          content:
            '<p>নতুন সদস্যরা প্রথম ডিপোজিটে <strong>৭০% বোনাস</strong> পান, ডিপোজিট জমা হওয়ার সাথে সাথে যোগ হয়।</p><ul><li>সর্বনিম্ন ডিপোজিট ৳৫০০</li><li>উত্তোলনের আগে ১০ গুণ টার্নওভার</li><li>প্রতি সদস্যের জন্য একটি বোনাস</li></ul>',
        },
      },
    },
  },
  {
    seedKey: 'promotion-referral',
    input: {
      type: 'PR',
      sort: 2,
      linkageType: 'PROMOTION',
      images: [{ url: demoBannerUrl('invite-friends'), sequence: 1 }],
      texts: {
        en: {
          title: '৳7,777 for every friend you invite',
          content:
            '<p>Share your invitation link. When a friend registers and makes a first deposit, you receive <strong>৳7,777</strong>.</p>',
        },
        bn: {
          title: 'প্রতি বন্ধুকে আমন্ত্রণে ৳৭,৭৭৭',
          content:
            '<p>আপনার আমন্ত্রণ লিংক শেয়ার করুন। বন্ধু রেজিস্টার করে প্রথম ডিপোজিট করলে আপনি পাবেন <strong>৳৭,৭৭৭</strong>।</p>',
        },
      },
    },
  },
  {
    seedKey: 'promotion-cashback',
    input: {
      type: 'PR',
      sort: 3,
      linkageType: 'PROMOTION',
      texts: {
        en: {
          title: 'Weekly 5% cashback on slots',
          content: '<p>Every Monday, get back <strong>5%</strong> of your net slot losses from the previous week.</p>',
        },
        bn: {
          title: 'স্লটে সাপ্তাহিক ৫% ক্যাশব্যাক',
          content: '<p>প্রতি সোমবার আগের সপ্তাহের স্লটে নিট ক্ষতির <strong>৫%</strong> ফেরত পান।</p>',
        },
      },
    },
  },
  {
    seedKey: 'help-contact',
    input: {
      type: 'H',
      sort: 1,
      texts: {
        en: {
          title: 'Need help?',
          content: '<p>Our customer service team is available 24/7 through live chat, Telegram and WhatsApp.</p>',
        },
        bn: {
          title: 'সাহায্য দরকার?',
          content: '<p>আমাদের গ্রাহক সেবা দল লাইভ চ্যাট, টেলিগ্রাম ও হোয়াটসঅ্যাপে ২৪/৭ আছে।</p>',
        },
      },
    },
  },
];

/** Seeds the demo announcements and articles; returns how many were new. */
export async function seedDemoContent(
  content: Pick<ContentService, 'seedAnnouncements' | 'seedArticles'>,
): Promise<number> {
  return (await content.seedAnnouncements(demoAnnouncements)) + (await content.seedArticles(demoArticles));
}

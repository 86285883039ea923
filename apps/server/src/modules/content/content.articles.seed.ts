import type { SeedArticle } from './content.articles.service';
import { demoBannerUrl } from './content.media';

/**
 * The demo articles (SEED_DEMO): news, blog posts and beginner guides about using the portal, in English and
 * Bengali. Idempotent by seed key; each is dated a few days back so the lists have a natural order.
 */
export const demoArticles: readonly SeedArticle[] = [
  {
    seedKey: 'guide-deposit',
    publishedDaysAgo: 30,
    input: {
      kind: 'guide',
      published: true,
      sort: 1,
      coverUrl: demoBannerUrl('guide-deposit'),
      texts: {
        en: {
          title: 'How to make your first deposit',
          summary: 'Top up your balance with bKash, Nagad, Rocket or a bank transfer in a few taps.',
          body: '<p>Your balance is what you play with. Topping it up takes less than a minute.</p><h3>Step 1: open Deposit</h3><p>Log in and press <strong>Deposit</strong> in the header, or open <em>Deposit</em> in your account menu.</p><h3>Step 2: choose a channel and an amount</h3><p>Pick bKash, Nagad, Rocket or bank transfer. Each channel shows its minimum and maximum amount. Enter the amount you want to add.</p><h3>Step 3: pay and wait for the confirmation</h3><p>Follow the instructions of the channel. For an e-wallet you approve the payment in its app; for a manual transfer you upload the receipt. You receive an inbox message as soon as the money has arrived.</p><ul><li>Always deposit from the Deposit page. Our staff will never ask you to send money to a personal number.</li><li>Your first deposit earns a 70% welcome bonus.</li><li>If a deposit has not arrived after 15 minutes, contact customer service through live chat.</li></ul>',
        },
        bn: {
          title: 'কীভাবে প্রথম ডিপোজিট করবেন',
          summary: 'বিকাশ, নগদ, রকেট বা ব্যাংক ট্রান্সফারে কয়েক ট্যাপে ব্যালেন্স যোগ করুন।',
          body: '<p>আপনার ব্যালেন্স দিয়েই আপনি খেলেন। ব্যালেন্স যোগ করতে এক মিনিটেরও কম সময় লাগে।</p><h3>ধাপ ১: ডিপোজিট খুলুন</h3><p>লগইন করে হেডারে <strong>ডিপোজিট</strong> চাপুন, অথবা অ্যাকাউন্ট মেনু থেকে <em>ডিপোজিট</em> খুলুন।</p><h3>ধাপ ২: চ্যানেল ও পরিমাণ বেছে নিন</h3><p>বিকাশ, নগদ, রকেট বা ব্যাংক ট্রান্সফার বেছে নিন। প্রতিটি চ্যানেলে সর্বনিম্ন ও সর্বোচ্চ পরিমাণ দেখানো থাকে। যে পরিমাণ যোগ করতে চান তা লিখুন।</p><h3>ধাপ ৩: পেমেন্ট করুন ও নিশ্চিতকরণের অপেক্ষা করুন</h3><p>চ্যানেলের নির্দেশনা অনুসরণ করুন। ই-ওয়ালেটে অ্যাপ থেকে পেমেন্ট অনুমোদন করুন; ম্যানুয়াল ট্রান্সফারে রসিদ আপলোড করুন। টাকা জমা হলেই ইনবক্সে বার্তা পাবেন।</p><ul><li>সবসময় ডিপোজিট পেজ থেকেই ডিপোজিট করুন। আমাদের কর্মীরা কখনও ব্যক্তিগত নম্বরে টাকা পাঠাতে বলবেন না।</li><li>প্রথম ডিপোজিটে ৭০% স্বাগত বোনাস পাবেন।</li><li>১৫ মিনিটের মধ্যে ডিপোজিট না এলে লাইভ চ্যাটে গ্রাহক সেবায় যোগাযোগ করুন।</li></ul>',
        },
      },
    },
  },
  {
    seedKey: 'guide-withdraw',
    publishedDaysAgo: 29,
    input: {
      kind: 'guide',
      published: true,
      sort: 2,
      coverUrl: demoBannerUrl('guide-withdraw'),
      texts: {
        en: {
          title: 'How to withdraw your winnings',
          summary: 'Set a payment password, bind an account and cash out to your wallet or bank.',
          body: '<p>Withdrawals go to an account you have bound to your profile, so that winnings only ever reach you.</p><ol><li>Set a <strong>payment password</strong> in <em>My account</em>. It is separate from your login password.</li><li>Bind a bKash, Nagad or Rocket number or a bank account in the same place.</li><li>Open <strong>Withdraw</strong>, enter the amount and your payment password, and confirm.</li></ol><p>Most withdrawals are approved within 30 minutes. When the money arrives, confirm it on the withdrawal record; if only part of it arrived, say so and upload a screenshot.</p><p>A bonus may carry a turnover requirement. Until it is met, the bonus part of your balance cannot be withdrawn.</p>',
        },
        bn: {
          title: 'কীভাবে আপনার জয়ের টাকা উত্তোলন করবেন',
          summary: 'পেমেন্ট পাসওয়ার্ড সেট করুন, একটি অ্যাকাউন্ট যুক্ত করুন এবং ওয়ালেট বা ব্যাংকে টাকা তুলুন।',
          body: '<p>উত্তোলন শুধু আপনার প্রোফাইলে যুক্ত অ্যাকাউন্টেই যায়, যাতে জয়ের টাকা কেবল আপনার কাছেই পৌঁছায়।</p><ol><li><em>আমার অ্যাকাউন্ট</em>-এ একটি <strong>পেমেন্ট পাসওয়ার্ড</strong> সেট করুন। এটি লগইন পাসওয়ার্ড থেকে আলাদা।</li><li>একই জায়গায় একটি বিকাশ, নগদ বা রকেট নম্বর অথবা ব্যাংক অ্যাকাউন্ট যুক্ত করুন।</li><li><strong>উত্তোলন</strong> খুলে পরিমাণ ও পেমেন্ট পাসওয়ার্ড লিখে নিশ্চিত করুন।</li></ol><p>বেশিরভাগ উত্তোলন ৩০ মিনিটের মধ্যে অনুমোদিত হয়। টাকা পৌঁছালে উত্তোলনের রেকর্ডে তা নিশ্চিত করুন; আংশিক পৌঁছালে তা জানিয়ে একটি স্ক্রিনশট আপলোড করুন।</p><p>বোনাসের সাথে টার্নওভারের শর্ত থাকতে পারে। শর্ত পূরণ না হওয়া পর্যন্ত ব্যালেন্সের বোনাস অংশ তোলা যাবে না।</p>',
        },
      },
    },
  },
  {
    seedKey: 'guide-responsible',
    publishedDaysAgo: 28,
    input: {
      kind: 'guide',
      published: true,
      sort: 3,
      coverUrl: demoBannerUrl('play-safe'),
      texts: {
        en: {
          title: 'Responsible gaming: keep it fun',
          summary: 'Simple habits that keep gaming a pastime, and where to find help.',
          body: '<p>Gaming is entertainment, not a way to earn money. These habits help keep it that way.</p><ul><li><strong>Set a budget</strong> before you start and stop when it is spent. Never chase losses.</li><li><strong>Take breaks.</strong> Time passes quickly in a game; step away every hour.</li><li><strong>Never borrow</strong> to play, and never play with money meant for rent, food or bills.</li><li><strong>Do not play</strong> when you are upset, tired or have been drinking.</li></ul><p>Only people aged <strong>18 or over</strong> may open an account. If you feel gaming is no longer fun, our customer service can pause your account for a period you choose.</p>',
        },
        bn: {
          title: 'দায়িত্বশীল গেমিং: আনন্দে খেলুন',
          summary: 'কিছু সহজ অভ্যাস যা গেমিংকে বিনোদন হিসেবেই রাখে, এবং কোথায় সাহায্য পাবেন।',
          body: '<p>গেমিং বিনোদন, আয়ের উপায় নয়। এই অভ্যাসগুলো তা বজায় রাখতে সাহায্য করে।</p><ul><li>শুরু করার আগে <strong>একটি বাজেট ঠিক করুন</strong> এবং তা শেষ হলে থামুন। হারানো টাকা ফেরাতে খেলবেন না।</li><li><strong>বিরতি নিন।</strong> খেলায় সময় দ্রুত চলে যায়; প্রতি ঘণ্টায় একটু বিরতি নিন।</li><li>খেলার জন্য <strong>কখনও ধার করবেন না</strong>, এবং ভাড়া, খাবার বা বিলের টাকা দিয়ে খেলবেন না।</li><li>মন খারাপ, ক্লান্ত বা নেশাগ্রস্ত অবস্থায় <strong>খেলবেন না</strong>।</li></ul><p>শুধুমাত্র <strong>১৮ বছর বা তার বেশি</strong> বয়সীরা অ্যাকাউন্ট খুলতে পারেন। গেমিং আর আনন্দদায়ক না লাগলে আমাদের গ্রাহক সেবা আপনার বেছে নেওয়া সময়ের জন্য অ্যাকাউন্ট স্থগিত করতে পারে।</p>',
        },
      },
    },
  },
  {
    seedKey: 'news-crash-games',
    publishedDaysAgo: 3,
    input: {
      kind: 'news',
      published: true,
      coverUrl: demoBannerUrl('crash-games'),
      texts: {
        en: {
          title: 'New crash games have arrived',
          summary: 'Fast rounds with instant results: cash out before the rocket flies away.',
          body: '<p>Our arcade section has new <strong>crash games</strong>. Place a bet, watch the multiplier climb and cash out before the round ends. Every round is over in seconds.</p><p>Each game has a free trial, so you can learn how it works before playing with real money. Find them under <a href="/rng">Slots</a> and in the hot games on the home page.</p>',
        },
        bn: {
          title: 'নতুন ক্র্যাশ গেম এসেছে',
          summary: 'দ্রুত রাউন্ড, তাৎক্ষণিক ফলাফল: রকেট উড়ে যাওয়ার আগেই ক্যাশ আউট করুন।',
          body: '<p>আমাদের আর্কেড বিভাগে নতুন <strong>ক্র্যাশ গেম</strong> এসেছে। বাজি ধরুন, মাল্টিপ্লায়ার বাড়তে দেখুন এবং রাউন্ড শেষ হওয়ার আগেই ক্যাশ আউট করুন। প্রতিটি রাউন্ড কয়েক সেকেন্ডেই শেষ।</p><p>প্রতিটি গেমে ফ্রি ট্রায়াল আছে, তাই আসল টাকায় খেলার আগে নিয়ম শিখে নিতে পারেন। <a href="/rng">স্লট</a> বিভাগে এবং হোম পেজের হট গেমে খুঁজে পাবেন।</p>',
        },
      },
    },
  },
  {
    seedKey: 'news-instant-deposits',
    publishedDaysAgo: 7,
    input: {
      kind: 'news',
      published: true,
      coverUrl: demoBannerUrl('site-news'),
      texts: {
        en: {
          title: 'Instant deposits with bKash and Nagad',
          summary: 'E-wallet deposits now arrive in seconds, around the clock.',
          body: '<p>Deposits with <strong>bKash</strong> and <strong>Nagad</strong> are now credited automatically as soon as you approve the payment in your wallet app, day and night.</p><p>Manual bank transfers still need a receipt and are checked by our cashier team, usually within 15 minutes.</p>',
        },
        bn: {
          title: 'বিকাশ ও নগদে তাৎক্ষণিক ডিপোজিট',
          summary: 'ই-ওয়ালেট ডিপোজিট এখন দিনরাত কয়েক সেকেন্ডেই জমা হয়।',
          body: '<p><strong>বিকাশ</strong> ও <strong>নগদ</strong> দিয়ে ডিপোজিট এখন ওয়ালেট অ্যাপে পেমেন্ট অনুমোদন করার সাথে সাথেই স্বয়ংক্রিয়ভাবে জমা হয়, দিনে বা রাতে।</p><p>ম্যানুয়াল ব্যাংক ট্রান্সফারে এখনও রসিদ লাগে এবং আমাদের ক্যাশিয়ার দল সাধারণত ১৫ মিনিটের মধ্যে তা যাচাই করে।</p>',
        },
      },
    },
  },
  {
    seedKey: 'blog-live-casino',
    publishedDaysAgo: 5,
    input: {
      kind: 'blog',
      published: true,
      coverUrl: demoBannerUrl('live-casino'),
      texts: {
        en: {
          title: 'Five tips for your first live casino table',
          summary: 'Real dealers, real cards: what to know before you sit down.',
          body: '<p>Live casino games are streamed from a studio with real dealers. They feel different from slots, so here is what helps.</p><ol><li><strong>Watch a few rounds first.</strong> You can open a table and follow the game before betting.</li><li><strong>Check the table limits</strong> shown on the table card, and pick one that suits your budget.</li><li><strong>Mind the timer.</strong> Bets close when the countdown ends; late bets are not accepted.</li><li><strong>Use a stable connection.</strong> If the stream stops, your bet still counts and the result appears in your betting record.</li><li><strong>Be polite in the chat.</strong> Dealers are people too.</li></ol>',
        },
        bn: {
          title: 'প্রথম লাইভ ক্যাসিনো টেবিলের জন্য পাঁচটি পরামর্শ',
          summary: 'আসল ডিলার, আসল কার্ড: বসার আগে যা জানা দরকার।',
          body: '<p>লাইভ ক্যাসিনো গেম আসল ডিলারসহ স্টুডিও থেকে সম্প্রচার করা হয়। এগুলো স্লটের চেয়ে আলাদা, তাই কিছু পরামর্শ রইল।</p><ol><li><strong>প্রথমে কয়েকটি রাউন্ড দেখুন।</strong> বাজি ধরার আগে টেবিল খুলে খেলা অনুসরণ করতে পারেন।</li><li>টেবিল কার্ডে দেখানো <strong>টেবিল লিমিট দেখুন</strong> এবং আপনার বাজেটের সাথে মানানসই টেবিল বেছে নিন।</li><li><strong>টাইমারের দিকে খেয়াল রাখুন।</strong> কাউন্টডাউন শেষ হলে বাজি বন্ধ হয়; দেরিতে বাজি গ্রহণ করা হয় না।</li><li><strong>স্থির ইন্টারনেট সংযোগ ব্যবহার করুন।</strong> স্ট্রিম থেমে গেলেও আপনার বাজি গণ্য হয় এবং ফলাফল বেটিং রেকর্ডে দেখা যায়।</li><li><strong>চ্যাটে ভদ্র থাকুন।</strong> ডিলাররাও মানুষ।</li></ol>',
        },
      },
    },
  },
  {
    seedKey: 'blog-vip',
    publishedDaysAgo: 12,
    input: {
      kind: 'blog',
      published: true,
      coverUrl: demoBannerUrl('vip-club'),
      texts: {
        en: {
          title: 'How the VIP club rewards regular players',
          summary: 'Levels, weekly rewards and what counts towards your next rank.',
          body: '<p>Every valid bet you place counts towards your <strong>VIP level</strong>. Higher levels bring larger weekly rewards, a faster withdrawal queue and birthday gifts.</p><p>Your current level and the turnover needed for the next one are shown on the VIP page of your member centre. Levels are reviewed every month.</p>',
        },
        bn: {
          title: 'ভিআইপি ক্লাব কীভাবে নিয়মিত খেলোয়াড়দের পুরস্কৃত করে',
          summary: 'লেভেল, সাপ্তাহিক পুরস্কার এবং পরের র‍্যাঙ্কের জন্য কী গণ্য হয়।',
          body: '<p>আপনার প্রতিটি বৈধ বাজি <strong>ভিআইপি লেভেলের</strong> দিকে গণ্য হয়। উচ্চ লেভেলে বড় সাপ্তাহিক পুরস্কার, দ্রুত উত্তোলন এবং জন্মদিনের উপহার পাওয়া যায়।</p><p>আপনার বর্তমান লেভেল এবং পরের লেভেলের জন্য প্রয়োজনীয় টার্নওভার মেম্বার সেন্টারের ভিআইপি পেজে দেখানো হয়। প্রতি মাসে লেভেল পর্যালোচনা করা হয়।</p>',
        },
      },
    },
  },
];

import { acceptedPatternFor, type FeatureId, type PatternId, type RegistrationFieldName } from '@portal/contract';
import type { Db } from '../../platform/db';
import {
  systemCustomerService,
  systemDomainRoutes,
  systemFeatures,
  systemHelpArticles,
  systemMerchants,
  systemRegisterFields,
  systemResources,
} from './system.tables';

/** Currency facts the seed needs; the scale decides the minor unit of every amount. */
const currencies: Record<string, { symbol: string; scale: number }> = {
  BDT: { symbol: '৳', scale: 2 },
  INR: { symbol: '₹', scale: 2 },
  USD: { symbol: '$', scale: 2 },
  VND: { symbol: '₫', scale: 0 },
  THB: { symbol: '฿', scale: 2 },
  PHP: { symbol: '₱', scale: 2 },
  KRW: { symbol: '₩', scale: 0 },
  JPY: { symbol: '¥', scale: 0 },
  EUR: { symbol: '€', scale: 2 },
};

/** The whitelabel tree as shipped: every node on except the ones an operator opts into. */
const featureTree: { modId: FeatureId; children: FeatureId[]; off?: FeatureId[] }[] = [
  {
    modId: 'MEMBER',
    children: [
      'LOGIN3',
      'SMSLOGIN3',
      'FREEPLAY3',
      'FORCEPWD3',
      'PWDEXPIRY3',
      'NEWIPVERIFY3',
      'TWOFA3',
      'OAUTHLOGIN3',
      'REGISTER3',
      'USERNAMEREG3',
      'MOBILENUMREG3',
      'REGMOBVERF3',
      'MOBILENUMPASSREG3',
      'FORGOTPWD3',
      'FORGOTPWDEMAIL3',
      'FORGOTPWDMOBILE3',
      'FEEDBACK3',
      'INBOX3',
    ],
    off: ['PWDEXPIRY3', 'MOBILENUMPASSREG3'],
  },
  { modId: 'CASHIER', children: ['DEPOSIT3', 'WITHDRAW3', 'WALLETTRANSFER3', 'TRANSFERUPLINE3'] },
  { modId: 'GAME', children: ['GAMELAUNCH3', 'FAVORITE3', 'RECENTGAME3', 'LOTTERY3'] },
  { modId: 'PROMOTION', children: ['REFERRAL3', 'VIP3', 'MISSION3', 'POINTMALL3', 'REDENVELOPE3'] },
  {
    modId: 'AGENT',
    children: [
      'AGENTPOLICY3',
      'AGENTCENTER3',
      'CONTRACT3',
      'DIVIDEND3',
      'DAILYSALARY3',
      'HOURSALARY3',
      'REALTIMESALARY3',
    ],
  },
  { modId: 'CONTENT', children: ['ANNOUNCEMENT3', 'HELPCENTER3', 'WINNERBOARD3', 'LIVECHAT3', 'APPDOWNLOAD3'] },
];

/** Second-level nesting: these switches sit under a parent switch rather than the area root. */
const nestedUnder: Partial<Record<FeatureId, FeatureId>> = {
  USERNAMEREG3: 'REGISTER3',
  MOBILENUMREG3: 'REGISTER3',
  REGMOBVERF3: 'REGISTER3',
  MOBILENUMPASSREG3: 'REGISTER3',
  FORGOTPWDEMAIL3: 'FORGOTPWD3',
  FORGOTPWDMOBILE3: 'FORGOTPWD3',
  DIVIDEND3: 'CONTRACT3',
  DAILYSALARY3: 'CONTRACT3',
  HOURSALARY3: 'CONTRACT3',
  REALTIMESALARY3: 'CONTRACT3',
};

type FieldSeed = [RegistrationFieldName, PatternId, number, number, { enabled?: boolean; required?: boolean }?];

/** Default registration rules; an operator changes them in the back office. */
const registerFieldSeed: FieldSeed[] = [
  ['username', 'LETTER_FIRST_ALNUM', 6, 16, { required: true }],
  ['password', 'STRONG_PASSWORD', 8, 20, { required: true }],
  ['confirmPassword', 'ANY', 8, 20, { required: true }],
  ['mobileNum', 'DIGITS', 10, 11, { required: true }],
  ['verificationCode', 'DIGITS', 6, 6, { required: true }],
  ['captcha', 'ALNUM', 4, 4, { required: true }],
  ['email', 'EMAIL', 6, 60, { required: false }],
  ['payeeName', 'FULL_NAME', 3, 50, { required: false }],
  ['affiliateCode', 'ALNUM', 4, 12, { required: false }],
  ['recommenderId', 'LETTER_FIRST_ALNUM', 6, 16, { enabled: false }],
  ['paymentPassword', 'DIGITS', 6, 6, { enabled: false }],
  ['nickname', 'NO_SPACES', 2, 20, { enabled: false }],
  ['fullName', 'FULL_NAME', 3, 50, { enabled: false }],
  ['birthday', 'DATE_YMD', 10, 10, { enabled: false }],
  ['telegram', 'NO_SPACES', 5, 32, { enabled: false }],
  ['whatsapp', 'DIGITS', 8, 15, { enabled: false }],
  ['facebook', 'NO_SPACES', 5, 50, { enabled: false }],
  ['line', 'NO_SPACES', 4, 20, { enabled: false }],
  ['wechat', 'NO_SPACES', 6, 20, { enabled: false }],
  ['qqNum', 'DIGITS', 5, 12, { enabled: false }],
  ['zalo', 'DIGITS', 8, 15, { enabled: false }],
  ['idNumber', 'ALNUM', 6, 20, { enabled: false }],
  ['address', 'ANY', 5, 120, { enabled: false }],
  ['nationality', 'ENGLISH_SPACES', 2, 40, { enabled: false }],
  ['occupation', 'ENGLISH_SPACES', 2, 40, { enabled: false }],
  ['sourceOfIncome', 'ENGLISH_SPACES', 2, 60, { enabled: false }],
  ['placeOfBirth', 'ENGLISH_SPACES', 2, 60, { enabled: false }],
];

const helpSeed: {
  category: string;
  categorySort: number;
  anchor: string;
  en: [string, string, string];
  bn: [string, string, string];
}[] = [
  {
    category: 'about',
    categorySort: 1,
    anchor: 'about',
    en: [
      'About us',
      'About us',
      '<p>We run a licensed online entertainment portal with live casino, slots, fishing, card games, sports, e-sports, lottery and cockfight from established game providers.</p>',
    ],
    bn: [
      'আমাদের সম্পর্কে',
      'আমাদের সম্পর্কে',
      '<p>আমরা একটি লাইসেন্সপ্রাপ্ত অনলাইন বিনোদন পোর্টাল পরিচালনা করি, যেখানে প্রতিষ্ঠিত গেম প্রদানকারীদের লাইভ ক্যাসিনো, স্লট, ফিশিং, কার্ড গেম, স্পোর্টস, ই-স্পোর্টস, লটারি ও মোরগ লড়াই রয়েছে।</p>',
    ],
  },
  {
    category: 'rules',
    categorySort: 2,
    anchor: 'term',
    en: [
      'Rules',
      'Terms and conditions',
      "<p>You must be at least 18 years old to open an account. One account per person. Bets are settled by the game provider's official result. We may suspend accounts involved in fraud, collusion or bonus abuse.</p>",
    ],
    bn: [
      'নিয়মাবলি',
      'শর্তাবলি',
      '<p>অ্যাকাউন্ট খুলতে আপনার বয়স কমপক্ষে ১৮ বছর হতে হবে। প্রতি ব্যক্তির একটি অ্যাকাউন্ট। গেম প্রদানকারীর অফিসিয়াল ফলাফল অনুযায়ী বাজি নিষ্পত্তি হয়। প্রতারণা, যোগসাজশ বা বোনাস অপব্যবহারে জড়িত অ্যাকাউন্ট আমরা স্থগিত করতে পারি।</p>',
    ],
  },
  {
    category: 'rules',
    categorySort: 2,
    anchor: 'privacy',
    en: [
      'Rules',
      'Privacy policy',
      '<p>We keep your personal data only to run your account, process payments and meet legal duties. We never sell it.</p>',
    ],
    bn: [
      'নিয়মাবলি',
      'গোপনীয়তা নীতি',
      '<p>আমরা আপনার ব্যক্তিগত তথ্য শুধুমাত্র আপনার অ্যাকাউন্ট পরিচালনা, পেমেন্ট প্রক্রিয়া এবং আইনি দায়িত্ব পালনের জন্য রাখি। আমরা কখনও তা বিক্রি করি না।</p>',
    ],
  },
  {
    category: 'rules',
    categorySort: 2,
    anchor: 'responsible',
    en: [
      'Rules',
      'Responsible gaming',
      '<p>Play for fun, set limits and take breaks. If gaming stops being fun, contact customer service to pause or close your account.</p>',
    ],
    bn: [
      'নিয়মাবলি',
      'দায়িত্বশীল গেমিং',
      '<p>আনন্দের জন্য খেলুন, সীমা নির্ধারণ করুন এবং বিরতি নিন। খেলা আর আনন্দদায়ক না থাকলে অ্যাকাউন্ট স্থগিত বা বন্ধ করতে গ্রাহক সেবায় যোগাযোগ করুন।</p>',
    ],
  },
  {
    category: 'faq',
    categorySort: 3,
    anchor: 'deposit',
    en: [
      'FAQ',
      'How do I deposit?',
      '<p>Open the member centre, choose Deposit, pick a channel and follow the steps. Deposits are credited once the payment is confirmed.</p>',
    ],
    bn: [
      'সাধারণ প্রশ্ন',
      'কিভাবে জমা করব?',
      '<p>মেম্বার সেন্টার খুলুন, জমা নির্বাচন করুন, একটি চ্যানেল বেছে নিয়ে ধাপগুলো অনুসরণ করুন। পেমেন্ট নিশ্চিত হলে জমা যোগ হয়।</p>',
    ],
  },
  {
    category: 'faq',
    categorySort: 3,
    anchor: 'withdraw',
    en: [
      'FAQ',
      'How do I withdraw?',
      '<p>Bind a bank account or e-wallet, set a payment password, then request a withdrawal. An operator reviews each request before the money is sent.</p>',
    ],
    bn: [
      'সাধারণ প্রশ্ন',
      'কিভাবে উত্তোলন করব?',
      '<p>একটি ব্যাংক অ্যাকাউন্ট বা ই-ওয়ালেট যুক্ত করুন, পেমেন্ট পাসওয়ার্ড সেট করুন, তারপর উত্তোলনের অনুরোধ করুন। টাকা পাঠানোর আগে একজন অপারেটর প্রতিটি অনুরোধ যাচাই করেন।</p>',
    ],
  },
];

export type SystemSeedOptions = { merchantCode: string; siteName: string; currency: string; defaultLanguage: string };

/**
 * Creates the merchant's configuration on first start. Runs in one transaction and does nothing
 * when the merchant already exists, so restarts and concurrent instances are safe.
 */
export async function seedSystem(db: Db, options: SystemSeedOptions): Promise<boolean> {
  const currency = currencies[options.currency] ?? { symbol: options.currency, scale: 2 };
  return db.transaction(async (tx) => {
    const inserted = await tx
      .insert(systemMerchants)
      .values({
        code: options.merchantCode,
        name: options.siteName,
        currencyCode: options.currency,
        currencySymbol: currency.symbol,
        currencyScale: currency.scale,
        defaultLanguage: options.defaultLanguage,
        languages: ['en', 'bn'],
        mainDomain: 'localhost',
        analyticsGtagId: null,
        imageCdns: ['/'],
        launchGameCdns: ['/'],
        countryDialingCodes: [
          { code: '+880', country: 'BD' },
          { code: '+91', country: 'IN' },
          { code: '+84', country: 'VN' },
          { code: '+66', country: 'TH' },
          { code: '+63', country: 'PH' },
        ],
        blockedCountries: [],
        blockedIpRanges: [],
      })
      .onConflictDoNothing()
      .returning({ code: systemMerchants.code });
    if (inserted.length === 0) return false;

    let sortOrder = 0;
    const features: (typeof systemFeatures.$inferInsert)[] = [];
    for (const root of featureTree) {
      features.push({
        merchantCode: options.merchantCode,
        modId: root.modId,
        parentModId: null,
        enabled: true,
        sortOrder: sortOrder++,
      });
      for (const child of root.children) {
        features.push({
          merchantCode: options.merchantCode,
          modId: child,
          parentModId: nestedUnder[child] ?? root.modId,
          enabled: !root.off?.includes(child),
          sortOrder: sortOrder++,
        });
      }
    }
    await tx.insert(systemFeatures).values(features);

    await tx.insert(systemRegisterFields).values(
      registerFieldSeed.map(([field, patternId, minLength, maxLength, flags], index) => ({
        merchantCode: options.merchantCode,
        field,
        enabled: flags?.enabled ?? true,
        required: flags?.required ?? false,
        patternId,
        acceptedPattern: acceptedPatternFor(patternId),
        minLength,
        maxLength,
        sortOrder: index,
      })),
    );

    await tx.insert(systemCustomerService).values([
      {
        merchantCode: options.merchantCode,
        csType: 'TELEGRAM',
        title: 'Telegram',
        url: 'https://t.me/portal_support',
        sortOrder: 1,
      },
      {
        merchantCode: options.merchantCode,
        csType: 'WHATSAPP',
        title: 'WhatsApp',
        url: 'https://wa.me/8801700000000',
        sortOrder: 2,
      },
      {
        merchantCode: options.merchantCode,
        csType: 'FACEBOOK',
        title: 'Facebook',
        url: 'https://m.me/portal.support',
        sortOrder: 3,
      },
      {
        merchantCode: options.merchantCode,
        csType: 'EMAIL',
        title: 'E-mail',
        url: 'mailto:support@portal.example',
        sortOrder: 4,
      },
    ]);
    await tx.insert(systemResources).values([
      {
        merchantCode: options.merchantCode,
        resourceType: 'TELEGRAM',
        labelNameEn: 'Telegram channel',
        url: 'https://t.me/portal_news',
        sortOrder: 1,
      },
      {
        merchantCode: options.merchantCode,
        resourceType: 'WHATSAPP',
        labelNameEn: 'WhatsApp',
        url: 'https://wa.me/8801700000000',
        sortOrder: 2,
      },
    ]);
    await tx.insert(systemDomainRoutes).values([
      { merchantCode: options.merchantCode, domain: 'localhost', purpose: 'PLAYER', sortOrder: 1 },
      { merchantCode: options.merchantCode, domain: 'localhost', purpose: 'AGENT', sortOrder: 2 },
    ]);
    await tx.insert(systemHelpArticles).values(
      helpSeed.map((article, index) => ({
        merchantCode: options.merchantCode,
        category: article.category,
        categorySort: article.categorySort,
        anchor: article.anchor,
        sortOrder: index,
        translations: {
          en: { categoryTitle: article.en[0], title: article.en[1], content: article.en[2] },
          bn: { categoryTitle: article.bn[0], title: article.bn[1], content: article.bn[2] },
        },
      })),
    );
    return true;
  });
}

import type { MemberInfo } from '@portal/contract';
import { type ComponentType, type LazyExoticComponent, lazy } from 'react';
import '@/locales/cashier/pages';
import { useUnreadCount } from '@/features/content/hooks/use-unread-count';
import '@/locales/content';

/** The member-centre pages of spec section 2, in menu order; `securityCenter` is the default. */
export const memberPageIds = [
  'securityCenter',
  'transferFund',
  'depositv2',
  'withdraw',
  'transferUpline',
  'personalHistoryCopy',
  'transactionHistory',
  'personalProfit',
  'bonusDetails',
  'rewardCenter',
  'referral',
  'missionLeaderboard',
  'messageV2',
  'playerRank',
  'profile',
] as const;
export type MemberPageId = (typeof memberPageIds)[number];

export type MemberPageProps = { info: MemberInfo };

export type MemberPage = {
  id: MemberPageId;
  /** i18n key of the page's tab label. */
  labelKey: string;
  component: LazyExoticComponent<ComponentType<MemberPageProps>>;
  /**
   * The count behind the page's red badge in the member-centre menu (spec section 2: missions, messages and
   * rewards show one when above 0), as a hook, e.g. the inbox's unread count.
   */
  useBadgeCount?: () => number;
};

/**
 * The pages that exist so far. Each feature adds its page here as it lands; the member-centre shell shows
 * only these (spec: "the shell shows each as it lands"), each loaded on demand.
 */
export const securityCenterPage: MemberPage = {
  id: 'securityCenter',
  labelKey: 'account.title',
  component: lazy(() =>
    import('./member-security-center').then((module) => ({ default: module.MemberSecurityCenter })),
  ),
};

/** The cashier pages (features/cashier); their tab labels come with the member centre (locales/cashier/pages). */
const cashierPages: readonly MemberPage[] = [
  {
    id: 'transferFund',
    labelKey: 'cashierPages.transferFund',
    component: lazy(() =>
      import('@/features/cashier/components/transfer-fund-page').then((module) => ({
        default: module.TransferFundPage,
      })),
    ),
  },
  {
    id: 'depositv2',
    labelKey: 'cashierPages.depositv2',
    component: lazy(() =>
      import('@/features/cashier/components/deposit-page').then((module) => ({ default: module.DepositPage })),
    ),
  },
  {
    id: 'withdraw',
    labelKey: 'cashierPages.withdraw',
    component: lazy(() =>
      import('@/features/cashier/components/withdraw-page').then((module) => ({ default: module.WithdrawPage })),
    ),
  },
  {
    id: 'transferUpline',
    labelKey: 'cashierPages.transferUpline',
    component: lazy(() =>
      import('@/features/cashier/components/transfer-upline-page').then((module) => ({
        default: module.TransferUplinePage,
      })),
    ),
  },
  {
    id: 'transactionHistory',
    labelKey: 'cashierPages.transactionHistory',
    component: lazy(() =>
      import('@/features/cashier/components/transaction-history-page').then((module) => ({
        default: module.TransactionHistoryPage,
      })),
    ),
  },
  {
    id: 'personalProfit',
    labelKey: 'cashierPages.personalProfit',
    component: lazy(() =>
      import('@/features/cashier/components/personal-profit-page').then((module) => ({
        default: module.PersonalProfitPage,
      })),
    ),
  },
  {
    id: 'bonusDetails',
    labelKey: 'cashierPages.bonusDetails',
    component: lazy(() =>
      import('@/features/cashier/components/bonus-details-page').then((module) => ({
        default: module.BonusDetailsPage,
      })),
    ),
  },
];

/** The betting record (features/games): the member's last rounds; the shell names its tab. */
const bettingRecordPage: MemberPage = {
  id: 'personalHistoryCopy',
  labelKey: 'games.record.tab',
  component: lazy(() =>
    import('./games-betting-record').then((module) => ({ default: module.GamesBettingRecordPage })),
  ),
};

/** The inbox (features/content); its badge is the unread count the header's mail dot also shows. */
const inboxPage: MemberPage = {
  id: 'messageV2',
  labelKey: 'contentUi.inbox.tab',
  component: lazy(() =>
    import('@/features/content/components/inbox-page').then((module) => ({ default: module.InboxPage })),
  ),
  useBadgeCount: useUnreadCount,
};

/** The profile (features/account): nickname, avatar and the personal fields the merchant enables. */
const profilePage: MemberPage = {
  id: 'profile',
  labelKey: 'profile.title',
  component: lazy(() => import('./member-profile').then((module) => ({ default: module.MemberProfilePage }))),
};

export const memberPages: readonly MemberPage[] = [
  securityCenterPage,
  ...cashierPages,
  bettingRecordPage,
  inboxPage,
  profilePage,
];

export function isMemberPageId(value: string | null): value is MemberPageId {
  return value !== null && (memberPageIds as readonly string[]).includes(value);
}

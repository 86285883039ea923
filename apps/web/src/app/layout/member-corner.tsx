import { cx } from '@portal/ui/cx';
import { IconRefresh } from '@portal/ui/icons';
import { useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { AccountMenuExtraItem } from '@/features/auth/components/account-menu';
import { AuthHeaderActions } from '@/features/auth/components/header-actions';
import { IconCrown, IconInvite } from '@/features/navigation/components/nav-icons';
import { balanceQueryKey } from '@/features/wallet/api/balance';
import { HeaderWallet } from '@/features/wallet/components/header-wallet';
import { useBalanceVisibility } from '@/features/wallet/hooks/use-balance-visibility';
import { usePermission } from '@/lib/permission';
import { IconDeposit, IconEye, IconEyeOff, IconFeedback, IconWithdraw } from './frame-icons';
import { frameMemberLinks } from './member-links';
import '@/locales/layout/frame';

export type MemberCornerProps = {
  token: string;
  /** The mail icon with its unread dot; null while the site has no inbox. */
  mail: ReactNode;
  onFeedback: (() => void) | null;
};

/**
 * The header's corner for a logged-in member or agent (spec section 2 "Header and navigation"): the balance (with
 * refresh and mask), Withdraw and Deposit, the mail icon, and the account menu with deposit, invite friends, VIP,
 * withdraw, refresh balance, show/hide balance and feedback. Loaded on demand: visitors never download it.
 */
export function MemberCorner({ token, mail, onFeedback }: MemberCornerProps) {
  const { t } = useTranslation();
  const permission = usePermission();
  const queryClient = useQueryClient();
  const { hidden, toggle } = useBalanceVisibility();
  const links = frameMemberLinks(permission);

  const menuItems: AccountMenuExtraItem[] = [];
  if (links.deposit)
    menuItems.push({
      key: 'deposit',
      label: t('shell.account.deposit'),
      icon: <IconDeposit size={18} />,
      to: links.deposit,
    });
  if (links.invite)
    menuItems.push({
      key: 'invite',
      label: t('shell.account.inviteFriends'),
      icon: <IconInvite size={18} />,
      to: links.invite,
    });
  if (links.vip)
    menuItems.push({ key: 'vip', label: t('shell.account.vip'), icon: <IconCrown size={18} />, to: links.vip });
  if (links.withdraw)
    menuItems.push({
      key: 'withdraw',
      label: t('shell.account.withdraw'),
      icon: <IconWithdraw size={18} />,
      to: links.withdraw,
    });
  menuItems.push({
    key: 'refresh',
    label: t('shell.account.refreshBalance'),
    icon: <IconRefresh size={18} />,
    onSelect: () => void queryClient.refetchQueries({ queryKey: balanceQueryKey }),
  });
  menuItems.push({
    key: 'mask',
    label: hidden ? t('shell.account.showBalance') : t('shell.account.hideBalance'),
    icon: hidden ? <IconEye size={18} /> : <IconEyeOff size={18} />,
    onSelect: toggle,
  });
  if (onFeedback)
    menuItems.push({
      key: 'feedback',
      label: t('shell.account.feedback'),
      icon: <IconFeedback size={18} />,
      onSelect: onFeedback,
    });

  return (
    <>
      <HeaderWallet token={token} />
      {(links.deposit || links.withdraw) && (
        <div className="site-header__cashier">
          {links.withdraw && (
            <Link to={links.withdraw} className={cx('site-header__cash', 'site-header__cash--withdraw')}>
              <IconWithdraw size={16} />
              <span>{t('shell.header.withdraw')}</span>
            </Link>
          )}
          {links.deposit && (
            <Link to={links.deposit} className={cx('site-header__cash', 'site-header__cash--deposit')}>
              <IconDeposit size={16} />
              <span>{t('shell.header.deposit')}</span>
            </Link>
          )}
        </div>
      )}
      {mail}
      <AuthHeaderActions menuItems={menuItems} />
    </>
  );
}

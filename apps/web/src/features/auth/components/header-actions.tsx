import { Button } from '@portal/ui/button';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { openModal } from '@/lib/modals';
import { useFeature } from '@/lib/permission';
import { useSession } from '@/lib/session';
import type { AccountMenuExtraItem } from './account-menu';
import './header-actions.css';

const AccountMenu = lazy(() => import('./account-menu').then((module) => ({ default: module.AccountMenu })));

/**
 * The header's account corner (spec section 2 "Header and navigation"): Login and Register for visitors;
 * for logged-in players their name and the account menu. Balance, deposit, withdraw and mail join with
 * the wallet and inbox.
 */
export function AuthHeaderActions({ menuItems }: { menuItems?: readonly AccountMenuExtraItem[] } = {}) {
  const { t } = useTranslation();
  const session = useSession();
  const registerEnabled = useFeature('REGISTER3');

  if (session.status === 'visitor') {
    return (
      <div className="auth-header">
        <Button variant="secondary" size="sm" onClick={() => openModal('loginPopupModal')}>
          {t('auth.login.open')}
        </Button>
        {registerEnabled && (
          <Button size="sm" onClick={() => openModal('registerModal')}>
            {t('auth.register.open')}
          </Button>
        )}
      </div>
    );
  }
  if (session.status === 'passwordChange') return null;
  const placeholder = (
    <div className="auth-header" aria-busy="true">
      <span className="auth-header__placeholder" />
    </div>
  );
  if (session.status === 'loading' || !session.info) return placeholder;
  return (
    <Suspense fallback={placeholder}>
      <AccountMenu info={session.info} status={session.status} extraItems={menuItems} />
    </Suspense>
  );
}

import { Skeleton } from '@portal/ui/skeleton';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { LoginRequired } from '@/features/account/components/login-required';
import { RealAccountRequired } from '@/features/account/components/real-account-required';
import { SecurityCenter } from '@/features/account/components/security-center';
import { openModal } from '@/lib/modals';
import { usePermission } from '@/lib/permission';
import { useSession } from '@/lib/session';
import '@/locales/identity';

/**
 * /member, the member centre (spec section 2), for real accounts: visitors get the login popup, trial
 * users are told a real account is needed (section 6). It opens on securityCenter ("My account"); the
 * other member-centre pages join with their features.
 */
export function MemberRoute() {
  const { t } = useTranslation();
  const { info: site } = usePermission();
  const session = useSession();
  const visitor = session.status === 'visitor';

  useEffect(() => {
    if (visitor) openModal('loginPopupModal');
  }, [visitor]);

  const title = <title>{`${t('account.title')} · ${site.siteName}`}</title>;
  if (visitor) {
    return (
      <>
        {title}
        <LoginRequired onLogin={() => openModal('loginPopupModal')} />
      </>
    );
  }
  if (session.status === 'trial') {
    return (
      <>
        {title}
        <RealAccountRequired onRegister={() => openModal('registerModal')} />
      </>
    );
  }
  if (!session.info || session.status === 'passwordChange') {
    return (
      <div className="member-skeleton" aria-busy="true">
        <Skeleton height={132} radius={24} />
        <Skeleton height={260} radius={16} />
      </div>
    );
  }
  return (
    <>
      {title}
      <SecurityCenter info={session.info} onChangePassword={() => openModal('changePassModal')} />
    </>
  );
}

import { SecurityCenter } from '@/features/account/components/security-center';
import { SecuritySettings } from '@/features/auth/components/security-settings';
import { openModal } from '@/lib/modals';
import type { MemberPageProps } from './member-pages';

/** securityCenter ("My account"), the member centre's default page: the account and its security settings. */
export function MemberSecurityCenter({ info }: MemberPageProps) {
  return (
    <SecurityCenter info={info} onChangePassword={() => openModal('changePassModal')}>
      <SecuritySettings />
    </SecurityCenter>
  );
}

import { ProfilePage } from '@/features/account/components/profile-page';
import type { MemberPageProps } from './member-pages';

/** profile: nickname, avatar and the personal fields of spec section 3 that the merchant enables. */
export function MemberProfilePage({ info }: MemberPageProps) {
  return <ProfilePage info={info} />;
}

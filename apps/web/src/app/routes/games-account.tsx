import { Skeleton } from '@portal/ui/skeleton';
import { useEffect } from 'react';
import { LoginRequired } from '@/features/account/components/login-required';
import { AccountGames } from '@/features/games/components/account-games';
import { openModal } from '@/lib/modals';
import { useSession } from '@/lib/session';

/** /favorite and /recent: the player's own game lists; visitors get the login popup (spec section 2). */
export function GamesAccountRoute({ list }: { list: 'favorite' | 'recent' }) {
  const session = useSession();
  const visitor = session.status === 'visitor';
  useEffect(() => {
    if (visitor) openModal('loginPopupModal');
  }, [visitor]);
  if (visitor) return <LoginRequired onLogin={() => openModal('loginPopupModal')} />;
  if (session.status === 'loading' || session.status === 'passwordChange') {
    return <Skeleton height={320} radius={18} />;
  }
  return <AccountGames key={list} list={list} />;
}

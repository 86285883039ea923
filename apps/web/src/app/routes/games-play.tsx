import { Skeleton } from '@portal/ui/skeleton';
import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { LoginRequired } from '@/features/account/components/login-required';
import { RealAccountRequired } from '@/features/account/components/real-account-required';
import { GamePage } from '@/features/games/components/game-page';
import { openModal } from '@/lib/modals';
import { useSession } from '@/lib/session';

/**
 * /seamless, the in-portal game page (the layout hides the side menu there). Real play needs a real account
 * (spec section 6): visitors get the login popup, trial users the in_need_true_account notice; free trials are
 * open to everyone.
 */
export function GamesPlayRoute() {
  const session = useSession();
  const [params] = useSearchParams();
  const real = params.get('mode') !== 'trial';
  const needsLogin = real && session.status === 'visitor';
  useEffect(() => {
    if (needsLogin) openModal('loginPopupModal');
  }, [needsLogin]);
  if (needsLogin) return <LoginRequired onLogin={() => openModal('loginPopupModal')} />;
  if (real && session.status === 'trial') return <RealAccountRequired onRegister={() => openModal('registerModal')} />;
  if (real && (session.status === 'loading' || session.status === 'passwordChange')) {
    return <Skeleton height={480} radius={18} />;
  }
  return <GamePage />;
}

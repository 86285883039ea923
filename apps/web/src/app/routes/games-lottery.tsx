import { Skeleton } from '@portal/ui/skeleton';
import { Navigate } from 'react-router';
import { RealAccountRequired } from '@/features/account/components/real-account-required';
import { type LotteryKind, LotteryPage } from '@/features/games/components/lottery-page';
import { openModal } from '@/lib/modals';
import { useSession } from '@/lib/session';

/**
 * /lottery, /seaLottery and /vnLottery (and the /lottert, /vnlottery, /sealottery game pages): all require login;
 * a visitor is sent to /login (spec section 2), a trial user told a real account is needed.
 */
export function GamesLotteryRoute({ kind }: { kind: LotteryKind }) {
  const session = useSession();
  if (session.status === 'visitor') return <Navigate to="/login" replace />;
  if (session.status === 'trial') return <RealAccountRequired onRegister={() => openModal('registerModal')} />;
  if (session.status === 'loading' || session.status === 'passwordChange') {
    return <Skeleton height={480} radius={18} />;
  }
  return <LotteryPage key={kind} kind={kind} />;
}

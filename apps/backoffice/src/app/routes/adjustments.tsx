import { Navigate } from 'react-router';
import { AdjustmentsPage } from '@/features/adjustments/components/adjustments-page';
import { useCan } from '@/lib/session';
import { consolePaths, playerPath } from '../paths';

export function AdjustmentsRoute() {
  const canRead = useCan('players.read');
  const canApprove = useCan('adjustments.approve');
  if (!canRead) return <Navigate to={consolePaths.settings} replace />;
  return <AdjustmentsPage canApprove={canApprove} playerPath={playerPath} />;
}

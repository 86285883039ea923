import { Navigate } from 'react-router';
import { DashboardPage } from '@/features/dashboard/components/dashboard-page';
import { useCan } from '@/lib/session';
import { consolePaths } from '../paths';

export function DashboardRoute() {
  const canRead = useCan('dashboard.read');
  const canCashier = useCan('cashier.read');
  const canPlayers = useCan('players.read');
  const canVerifyLedger = useCan('audit.read');
  if (!canRead) return <Navigate to={consolePaths.settings} replace />;
  return (
    <DashboardPage
      canVerifyLedger={canVerifyLedger}
      links={{
        ...(canCashier ? { deposits: consolePaths.deposits, withdrawals: consolePaths.withdrawals } : {}),
        ...(canPlayers ? { adjustments: consolePaths.adjustments } : {}),
      }}
    />
  );
}

import { Navigate } from 'react-router';
import { DepositsPage } from '@/features/cashier/components/deposits-page';
import { WithdrawalsPage } from '@/features/cashier/components/withdrawals-page';
import { useCan } from '@/lib/session';
import { consolePaths } from '../paths';

export function DepositsRoute() {
  const canRead = useCan('cashier.read');
  const canApprove = useCan('cashier.approve');
  if (!canRead) return <Navigate to={consolePaths.settings} replace />;
  return <DepositsPage canApprove={canApprove} />;
}

export function WithdrawalsRoute() {
  const canRead = useCan('cashier.read');
  const canApprove = useCan('cashier.approve');
  if (!canRead) return <Navigate to={consolePaths.settings} replace />;
  return <WithdrawalsPage canApprove={canApprove} />;
}

import { Navigate } from 'react-router';
import { DepositChannelsPage } from '@/features/deposit-channels/components/deposit-channels-page';
import { useCan } from '@/lib/session';
import { consolePaths } from '../paths';

export function DepositChannelsRoute() {
  const canRead = useCan('cashier.read');
  const canEdit = useCan('cashier.channels');
  if (!canRead) return <Navigate to={consolePaths.settings} replace />;
  return <DepositChannelsPage canEdit={canEdit} />;
}

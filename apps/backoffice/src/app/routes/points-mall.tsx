import { Navigate } from 'react-router';
import { PointsMallPage } from '@/features/points-mall/components/points-mall-page';
import { useCan } from '@/lib/session';
import { consolePaths } from '../paths';

export function PointsMallRoute() {
  const redemptions = useCan('points.redemptions');
  const goods = useCan('points.goods');
  const settings = useCan('points.settings');
  if (!redemptions && !goods && !settings) return <Navigate to={consolePaths.settings} replace />;
  return <PointsMallPage />;
}

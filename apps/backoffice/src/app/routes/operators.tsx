import { Navigate } from 'react-router';
import { OperatorsPage } from '@/features/operators/components/operators-page';
import { useMe } from '@/lib/session';
import { consolePaths } from '../paths';

export function OperatorsRoute() {
  const me = useMe().data;
  if (!me) return null;
  if (!me.permissions.includes('operators.manage')) return <Navigate to={consolePaths.settings} replace />;
  return <OperatorsPage currentOperatorId={me.operator.id} />;
}

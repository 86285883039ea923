import { Navigate } from 'react-router';
import { ReportsPage } from '@/features/reports/components/reports-page';
import { useCan } from '@/lib/session';
import { consolePaths } from '../paths';

export function ReportsRoute() {
  const canRead = useCan('reports.read');
  if (!canRead) return <Navigate to={consolePaths.settings} replace />;
  return <ReportsPage />;
}

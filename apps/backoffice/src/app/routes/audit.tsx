import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { PageHeader } from '@/components/ui/panel';
import { AuditLog } from '@/features/audit-log/components/audit-log';
import { useCan } from '@/lib/session';
import { consolePaths } from '../paths';

export function AuditRoute() {
  const { t } = useTranslation();
  const canRead = useCan('audit.read');
  if (!canRead) return <Navigate to={consolePaths.settings} replace />;
  return (
    <div className="bo-page">
      <PageHeader title={t('audit.title')} description={t('audit.intro')} />
      <AuditLog />
    </div>
  );
}

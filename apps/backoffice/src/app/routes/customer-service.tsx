import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/ui/panel';
import { CustomerServiceEditor } from '@/features/customer-service/components/customer-service-editor';
import { useCan } from '@/lib/session';
import { ConfigGate } from './config-gate';

export function CustomerServiceRoute() {
  const { t } = useTranslation();
  const canEdit = useCan('customerService.write');
  return (
    <div className="bo-page">
      <PageHeader title={t('customerService.title')} description={t('customerService.intro')} />
      <ConfigGate readOnly={!canEdit}>
        {(config) => <CustomerServiceEditor entries={config.customerService} canEdit={canEdit} />}
      </ConfigGate>
    </div>
  );
}

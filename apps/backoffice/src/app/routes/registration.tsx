import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/ui/panel';
import { RegisterFieldsTable } from '@/features/registration-rules/components/register-fields-table';
import { useCan } from '@/lib/session';
import { ConfigGate } from './config-gate';

export function RegistrationRoute() {
  const { t } = useTranslation();
  const canEdit = useCan('registration.write');
  return (
    <div className="bo-page">
      <PageHeader title={t('registrationRules.title')} description={t('registrationRules.intro')} />
      <ConfigGate readOnly={!canEdit}>
        {(config) => <RegisterFieldsTable settings={config.registerFields} canEdit={canEdit} />}
      </ConfigGate>
    </div>
  );
}

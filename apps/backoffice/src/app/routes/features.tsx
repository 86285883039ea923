import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/ui/panel';
import { FeatureTree } from '@/features/feature-switches/components/feature-tree';
import { useCan } from '@/lib/session';
import { ConfigGate } from './config-gate';

export function FeaturesRoute() {
  const { t } = useTranslation();
  const canEdit = useCan('features.write');
  return (
    <div className="bo-page">
      <PageHeader title={t('features.title')} description={t('features.intro')} />
      <ConfigGate readOnly={!canEdit}>
        {(config) => <FeatureTree features={config.features} canEdit={canEdit} />}
      </ConfigGate>
    </div>
  );
}

import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/ui/panel';
import { EncryptionPanel } from '@/features/site-settings/components/encryption-panel';
import { GeneralPanel } from '@/features/site-settings/components/general-panel';
import { MaintenancePanel } from '@/features/site-settings/components/maintenance-panel';
import { RegionBlockPanel } from '@/features/site-settings/components/region-block-panel';
import { ResourcesPanel } from '@/features/site-settings/components/resources-panel';
import { useCan } from '@/lib/session';
import { ConfigGate } from './config-gate';

export function SettingsRoute() {
  const { t } = useTranslation();
  const canMaintenance = useCan('site.maintenance');
  const canRegion = useCan('site.region');
  const canSecurity = useCan('site.security');
  const canGeneral = useCan('site.general');
  const readOnly = !canMaintenance && !canRegion && !canSecurity && !canGeneral;
  return (
    <div className="bo-page">
      <PageHeader title={t('settings.title')} description={t('settings.intro')} />
      <ConfigGate readOnly={readOnly}>
        {(config) => (
          <div className="bo-page__grid">
            <MaintenancePanel maintenance={config.maintenance} canEdit={canMaintenance} />
            <EncryptionPanel enabled={config.payloadEncryption.enabled} canEdit={canSecurity} />
            <RegionBlockPanel regionBlock={config.regionBlock} canEdit={canRegion} />
            <GeneralPanel general={config.general} canEdit={canGeneral} />
            <ResourcesPanel resources={config.resources} canEdit={canGeneral} />
          </div>
        )}
      </ConfigGate>
    </div>
  );
}

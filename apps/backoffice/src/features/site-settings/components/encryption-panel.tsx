import { backofficePaths } from '@portal/contract';
import { useToast } from '@portal/ui/toast';
import { useTranslation } from 'react-i18next';
import { IconShield } from '@/components/ui/console-icons';
import { Panel, Pill } from '@/components/ui/panel';
import { Switch } from '@/components/ui/switch';
import { describeError } from '@/lib/api-client';
import { useSaveConfig } from '@/lib/site-config';

/** Payload encryption of the calls marked E: one switch that applies when flipped. */
export function EncryptionPanel({ enabled, canEdit }: { enabled: boolean; canEdit: boolean }) {
  const { t } = useTranslation();
  const toast = useToast();
  const save = useSaveConfig<{ enabled: boolean }>(backofficePaths.configPayloadEncryption);
  return (
    <Panel
      icon={<IconShield size={18} />}
      title={t('settings.encryption.title')}
      description={t('settings.encryption.description')}
      aside={<Pill tone={enabled ? 'success' : 'neutral'}>{enabled ? t('ui.on') : t('ui.off')}</Pill>}
    >
      <Switch
        checked={save.isPending && save.variables ? save.variables.enabled : enabled}
        busy={save.isPending}
        disabled={!canEdit}
        label={t('settings.encryption.switch')}
        onChange={(next) =>
          save.mutate(
            { enabled: next },
            {
              onSuccess: () => toast.success(t('ui.saved')),
              onError: (error) => toast.error(describeError(error)),
            },
          )
        }
      />
    </Panel>
  );
}

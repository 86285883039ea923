import { backofficePaths, type MaintenanceInput, type SiteConfiguration } from '@portal/contract';
import { Button } from '@portal/ui/button';
import { IconWrench } from '@portal/ui/icons';
import { Input } from '@portal/ui/input';
import { useToast } from '@portal/ui/toast';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Panel, Pill } from '@/components/ui/panel';
import { Switch } from '@/components/ui/switch';
import { describeError } from '@/lib/api-client';
import { formatDateTime, fromDateTimeLocal, toDateTimeLocal } from '@/lib/format';
import { useCurrentLanguage } from '@/lib/i18n';
import { useSaveConfig } from '@/lib/site-config';
import './site-settings.css';

export type MaintenancePanelProps = {
  maintenance: SiteConfiguration['maintenance'];
  canEdit: boolean;
  /** For tests: the time "now" is compared with. */
  now?: () => Date;
};

/** Maintenance on/off with an optional end time (shown to players as a countdown). */
export function MaintenancePanel({ maintenance, canEdit, now = () => new Date() }: MaintenancePanelProps) {
  const { t } = useTranslation();
  const language = useCurrentLanguage();
  const toast = useToast();
  const save = useSaveConfig<MaintenanceInput>(backofficePaths.configMaintenance);
  const [enabled, setEnabled] = useState(maintenance.enabled);
  const [end, setEnd] = useState(toDateTimeLocal(maintenance.end));
  const [confirming, setConfirming] = useState(false);

  useEffect(() => {
    setEnabled(maintenance.enabled);
    setEnd(toDateTimeLocal(maintenance.end));
  }, [maintenance.enabled, maintenance.end]);

  const endIso = fromDateTimeLocal(end);
  const endInPast = enabled && endIso !== null && new Date(endIso) <= now();
  const dirty = enabled !== maintenance.enabled || (enabled && endIso !== maintenance.end);
  const ended = maintenance.enabled && maintenance.end !== null && new Date(maintenance.end) <= now();

  const status = !maintenance.enabled ? (
    <Pill tone="success">{t('settings.maintenance.statusOff')}</Pill>
  ) : ended && maintenance.end ? (
    <Pill tone="neutral">
      {t('settings.maintenance.statusEnded', { time: formatDateTime(maintenance.end, language) })}
    </Pill>
  ) : maintenance.end ? (
    <Pill tone="warning">
      {t('settings.maintenance.statusOnUntil', { time: formatDateTime(maintenance.end, language) })}
    </Pill>
  ) : (
    <Pill tone="warning">{t('settings.maintenance.statusOn')}</Pill>
  );

  const submit = () => {
    setConfirming(false);
    save.mutate(
      { enabled, end: enabled ? endIso : null },
      {
        onSuccess: () => toast.success(t('ui.saved')),
        onError: (error) => toast.error(describeError(error)),
      },
    );
  };

  return (
    <Panel
      icon={<IconWrench size={18} />}
      title={t('settings.maintenance.title')}
      description={t('settings.maintenance.description')}
      aside={status}
      footer={
        canEdit && (
          <>
            {dirty && <span className="bo-unsaved">{t('ui.unsaved')}</span>}
            <Button
              onClick={() => (enabled && !maintenance.enabled ? setConfirming(true) : submit())}
              disabled={!dirty || endInPast}
              loading={save.isPending}
            >
              {t('ui.save')}
            </Button>
          </>
        )
      }
    >
      <Switch checked={enabled} onChange={setEnabled} label={t('settings.maintenance.switch')} disabled={!canEdit} />
      {enabled && (
        <div className="bo-maintenance-end">
          <Input
            label={t('settings.maintenance.end')}
            type="datetime-local"
            value={end}
            onChange={(event) => setEnd(event.target.value)}
            disabled={!canEdit}
            error={endInPast ? t('settings.maintenance.endInPast') : null}
            hint={t('settings.maintenance.endHint')}
          />
          {canEdit && end && (
            <Button variant="ghost" size="sm" onClick={() => setEnd('')}>
              {t('settings.maintenance.clearEnd')}
            </Button>
          )}
        </div>
      )}
      <ConfirmDialog
        open={confirming}
        title={t('settings.maintenance.confirmOnTitle')}
        confirmLabel={t('settings.maintenance.confirmOn')}
        tone="danger"
        onConfirm={submit}
        onClose={() => setConfirming(false)}
      >
        <p>{t('settings.maintenance.confirmOnBody')}</p>
      </ConfirmDialog>
    </Panel>
  );
}

import { Button } from '@portal/ui/button';
import { IconClock, IconRefresh, IconWrench } from '@portal/ui/icons';
import { StatusScreen } from '@portal/ui/status-screen';
import { type ReactNode, useEffect, useEffectEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime, formatPaddedNumber } from '@/lib/format';
import { useCurrentLanguage } from '@/lib/i18n';
import { useCountdown } from '../hooks/use-countdown';
import './status-views.css';

export type MaintenanceViewProps = {
  /** ISO 8601 end of the maintenance window, when the operator gave one. */
  endsAt: string | null;
  siteName: string;
  brand?: ReactNode;
  toolbar?: ReactNode;
  /** The customer-service button. */
  contact?: ReactNode;
  /** Called once when the announced end passes, so the app can ask the server whether the site is back. */
  onWindowOver: () => void;
  checking?: boolean;
};

function parseEnd(endsAt: string | null): Date | null {
  if (!endsAt) return null;
  const date = new Date(endsAt);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** The maintenance view of spec section 2: title, end time with a countdown, info text, customer service. */
export function MaintenanceView({
  endsAt,
  siteName,
  brand,
  toolbar,
  contact,
  onWindowOver,
  checking = false,
}: MaintenanceViewProps) {
  const { t } = useTranslation();
  const language = useCurrentLanguage();
  const end = parseEnd(endsAt);
  const countdown = useCountdown(end);

  // Fires once per passing of the end, however often the parent re-creates the callback.
  const windowOver = useEffectEvent(() => onWindowOver());
  useEffect(() => {
    if (countdown.done) windowOver();
  }, [countdown.done]);

  const { days, hours, minutes, seconds } = countdown.parts;
  const units = [
    ...(days > 0 ? [{ key: 'days', value: days, label: t('status.maintenance.days') }] : []),
    { key: 'hours', value: hours, label: t('status.maintenance.hours') },
    { key: 'minutes', value: minutes, label: t('status.maintenance.minutes') },
    { key: 'seconds', value: seconds, label: t('status.maintenance.seconds') },
  ];

  return (
    <StatusScreen
      tone="warning"
      icon={<IconWrench size={34} />}
      title={t('status.maintenance.title')}
      brand={brand}
      toolbar={toolbar}
      actions={
        <>
          {contact}
          {countdown.done && (
            <Button
              variant="secondary"
              size="lg"
              icon={<IconRefresh size={18} />}
              loading={checking}
              onClick={onWindowOver}
            >
              {t('status.maintenance.checkAgain')}
            </Button>
          )}
        </>
      }
    >
      <title>{`${t('status.maintenance.title')} · ${siteName}`}</title>
      <p className="status-view__info">{t('status.maintenance.info')}</p>
      {end ? (
        <div className="status-view__schedule">
          <p className="status-view__end">
            <IconClock size={18} />
            <span>{t('status.maintenance.endsAt')}</span>
            <time dateTime={end.toISOString()}>{formatDateTime(end, language)}</time>
          </p>
          {countdown.done ? (
            <p className="status-view__overdue">{t('status.maintenance.overdue')}</p>
          ) : (
            <div className="status-view__countdown" role="timer" aria-label={t('status.maintenance.endsIn')}>
              {units.map((unit) => (
                <div key={unit.key} className="status-view__unit">
                  <span className="status-view__digits">{formatPaddedNumber(unit.value, language)}</span>
                  <span className="status-view__unit-label">{unit.label}</span>
                </div>
              ))}
            </div>
          )}
        </div>
      ) : (
        <p className="status-view__note">{t('status.maintenance.endUnknown')}</p>
      )}
    </StatusScreen>
  );
}

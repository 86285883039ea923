import { type PermissionResponse, systemStatusCodes } from '@portal/contract';
import { Button } from '@portal/ui/button';
import { IconRefresh, IconWifiOff } from '@portal/ui/icons';
import { LoadingCover } from '@portal/ui/loading-cover';
import { StatusScreen } from '@portal/ui/status-screen';
import { Wordmark } from '@portal/ui/wordmark';
import { type ReactNode, useDeferredValue, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CustomerServiceButton } from '@/features/customer-service/components/customer-service-button';
import { LanguageSwitcher } from '@/features/language/components/language-switcher';
import { MaintenanceView } from '@/features/system-status/components/maintenance-view';
import { RegionBlockedView } from '@/features/system-status/components/region-blocked-view';
import { ApiError, describeError, getMerchantCode } from '@/lib/api-client';
import { systemStatusOf, usePermissionQuery } from '@/lib/permission';
import { startupPromo } from '@/lib/startup-promo';
import './app.css';

/** Whether a promise has settled (null counts as settled), re-rendering the caller when it does. */
function useSettled(promise: Promise<unknown> | null): boolean {
  const [settled, setSettled] = useState<Promise<unknown> | null>(null);
  useEffect(() => {
    if (!promise) return;
    let current = true;
    const done = () => {
      if (current) setSettled(promise);
    };
    promise.then(done, done);
    return () => {
      current = false;
    };
  }, [promise]);
  return promise === null || settled === promise;
}

/**
 * Start-up (spec section 1): load the permission response behind a branded loading cover, then show
 * one of three views by system status: maintenance (takes priority), region-blocked, or the app.
 * A failed load shows a translated error with Retry rather than a blank page. `landing`: the landing page's code
 * (settles when loaded, failed or given up on); the app appears once it has, so its first frame shows that page.
 */
export function StartupGate({
  children,
  landing = null,
  onOpen,
}: {
  children: ReactNode;
  landing?: Promise<unknown> | null;
  /** Called once the configuration says the site is open, before the app below has rendered (data it will need). */
  onOpen?: (permission: PermissionResponse) => void;
}) {
  const { t } = useTranslation();
  const query = usePermissionQuery();
  const landed = useSettled(landing);
  // The promotion's picture is an API path, never kept offline: when it cannot load, the cover goes without it.
  const [promoFailed, setPromoFailed] = useState(false);
  const configured = query.data;
  useEffect(() => {
    if (configured && systemStatusOf(configured) === systemStatusCodes.NORMAL) onOpen?.(configured);
  }, [configured, onOpen]);
  // The answer arrives in a store update, which React renders synchronously: the whole frame would mount in one long
  // task. Deferred, the cover stays for that update and the frame mounts in a background render that yields to the
  // browser every few milliseconds (input and painting are not blocked while it builds).
  const permission = useDeferredValue(query.data);

  const status = permission ? systemStatusOf(permission) : null;
  if (!permission || (status === systemStatusCodes.NORMAL && !landed)) {
    const knownName = getMerchantCode();
    if (query.isError) {
      return (
        <StatusScreen
          tone="danger"
          icon={<IconWifiOff size={34} />}
          title={t('app.startupErrorTitle')}
          brand={knownName ? <Wordmark name={knownName} size="sm" /> : undefined}
          toolbar={<LanguageSwitcher />}
          actions={
            <Button
              size="lg"
              icon={<IconRefresh size={18} />}
              loading={query.isFetching}
              onClick={() => query.refetch()}
            >
              {t('app.retry')}
            </Button>
          }
        >
          <p>{describeError(query.error)}</p>
          <p className="startup-error__hint">{t('app.startupErrorBody')}</p>
          {query.error instanceof ApiError && (
            <p className="startup-error__code">{t('app.errorCode', { code: query.error.code })}</p>
          )}
        </StatusScreen>
      );
    }
    // index.html painted this same cover before the scripts ran; it stays put rather than fade in a second time,
    // with the promotion the server put in it (the same picture, already loaded, at the same place). With a
    // promotion, the site's name (known once the configuration arrives) is left out: the column would grow by
    // it and move the picture up.
    const promo = promoFailed ? null : startupPromo();
    return (
      <LoadingCover
        label={t('app.loading')}
        siteName={promo ? null : knownName}
        className="ui-cover--instant"
        media={
          promo ? (
            <img
              src={promo.src}
              alt={promo.alt}
              width={1200}
              height={400}
              fetchPriority="high"
              onError={() => setPromoFailed(true)}
            />
          ) : null
        }
      />
    );
  }

  const { info } = permission;
  const siteName = info.siteName;
  const brand = <Wordmark name={siteName} size="sm" />;
  const toolbar = <LanguageSwitcher offered={info.languages} />;
  const contact = <CustomerServiceButton entries={info.customerService} />;

  switch (status) {
    case systemStatusCodes.MAINTENANCE:
      return (
        <MaintenanceView
          endsAt={permission.maintenanceEnd}
          siteName={siteName}
          brand={brand}
          toolbar={toolbar}
          contact={contact}
          checking={query.isFetching}
          onWindowOver={() => void query.refetch()}
        />
      );
    case systemStatusCodes.REGION_RESTRICTED:
      return (
        <RegionBlockedView
          ip={permission.location.ip}
          country={permission.location.country}
          siteName={siteName}
          brand={brand}
          toolbar={toolbar}
          contact={contact}
        />
      );
    default:
      return children;
  }
}

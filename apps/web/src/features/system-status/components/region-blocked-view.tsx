import { IconShieldOff } from '@portal/ui/icons';
import { StatusScreen } from '@portal/ui/status-screen';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { languageLocales, useCurrentLanguage } from '@/lib/i18n';
import './status-views.css';

export type RegionBlockedViewProps = {
  ip: string;
  /** ISO 3166-1 alpha-2 country of the IP, when the server knows it. */
  country: string | null;
  siteName: string;
  brand?: ReactNode;
  toolbar?: ReactNode;
  contact?: ReactNode;
};

function countryName(code: string | null, locale: string): string | null {
  if (!code) return null;
  try {
    return new Intl.DisplayNames([locale], { type: 'region' }).of(code.toUpperCase()) ?? null;
  } catch {
    return null;
  }
}

/** The region-blocked view of spec section 2: the visitor's IP address, info text, customer service. */
export function RegionBlockedView({ ip, country, siteName, brand, toolbar, contact }: RegionBlockedViewProps) {
  const { t } = useTranslation();
  const language = useCurrentLanguage();
  const place = countryName(country, languageLocales[language]);
  return (
    <StatusScreen
      tone="danger"
      icon={<IconShieldOff size={34} />}
      title={t('status.region.title')}
      brand={brand}
      toolbar={toolbar}
      actions={contact}
    >
      <title>{`${t('status.region.title')} · ${siteName}`}</title>
      <dl className="status-view__ip">
        <dt>{t('status.region.ipLabel')}</dt>
        <dd>
          <span className="status-view__ip-value">{ip}</span>
          {place && <span className="status-view__ip-place">{place}</span>}
        </dd>
      </dl>
      <p className="status-view__info">{t('status.region.info')}</p>
    </StatusScreen>
  );
}

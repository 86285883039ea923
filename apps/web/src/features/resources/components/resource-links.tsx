import type { ResourceEntry } from '@portal/contract';
import { cx } from '@portal/ui/cx';
import {
  IconAndroid,
  IconApple,
  IconDocument,
  IconDownload,
  IconLink,
  IconTelegram,
  IconWhatsapp,
} from '@portal/ui/icons';
import { useTranslation } from 'react-i18next';
import { hasTranslation, translate } from '@/lib/i18n';
import { visibleResources } from './visible-resources';
import './resource-links.css';

const icons: Record<string, typeof IconLink> = {
  ANDROID: IconAndroid,
  IOS: IconApple,
  LITE_APP: IconDownload,
  TELEGRAM: IconTelegram,
  WHATSAPP: IconWhatsapp,
  LICENCE: IconDocument,
};

export type ResourceLinksProps = {
  resources: readonly ResourceEntry[];
  appDownloadEnabled: boolean;
  className?: string;
};

/** The site's resources (app downloads, channels, licence) from the permission response, as pill links. */
export function ResourceLinks({ resources, appDownloadEnabled, className }: ResourceLinksProps) {
  const { t } = useTranslation();
  const visible = visibleResources(resources, { appDownloadEnabled });
  if (visible.length === 0) return null;
  return (
    <ul className={cx('resource-links', className)}>
      {visible.map((resource) => {
        const key = `layout.resources.${resource.resourceType.toUpperCase()}`;
        // Known types have translated names; others show the operator's English label.
        const label = hasTranslation(key) ? translate(key) : resource.labelNameEn;
        const Icon = icons[resource.resourceType.toUpperCase()] ?? IconLink;
        return (
          <li key={`${resource.resourceType}-${resource.url}`}>
            <a
              className="resource-link"
              href={resource.href}
              target="_blank"
              rel="noopener noreferrer"
              aria-label={`${label} (${t('customerService.opensInNewTab')})`}
            >
              <Icon size={18} />
              <span>{label}</span>
            </a>
          </li>
        );
      })}
    </ul>
  );
}

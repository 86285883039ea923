import type { CustomerServiceEntry } from '@portal/contract';
import { cx } from '@portal/ui/cx';
import { useTranslation } from 'react-i18next';
import { ChannelIcon } from './channel-icon';
import { usableEntries } from './customer-service-entries';
import './customer-service-links.css';

export type CustomerServiceLinksProps = {
  entries: readonly CustomerServiceEntry[];
  /** `icons`: round icon buttons (footer); `cards`: icon, channel and its title (home). */
  variant?: 'icons' | 'cards';
  className?: string;
};

/** The configured customer-service channels (LIVECHAT, FACEBOOK, TELEGRAM, WHATSAPP, …) as links in new tabs. */
export function CustomerServiceLinks({ entries, variant = 'icons', className }: CustomerServiceLinksProps) {
  const { t } = useTranslation();
  const usable = usableEntries(entries);
  if (usable.length === 0) return null;
  return (
    <ul className={cx('cs-links', `cs-links--${variant}`, className)}>
      {usable.map((entry) => {
        const channel = t(`customerService.types.${entry.csType}`);
        const name = entry.title.trim() || channel;
        return (
          <li key={`${entry.csType}-${entry.sort}-${entry.url}`}>
            <a
              className={cx('cs-link', `cs-link--${entry.csType.toLowerCase()}`)}
              href={entry.href}
              target="_blank"
              rel="noopener noreferrer"
              title={variant === 'icons' ? name : undefined}
              // Cards show their names, so the accessible name is that visible text (WCAG 2.5.3 label in name).
              aria-label={
                variant === 'icons' ? `${channel}: ${name} (${t('customerService.opensInNewTab')})` : undefined
              }
            >
              <span className="cs-link__icon">
                <ChannelIcon type={entry.csType} size={variant === 'cards' ? 22 : 20} />
              </span>
              {variant === 'cards' && (
                <span className="cs-link__text">
                  <span className="cs-link__channel">{channel}</span>
                  <span className="cs-link__title">{name}</span>
                  <span className="visually-hidden"> ({t('customerService.opensInNewTab')})</span>
                </span>
              )}
            </a>
          </li>
        );
      })}
    </ul>
  );
}

import type { CustomerServiceEntry, ResourceEntry } from '@portal/contract';
import { cx } from '@portal/ui/cx';
import { IconChevronLeft, IconChevronRight, IconHeadset, IconTelegram, IconWhatsapp } from '@portal/ui/icons';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useAppLinks } from '@/features/app-download/hooks/use-app-links';
import { hasAppDownload } from '@/features/app-download/utils/app-links';
import { usableEntries } from '@/features/customer-service/components/customer-service-entries';
import { useLiveChatPanelOpen } from '@/features/live-chat/hooks/live-chat-panel-store';
import { IconInvite, IconQr } from '@/features/navigation/components/nav-icons';
import { usePermission } from '@/lib/permission';
import { safeExternalUrl } from '@/lib/safe-url';
import { liveChatLinkProps } from './live-chat-link';
import { frameMemberLinks } from './member-links';
import '@/locales/layout/frame';

export type FloatingBarProps = {
  customerService: readonly CustomerServiceEntry[];
  resources: readonly ResourceEntry[];
  onOpenAppDownload: () => void;
  hidden: boolean;
  onToggleHidden: () => void;
};

type Item = {
  key: string;
  label: string;
  icon: ReactNode;
  href?: string;
  to?: string;
  onClick?: () => void;
  /** A link that opens the docked live-chat panel on wide screens instead of going to its page. */
  panel?: boolean;
};

/**
 * The right floating bar of spec section 2: invite, live chat, app QR, Telegram in its two variants (the support
 * chat from customer service and the channel from resources) and WhatsApp, each only when configured. Shown on
 * wider screens; the player can fold it away (remembered on the device).
 */
export function FloatingBar(props: FloatingBarProps) {
  const { t } = useTranslation();
  const liveChatOpen = useLiveChatPanelOpen();
  const inviteHref = frameMemberLinks(usePermission()).invite;
  const hasApps = hasAppDownload(useAppLinks());
  const channels = usableEntries(props.customerService);
  const channel = (type: CustomerServiceEntry['csType']) => channels.find((entry) => entry.csType === type)?.href;
  const resource = (type: string) => {
    const entry = props.resources.find((item) => item.resourceType.trim().toUpperCase() === type);
    return entry ? (safeExternalUrl(entry.url) ?? undefined) : undefined;
  };

  const items: Item[] = [];
  if (inviteHref)
    items.push({ key: 'invite', label: t('shell.floating.invite'), icon: <IconInvite size={22} />, to: inviteHref });
  // Live chat (support module) whenever the operator offers it: the docked panel, or its page on a phone.
  if (props.customerService.some((entry) => entry.csType === 'LIVECHAT'))
    items.push({
      key: 'livechat',
      label: t('shell.floating.liveChat'),
      icon: <IconHeadset size={22} />,
      to: '/live-chat',
      panel: true,
    });
  if (hasApps)
    items.push({
      key: 'app',
      label: t('shell.floating.app'),
      icon: <IconQr size={22} />,
      onClick: props.onOpenAppDownload,
    });
  const telegramSupport = channel('TELEGRAM');
  if (telegramSupport)
    items.push({
      key: 'telegram-support',
      label: t('shell.floating.telegramSupport'),
      icon: <IconTelegram size={22} />,
      href: telegramSupport,
    });
  const telegramChannel = resource('TELEGRAM');
  if (telegramChannel && telegramChannel !== telegramSupport)
    items.push({
      key: 'telegram-channel',
      label: t('shell.floating.telegramChannel'),
      icon: <IconTelegram size={22} />,
      href: telegramChannel,
    });
  const whatsapp = channel('WHATSAPP') ?? resource('WHATSAPP');
  if (whatsapp)
    items.push({
      key: 'whatsapp',
      label: t('shell.floating.whatsapp'),
      icon: <IconWhatsapp size={22} />,
      href: whatsapp,
    });
  if (items.length === 0) return null;

  return (
    <aside className={cx('floating-bar', props.hidden && 'is-hidden')} aria-label={t('shell.floating.label')}>
      <button
        type="button"
        className="floating-bar__toggle"
        onClick={props.onToggleHidden}
        aria-expanded={!props.hidden}
        aria-label={props.hidden ? t('shell.floating.show') : t('shell.floating.hide')}
        title={props.hidden ? t('shell.floating.show') : t('shell.floating.hide')}
      >
        {props.hidden ? <IconChevronLeft size={16} /> : <IconChevronRight size={16} />}
      </button>
      {!props.hidden && (
        <ul className="floating-bar__list">
          {items.map((item) => (
            <li key={item.key}>
              {item.to ? (
                <Link
                  to={item.to}
                  className={cx(
                    'floating-bar__item',
                    `floating-bar__item--${item.key}`,
                    item.panel && liveChatOpen && 'is-active',
                  )}
                  aria-label={item.label}
                  {...(item.panel ? liveChatLinkProps(liveChatOpen) : {})}
                >
                  {item.icon}
                  <span className="floating-bar__tip" aria-hidden="true">
                    {item.label}
                  </span>
                </Link>
              ) : item.href ? (
                <a
                  href={item.href}
                  target="_blank"
                  rel="noopener noreferrer"
                  className={cx('floating-bar__item', `floating-bar__item--${item.key}`)}
                  aria-label={`${item.label} (${t('customerService.opensInNewTab')})`}
                >
                  {item.icon}
                  <span className="floating-bar__tip" aria-hidden="true">
                    {item.label}
                  </span>
                </a>
              ) : (
                <button
                  type="button"
                  onClick={item.onClick}
                  className={cx('floating-bar__item', `floating-bar__item--${item.key}`)}
                  aria-label={item.label}
                >
                  {item.icon}
                  <span className="floating-bar__tip" aria-hidden="true">
                    {item.label}
                  </span>
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
    </aside>
  );
}

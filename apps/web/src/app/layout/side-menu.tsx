import type { CustomerServiceEntry } from '@portal/contract';
import { cx } from '@portal/ui/cx';
import { IconChevronLeft, IconChevronRight, IconClose } from '@portal/ui/icons';
import { lazy, Suspense, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink } from 'react-router';
import { useAppLinks } from '@/features/app-download/hooks/use-app-links';
import { ChannelIcon } from '@/features/customer-service/components/channel-icon';
import { usableEntries } from '@/features/customer-service/components/customer-service-entries';
import { LanguageSwitcher } from '@/features/language/components/language-switcher';
import { useLiveChatPanelOpen } from '@/features/live-chat/hooks/live-chat-panel-store';
import { GameTypeIcon, IconGift, IconInvite, IconQr } from '@/features/navigation/components/nav-icons';
import { usePermission } from '@/lib/permission';
import { liveChatLinkProps } from './live-chat-link';
import { frameMemberLinks } from './member-links';
import { useFocusTrap } from './use-focus-trap';
import { useNavCategories } from './use-nav-categories';
import '@/locales/layout/frame';

const AppQrPair = lazy(() =>
  import('@/features/app-download/components/app-qr-pair').then((module) => ({ default: module.AppQrPair })),
);

/** Spec section 2: the side menu's customer-service items. */
const sideMenuChannels: readonly CustomerServiceEntry['csType'][] = ['LIVECHAT', 'FACEBOOK', 'TELEGRAM', 'WHATSAPP'];

export type SideMenuProps = {
  /** Whether the site has games: the game types come from the game menus. */
  hasGames: boolean;
  customerService: readonly CustomerServiceEntry[];
  languages: readonly string[];
  collapsed: boolean;
  onToggleCollapsed: () => void;
  /** Phone: the menu is a drawer, open or closed. */
  drawerOpen: boolean;
  onCloseDrawer: () => void;
  onOpenAppDownload: () => void;
};

/**
 * The side menu of spec section 2: game types, rewards centre, invite friends, app-download QR codes (iOS,
 * Android), customer-service items (LIVECHAT, FACEBOOK, TELEGRAM, WHATSAPP) and the language selector. On a
 * desktop it is a column that collapses to icons; on a phone a drawer that keeps keyboard focus inside.
 */
export function SideMenu(props: SideMenuProps) {
  const { t } = useTranslation();
  const { collapsed, drawerOpen, onCloseDrawer } = props;
  const liveChatOpen = useLiveChatPanelOpen();
  const appLinks = useAppLinks();
  const categories = useNavCategories(props.hasGames);
  // Rewards centre and invite friends link into the member centre, once those pages exist there.
  const { rewardCenter: rewardCenterHref, invite: inviteHref } = frameMemberLinks(usePermission());
  const panelRef = useRef<HTMLDivElement>(null);
  useFocusTrap(panelRef, drawerOpen, onCloseDrawer);
  const channels = usableEntries(props.customerService).filter((entry) => sideMenuChannels.includes(entry.csType));
  const hasApps = appLinks.ios !== null || appLinks.android !== null;
  const compact = collapsed && !drawerOpen;
  // On a phone the open drawer is a modal dialog; on a desktop the same panel is a plain part of the page.
  const drawerProps = drawerOpen ? { role: 'dialog', 'aria-modal': true, 'aria-label': t('shell.nav.menu') } : {};
  // On a phone the drawer closes once the player has picked somewhere to go.
  const picked = () => {
    if (drawerOpen) onCloseDrawer();
    window.scrollTo({ top: 0 });
  };

  return (
    <>
      {drawerOpen && <div className="side-menu__backdrop" aria-hidden="true" onClick={onCloseDrawer} />}
      <aside
        className={cx('side-menu', compact && 'is-collapsed', drawerOpen && 'is-drawer-open')}
        aria-label={t('shell.side.label')}
      >
        <div ref={panelRef} className="side-menu__panel" tabIndex={-1} {...drawerProps}>
          <div className="side-menu__top">
            <button
              type="button"
              className="side-menu__collapse"
              onClick={props.onToggleCollapsed}
              aria-expanded={!collapsed}
              aria-label={collapsed ? t('shell.side.expand') : t('shell.side.collapse')}
              title={collapsed ? t('shell.side.expand') : t('shell.side.collapse')}
            >
              {collapsed ? <IconChevronRight size={18} /> : <IconChevronLeft size={18} />}
            </button>
            <button
              type="button"
              className="side-menu__close"
              onClick={onCloseDrawer}
              aria-label={t('shell.nav.closeMenu')}
            >
              <IconClose size={20} />
            </button>
          </div>

          {categories.length > 0 && (
            <nav className="side-menu__section" aria-labelledby="side-menu-games">
              <h2 id="side-menu-games" className="side-menu__heading">
                {t('shell.side.games')}
              </h2>
              <ul className="side-menu__list">
                {categories.map((category) => {
                  const label = t(`shell.gameTypes.${category.gameType}`);
                  return (
                    <li key={category.gameType}>
                      <NavLink
                        to={category.href}
                        className="side-menu__item"
                        onClick={picked}
                        title={compact ? label : undefined}
                      >
                        <GameTypeIcon gameType={category.gameType} size={20} />
                        <span className="side-menu__label">{label}</span>
                      </NavLink>
                    </li>
                  );
                })}
              </ul>
            </nav>
          )}

          {(rewardCenterHref || inviteHref) && (
            <div className="side-menu__section">
              <h2 className="side-menu__heading">{t('shell.side.account')}</h2>
              <ul className="side-menu__list">
                {rewardCenterHref && (
                  <li>
                    <Link to={rewardCenterHref} className="side-menu__item side-menu__item--gold" onClick={picked}>
                      <IconGift size={20} />
                      <span className="side-menu__label">{t('shell.side.rewardCenter')}</span>
                    </Link>
                  </li>
                )}
                {inviteHref && (
                  <li>
                    <Link to={inviteHref} className="side-menu__item side-menu__item--gold" onClick={picked}>
                      <IconInvite size={20} />
                      <span className="side-menu__label">{t('shell.side.inviteFriends')}</span>
                    </Link>
                  </li>
                )}
              </ul>
            </div>
          )}

          {hasApps && (
            <section className="side-menu__section" aria-labelledby="side-menu-apps">
              <h2 id="side-menu-apps" className="side-menu__heading">
                {t('shell.side.appDownload')}
              </h2>
              {compact ? (
                <button
                  type="button"
                  className="side-menu__item"
                  onClick={props.onOpenAppDownload}
                  title={t('shell.side.appDownload')}
                >
                  <IconQr size={20} />
                  <span className="side-menu__label">{t('shell.side.appDownload')}</span>
                </button>
              ) : (
                <div className="side-menu__qr">
                  <Suspense fallback={<span className="side-menu__qr-placeholder" />}>
                    <AppQrPair links={appLinks} size={80} />
                  </Suspense>
                  <button type="button" className="side-menu__download" onClick={props.onOpenAppDownload}>
                    <IconQr size={16} />
                    {t('shell.download.guides')}
                  </button>
                </div>
              )}
            </section>
          )}

          {channels.length > 0 && (
            <section className="side-menu__section" aria-labelledby="side-menu-cs">
              <h2 id="side-menu-cs" className="side-menu__heading">
                {t('shell.side.customerService')}
              </h2>
              <ul className="side-menu__list">
                {channels.map((entry) => {
                  const channel = t(`customerService.types.${entry.csType}`);
                  // Live chat is the portal's own chat (support module): the docked panel like the floating bar's, or
                  // its page from the phone drawer.
                  if (entry.csType === 'LIVECHAT')
                    return (
                      <li key={`${entry.csType}-${entry.sort}`}>
                        <Link
                          className={cx(
                            'side-menu__item',
                            'side-menu__item--livechat',
                            liveChatOpen && !drawerOpen && 'active',
                          )}
                          to="/live-chat"
                          title={compact ? channel : undefined}
                          aria-label={compact ? channel : undefined}
                          {...(drawerOpen ? { onClick: picked } : liveChatLinkProps(liveChatOpen))}
                        >
                          <ChannelIcon type={entry.csType} size={20} />
                          <span className="side-menu__label">{channel}</span>
                        </Link>
                      </li>
                    );
                  return (
                    <li key={`${entry.csType}-${entry.sort}`}>
                      <a
                        className={cx('side-menu__item', `side-menu__item--${entry.csType.toLowerCase()}`)}
                        href={entry.href}
                        target="_blank"
                        rel="noopener noreferrer"
                        title={compact ? channel : undefined}
                        aria-label={`${channel}: ${entry.title.trim() || channel} (${t('customerService.opensInNewTab')})`}
                      >
                        <ChannelIcon type={entry.csType} size={20} />
                        <span className="side-menu__label">{channel}</span>
                      </a>
                    </li>
                  );
                })}
              </ul>
            </section>
          )}

          {!compact && (
            <div className="side-menu__section side-menu__language">
              <h2 className="side-menu__heading">{t('shell.side.language')}</h2>
              <LanguageSwitcher offered={props.languages} />
            </div>
          )}
        </div>
      </aside>
    </>
  );
}

import type { PermissionResponse, ShippedLanguage } from '@portal/contract';
import { cx } from '@portal/ui/cx';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useNavigate } from 'react-router';
import {
  closeAppDownload,
  openAppDownload,
  useAppDownloadOpen,
} from '@/features/app-download/hooks/app-download-store';
import { markFirstScreenReady } from '@/lib/first-screen';
import { isHelpLinkState } from '@/lib/help-link';
import { currentLanguage, useCurrentLanguage } from '@/lib/i18n';
import { narrowFrameQuery, useMediaQuery } from '@/lib/media-query';
import { openModal } from '@/lib/modals';
import { useNearViewport } from '@/lib/near-viewport';
import { isFeatureEnabled, usePermission } from '@/lib/permission';
import '@/locales/layout';
import { frameStorageKeys, homePaths, showsSideMenu } from './frame-rules';
import { RouteErrorBoundary } from './route-error-boundary';
import { RouteFallback } from './route-fallback';
import { ScrollManager } from './scroll-manager';
import { SiteHeader } from './site-header';
import { useDeviceFlag } from './use-device-flag';
import './layout.css';

const HelpCenterModal = lazy(() =>
  import('@/features/help-center/components/help-center-modal').then((module) => ({ default: module.HelpCenterModal })),
);
// The side menu loads just after the first paint (on phones, where it is a closed drawer, when first opened), the
// footer when its place nears the screen or with the floating bar, later still (useSecondaryPartsReady): they are not
// needed for the first screen, and the first download stays small. Their places are reserved (the menu's width, the
// footer below the fold) or they float, so nothing on screen moves when they arrive.
const loadSideMenu = () => import('./side-menu');
const SideMenu = lazy(() => loadSideMenu().then((module) => ({ default: module.SideMenu })));
const FloatingBar = lazy(() => import('./floating-bar').then((module) => ({ default: module.FloatingBar })));
const SiteFooter = lazy(() => import('./site-footer').then((module) => ({ default: module.SiteFooter })));
// The header's mail icon with the unread dot (the inbox of features/content), for members only.
const MailIndicator = lazy(() =>
  import('@/features/content/components/mail-indicator').then((module) => ({ default: module.MailIndicator })),
);
// The content modals (features/content): the announcement popup (once per session), the notice popup the home
// marquee opens and the feedback dialog, each opened through the modal store.
const ContentHost = lazy(() =>
  import('@/features/content/components/content-host').then((module) => ({ default: module.ContentHost })),
);
// The expanding customer-service view: the live chat docked over the page. Its host (open state) loads after the
// first paint, the chat itself when the panel is first opened.
const LiveChatPanelHost = lazy(() =>
  import('@/features/live-chat/components/live-chat-panel-host').then((module) => ({
    default: module.LiveChatPanelHost,
  })),
);
const AppDownloadModal = lazy(() =>
  import('@/features/app-download/components/app-download-modal').then((module) => ({
    default: module.AppDownloadModal,
  })),
);

// Banners, marquee and popups all show the announcements. Their call (with its response schema) stays out of the first
// download, but its small chunk is fetched beside the site configuration, so the layout can ask for them the moment
// the configuration arrives rather than block by block once each block's code has loaded and rendered.
const announcementsApi = import('@/features/content/api/announcements');
announcementsApi.catch(() => undefined);

/** The longest the frame's secondary parts wait for the announcements before they load anyway. */
const secondaryPartsMaxWaitMs = 2000;

/**
 * Starts loading the announcements (without subscribing to them): the home banners, the marquee and the popups all
 * show them. On a home page the first banner's image follows at once (the phone's largest paint). Nothing is asked
 * while the cache holds fresh ones or a load is in flight, so calling it again is free. The answer is the settled load.
 */
function prefetchAnnouncementsFor(queryClient: QueryClient, language: ShippedLanguage, onHome: boolean): Promise<void> {
  return announcementsApi
    .then((api) => api.prefetchAnnouncements(queryClient, language, { warmBannerGroup: onHome ? 'w_home' : null }))
    .catch(() => undefined);
}

/**
 * The frame's first-screen data, started by the start-up gate as soon as the site configuration has arrived, while
 * the frame itself still renders in the background: the announcements' answer is then in the cache when the frame
 * first commits, and the home banners appear with it rather than a round of loading later.
 */
export function prefetchFirstScreen(queryClient: QueryClient, permission: PermissionResponse): void {
  if (!isFeatureEnabled(permission, 'ANNOUNCEMENT3') || typeof window === 'undefined') return;
  void prefetchAnnouncementsFor(queryClient, currentLanguage(), homePaths.includes(window.location.pathname));
}

/**
 * Loads the announcements while the frame renders (as TanStack's `usePrefetchQuery` does), not after it has been
 * committed, and not block by block once each block's code has arrived; after a language change, that language's.
 * The answer is the settled load, or null when announcements are switched off.
 */
function useAnnouncementsPrefetch(enabled: boolean, onHome: boolean): Promise<void> | null {
  const queryClient = useQueryClient();
  const language = useCurrentLanguage();
  // Memoised so that it starts once per language; the query cache also drops a second start while one is in flight.
  return useMemo(
    () => (enabled ? prefetchAnnouncementsFor(queryClient, language, onHome) : null),
    [enabled, onHome, queryClient, language],
  );
}

/**
 * Whether the frame's secondary parts (floating bar, docked live chat, install offer) may load. Nothing of them is
 * needed for the first screen, and over HTTP/1.1 (six connections per host) their chunks queued in front of the
 * announcements and the home banner image, the phone's largest paint. So they wait for the
 * announcements (`announcementsLoaded`, or `secondaryPartsMaxWaitMs`; nothing when announcements are switched off),
 * then for an idle moment. They float above the page, so nothing moves when they arrive.
 */
function useSecondaryPartsReady(announcementsLoaded: Promise<void> | null, onHome: boolean): boolean {
  const [ready, setReady] = useState(false);

  useEffect(() => {
    if (ready) return;
    let cancelled = false;
    let idleHandle: number | undefined;
    const show = () => {
      if (!cancelled) setReady(true);
    };
    const whenIdle = () => {
      if (cancelled || idleHandle !== undefined) return;
      idleHandle =
        typeof window.requestIdleCallback === 'function'
          ? window.requestIdleCallback(show, { timeout: 1000 })
          : window.setTimeout(show, 0);
    };
    // On the home page the banners report the first screen themselves, once the first one has been painted.
    const loaded = () => {
      if (!onHome) markFirstScreenReady();
      whenIdle();
    };
    const maxWait = window.setTimeout(() => {
      markFirstScreenReady();
      whenIdle();
    }, secondaryPartsMaxWaitMs);
    if (announcementsLoaded) announcementsLoaded.then(loaded, loaded);
    else {
      markFirstScreenReady();
      whenIdle();
    }
    return () => {
      cancelled = true;
      window.clearTimeout(maxWait);
      if (idleHandle !== undefined) {
        if (typeof window.cancelIdleCallback === 'function') window.cancelIdleCallback(idleHandle);
        else window.clearTimeout(idleHandle);
      }
    };
  }, [ready, announcementsLoaded, onHome]);

  return ready;
}

let startedOnce = false;
/** Once per page: listen for the browser's install offer and, in the built app, register the service worker. */
function startInstallability(): void {
  if (startedOnce) return;
  startedOnce = true;
  import('@/features/app-download/utils/installability')
    .then((module) => module.startInstallability({ serviceWorker: import.meta.env.PROD }))
    .catch((error: unknown) => console.warn('Installability could not start', error));
}

/** How far below the screen the footer's place may be when it is built: a screenful of scrolling ahead. */
const footerNearMargin = '800px';

/**
 * The footer, built once its place comes within `footerNearMargin` of the screen, or with the frame's secondary
 * parts (`ready`: after the first screen and the announcements, at an idle moment), whichever comes first. On the
 * home page it starts three to four screens down, so its ~140 elements stay out of the first screen's work, yet its
 * landmark and links are there for a screen reader or a keyboard soon after. Its place keeps the placeholder's
 * height meanwhile, below everything else, so nothing visible moves when it fills in.
 */
function FooterSlot(props: { ready: boolean; onAppDownload: () => void; onFeedback: (() => void) | null }) {
  const place = useRef<HTMLDivElement>(null);
  const near = useNearViewport(place, footerNearMargin);
  const placeholder = <div ref={place} className="site-footer site-footer--placeholder" aria-hidden="true" />;
  if (!near && !props.ready) return placeholder;
  return (
    <Suspense fallback={placeholder}>
      <SiteFooter onAppDownload={props.onAppDownload} onFeedback={props.onFeedback} />
    </Suspense>
  );
}

/**
 * Root layout of spec section 2: side menu, header (with the top navigation), main view, footer, the right
 * floating bar and the expanding customer-service view (the live chat docked over the page). The side menu is left out on the game pages of spec section 9; on phones it is a drawer.
 */
export function RootLayout() {
  const { t } = useTranslation();
  const permission = usePermission();
  const { info } = permission;
  const openFeedback = isFeatureEnabled(permission, 'FEEDBACK3') ? () => openModal('feedbackModal') : null;
  const location = useLocation();
  const navigate = useNavigate();
  const helpOpen = location.pathname === '/help';
  const sideMenu = showsSideMenu(location.pathname);
  const [drawerOpen, setDrawerOpen] = useState(false);
  // Below the wide layout the side menu is a closed drawer until the player opens it: it is built on the first
  // opening (its CSS slides it in from its starting style) and kept afterwards, so it can slide out and back.
  const wide = !useMediaQuery(narrowFrameQuery, false);
  const [drawerBuilt, setDrawerBuilt] = useState(false);
  const openDrawer = () => {
    setDrawerBuilt(true);
    setDrawerOpen(true);
  };
  const [collapsed, toggleCollapsed] = useDeviceFlag(frameStorageKeys.sideMenuCollapsed);
  const [floatingHidden, toggleFloatingHidden] = useDeviceFlag(frameStorageKeys.floatingBarHidden);
  const hasGames = isFeatureEnabled(permission, 'GAME');
  const appDownloadOpen = useAppDownloadOpen();
  // The /live-chat page is the same chat: the docked panel steps aside there rather than show it twice.
  const onLiveChatPage = location.pathname.toLowerCase() === '/live-chat';

  const announcementsOn = isFeatureEnabled(permission, 'ANNOUNCEMENT3');

  const onHome = homePaths.includes(location.pathname);
  const announcementsLoaded = useAnnouncementsPrefetch(announcementsOn, onHome);
  const secondaryReady = useSecondaryPartsReady(announcementsLoaded, onHome);

  useEffect(() => {
    if (secondaryReady) startInstallability();
  }, [secondaryReady]);

  // The drawer's code arrives with the secondary parts, so the first tap on the menu button opens it at once.
  useEffect(() => {
    if (secondaryReady && sideMenu && !wide) loadSideMenu().catch(() => undefined);
  }, [secondaryReady, sideMenu, wide]);

  // Widened past the drawer's layout (a tablet turned), an open drawer closes: the column is no dialog.
  useEffect(() => {
    if (wide) setDrawerOpen(false);
  }, [wide]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` changes on every navigation; the drawer closes then.
  useEffect(() => {
    setDrawerOpen(false);
  }, [location.key]);

  const closeHelp = () => {
    if (isHelpLinkState(location.state)) navigate(-1);
    else navigate('/', { replace: true });
  };

  return (
    <div
      className={cx(
        'site',
        hasGames && 'site--has-nav',
        sideMenu && 'site--has-side',
        collapsed && 'site--side-collapsed',
      )}
    >
      <a className="skip-link" href="#main">
        {t('app.skipToContent')}
      </a>
      <SiteHeader
        siteName={info.siteName}
        languages={info.languages}
        onOpenMenu={openDrawer}
        menuOpen={drawerOpen}
        hasSideMenu={sideMenu}
        hasNavigation={hasGames}
        onFeedback={openFeedback}
        mail={
          isFeatureEnabled(permission, 'INBOX3') ? (
            <Suspense fallback={null}>
              <MailIndicator />
            </Suspense>
          ) : null
        }
      />
      <div className="site-body">
        {sideMenu && (wide || drawerBuilt) && (
          <Suspense fallback={<div className="side-menu side-menu--placeholder" aria-hidden="true" />}>
            <SideMenu
              hasGames={hasGames}
              customerService={info.customerService}
              languages={info.languages}
              collapsed={collapsed}
              onToggleCollapsed={toggleCollapsed}
              drawerOpen={drawerOpen}
              onCloseDrawer={() => setDrawerOpen(false)}
              onOpenAppDownload={openAppDownload}
            />
          </Suspense>
        )}
        <div className="site-content">
          <main id="main" className="site-main" tabIndex={-1}>
            <RouteErrorBoundary resetKey={location.pathname}>
              <Suspense fallback={<RouteFallback />}>
                <Outlet />
              </Suspense>
            </RouteErrorBoundary>
          </main>
          <FooterSlot ready={secondaryReady} onAppDownload={openAppDownload} onFeedback={openFeedback} />
        </div>
      </div>
      {secondaryReady && (
        <Suspense fallback={null}>
          <FloatingBar
            customerService={info.customerService}
            resources={info.resources}
            onOpenAppDownload={openAppDownload}
            hidden={floatingHidden}
            onToggleHidden={toggleFloatingHidden}
          />
        </Suspense>
      )}
      <ScrollManager />
      {/* Not deferred: the announcement popup it opens covers the first screen, and is the desktop's largest paint. */}
      <RouteErrorBoundary resetKey="content">
        <Suspense fallback={null}>
          <ContentHost />
        </Suspense>
      </RouteErrorBoundary>
      {helpOpen && (
        <RouteErrorBoundary resetKey={location.key}>
          <Suspense fallback={null}>
            <HelpCenterModal open onClose={closeHelp} anchor={decodeURIComponent(location.hash.slice(1)) || null} />
          </Suspense>
        </RouteErrorBoundary>
      )}
      {secondaryReady && (
        <RouteErrorBoundary resetKey="live-chat-panel">
          <Suspense fallback={null}>
            <LiveChatPanelHost suppressed={onLiveChatPage} />
          </Suspense>
        </RouteErrorBoundary>
      )}
      {appDownloadOpen && (
        <RouteErrorBoundary resetKey="app-download">
          <Suspense fallback={null}>
            <AppDownloadModal siteName={info.siteName} onClose={closeAppDownload} />
          </Suspense>
        </RouteErrorBoundary>
      )}
    </div>
  );
}

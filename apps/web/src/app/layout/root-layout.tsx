import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { isHelpLinkState } from '@/lib/help-link';
import { usePermission } from '@/lib/permission';
import { RouteErrorBoundary } from './route-error-boundary';
import { RouteFallback } from './route-fallback';
import { ScrollManager } from './scroll-manager';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';
import './layout.css';

const HelpCenterModal = lazy(() =>
  import('@/features/help-center/components/help-center-modal').then((module) => ({ default: module.HelpCenterModal })),
);

/** Root layout of spec section 2: header, main view and footer; the side menu arrives with the game pages. */
export function RootLayout() {
  const { t } = useTranslation();
  const { info } = usePermission();
  const location = useLocation();
  const navigate = useNavigate();
  const helpOpen = location.pathname === '/help';

  const closeHelp = () => {
    if (isHelpLinkState(location.state)) navigate(-1);
    else navigate('/', { replace: true });
  };

  return (
    <div className="site">
      <a className="skip-link" href="#main">
        {t('app.skipToContent')}
      </a>
      <SiteHeader siteName={info.siteName} languages={info.languages} />
      <main id="main" className="site-main" tabIndex={-1}>
        <RouteErrorBoundary resetKey={location.pathname}>
          <Suspense fallback={<RouteFallback />}>
            <Outlet />
          </Suspense>
        </RouteErrorBoundary>
      </main>
      <SiteFooter />
      <ScrollManager />
      {helpOpen && (
        <RouteErrorBoundary resetKey={location.key}>
          <Suspense fallback={null}>
            <HelpCenterModal open onClose={closeHelp} anchor={decodeURIComponent(location.hash.slice(1)) || null} />
          </Suspense>
        </RouteErrorBoundary>
      )}
    </div>
  );
}

import { Wordmark } from '@portal/ui/wordmark';
import { lazy, type ReactNode, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AuthHeaderActions } from '@/features/auth/components/header-actions';
import { LanguageSwitcher } from '@/features/language/components/language-switcher';
import { IconMenu } from '@/features/navigation/components/menu-icon';
import { narrowFrameQuery, useMediaQuery } from '@/lib/media-query';
import { useSession } from '@/lib/session';

// The category row fills in once the game menus arrive, so its code can come a moment after the first paint; the
// row's height is kept from the start, so nothing moves.
const SiteNavigation = lazy(() => import('./site-navigation').then((module) => ({ default: module.SiteNavigation })));

// Only logged-in real accounts have a balance, cashier buttons and mail (and a realtime socket).
const MemberCorner = lazy(() => import('./member-corner').then((module) => ({ default: module.MemberCorner })));

export type SiteHeaderProps = {
  siteName: string;
  languages: readonly string[];
  /** The mail icon with its unread dot, from the inbox; null while the site has no inbox. */
  mail?: ReactNode;
  onFeedback?: (() => void) | null;
  /** Phone: opens the side menu drawer. */
  onOpenMenu: () => void;
  menuOpen: boolean;
  /** Whether the page shows the side menu at all (not on the game pages). */
  hasSideMenu: boolean;
  /** Whether the site has games, hence the row of game categories (kept from the first paint to avoid a shift). */
  hasNavigation: boolean;
};

/**
 * The site header (spec section 2 "Header and navigation"): wordmark home link, and the account corner: Login and
 * Register for visitors; for members the balance (refresh, mask), Withdraw and Deposit, the mail icon and the
 * account menu. Below it on wide screens the top navigation of game categories; on phones a menu button opens the
 * side menu as a drawer instead. The language selector is in the side menu, or here on pages without one.
 */
export function SiteHeader(props: SiteHeaderProps) {
  const { siteName, languages } = props;
  const { t } = useTranslation();
  const session = useSession();
  const real = (session.status === 'member' || session.status === 'agent') && session.token !== null;
  const guestCorner = <AuthHeaderActions />;
  // Below the wide layout CSS hides the row (phones open the side menu's game types instead), so it is not built.
  const wide = !useMediaQuery(narrowFrameQuery, false);

  return (
    <header className="site-header">
      <div className="site-header__inner">
        <div className="site-header__start">
          {props.hasSideMenu && (
            <button
              type="button"
              className="site-header__menu"
              onClick={props.onOpenMenu}
              aria-expanded={props.menuOpen}
              aria-label={t('shell.nav.openMenu')}
            >
              <IconMenu size={22} />
            </button>
          )}
          <Link to="/" className="site-header__brand" aria-label={`${siteName} — ${t('layout.home')}`}>
            <Wordmark name={siteName} />
          </Link>
        </div>
        <div className="site-header__actions">
          {/* With a side menu the language selector lives there (spec section 2); the game pages keep it here. */}
          {!props.hasSideMenu && <LanguageSwitcher offered={languages} className="site-header__language" />}
          {real && session.token ? (
            <Suspense
              fallback={
                <div className="auth-header" aria-busy="true">
                  <span className="auth-header__placeholder" />
                </div>
              }
            >
              <MemberCorner token={session.token} mail={props.mail ?? null} onFeedback={props.onFeedback ?? null} />
            </Suspense>
          ) : (
            guestCorner
          )}
        </div>
      </div>
      {props.hasNavigation && wide && (
        <div className="site-header__nav">
          <Suspense fallback={<div className="site-header__top-nav" />}>
            <SiteNavigation className="site-header__top-nav" />
          </Suspense>
        </div>
      )}
    </header>
  );
}

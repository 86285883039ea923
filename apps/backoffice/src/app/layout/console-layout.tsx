import type { OperatorPermission } from '@portal/contract';
import { Button } from '@portal/ui/button';
import { cx } from '@portal/ui/cx';
import { IconAlert, IconClose, IconDocument, IconHeadset, IconHelp, IconRefresh } from '@portal/ui/icons';
import { Spinner } from '@portal/ui/spinner';
import { Wordmark } from '@portal/ui/wordmark';
import { type ReactNode, Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, NavLink, Outlet, useLocation, useNavigate } from 'react-router';
import {
  IconChannels,
  IconChart,
  IconDepositIn,
  IconForm,
  IconLogout,
  IconMenu,
  IconPlayers,
  IconScale,
  IconScroll,
  IconSettings,
  IconToggles,
  IconUsers,
  IconWithdrawOut,
} from '@/components/ui/console-icons';
import { useSignOut } from '@/features/auth/api/auth';
import { ChangePasswordForm } from '@/features/auth/components/change-password-form';
import { IconComment, IconEnvelope, IconMegaphone } from '@/features/content/components/content-icons';
import { IconGamepad } from '@/features/games/components/games-icons';
import { IconGift } from '@/features/points-mall/components/points-icons';
import { describeError } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format';
import { useCurrentLanguage } from '@/lib/i18n';
import { useMe } from '@/lib/session';
import { useSiteName } from '@/lib/site-name';
import { consolePaths, type LoginReason } from '../paths';
import { CashierLiveShell, NavQueueCount } from './cashier-live';
import { LanguageToggle } from './language-toggle';
import './console-layout.css';

type NavItem = {
  to: string;
  label:
    | 'settings'
    | 'features'
    | 'registration'
    | 'customerService'
    | 'deposits'
    | 'withdrawals'
    | 'operators'
    | 'audit'
    | 'dashboard'
    | 'players'
    | 'adjustments'
    | 'depositChannels'
    | 'announcements'
    | 'articles'
    | 'helpCentre'
    | 'messages'
    | 'feedback'
    | 'liveChat'
    | 'games'
    | 'reports'
    | 'pointsMall';
  icon: ReactNode;
  /** Shown when the operator holds this permission (or any of these). */
  permission: OperatorPermission | OperatorPermission[];
  /** A cashier queue whose live size is shown beside the link. */
  queue?: 'deposits' | 'withdrawals';
};

const sections: {
  id: 'overview' | 'site' | 'cashier' | 'people' | 'content' | 'promotions' | 'games' | 'oversight';
  items: NavItem[];
}[] = [
  {
    id: 'overview',
    items: [
      { to: consolePaths.dashboard, label: 'dashboard', icon: <IconChart />, permission: 'dashboard.read' },
      { to: consolePaths.reports, label: 'reports', icon: <IconDocument />, permission: 'reports.read' },
    ],
  },
  {
    id: 'site',
    items: [
      { to: consolePaths.settings, label: 'settings', icon: <IconSettings />, permission: 'config.read' },
      { to: consolePaths.features, label: 'features', icon: <IconToggles />, permission: 'config.read' },
      { to: consolePaths.registration, label: 'registration', icon: <IconForm />, permission: 'config.read' },
      { to: consolePaths.customerService, label: 'customerService', icon: <IconHeadset />, permission: 'config.read' },
    ],
  },
  {
    id: 'cashier',
    items: [
      {
        to: consolePaths.deposits,
        label: 'deposits',
        icon: <IconDepositIn />,
        permission: 'cashier.read',
        queue: 'deposits',
      },
      {
        to: consolePaths.withdrawals,
        label: 'withdrawals',
        icon: <IconWithdrawOut />,
        permission: 'cashier.read',
        queue: 'withdrawals',
      },
      {
        to: consolePaths.depositChannels,
        label: 'depositChannels',
        icon: <IconChannels />,
        permission: 'cashier.read',
      },
    ],
  },
  {
    id: 'people',
    items: [
      { to: consolePaths.players, label: 'players', icon: <IconPlayers />, permission: 'players.read' },
      { to: consolePaths.adjustments, label: 'adjustments', icon: <IconScale />, permission: 'players.read' },
      { to: consolePaths.operators, label: 'operators', icon: <IconUsers />, permission: 'operators.manage' },
    ],
  },
  {
    id: 'content',
    items: [
      {
        to: consolePaths.announcements,
        label: 'announcements',
        icon: <IconMegaphone />,
        permission: 'content.announcements',
      },
      { to: consolePaths.articles, label: 'articles', icon: <IconDocument />, permission: 'content.articles' },
      { to: consolePaths.help, label: 'helpCentre', icon: <IconHelp />, permission: 'content.help' },
      { to: consolePaths.messages, label: 'messages', icon: <IconEnvelope />, permission: 'content.messages' },
      { to: consolePaths.feedback, label: 'feedback', icon: <IconComment />, permission: 'content.feedback' },
      { to: consolePaths.liveChat, label: 'liveChat', icon: <IconHeadset />, permission: 'support.chat' },
    ],
  },
  {
    id: 'promotions',
    items: [
      {
        to: consolePaths.pointsMall,
        label: 'pointsMall',
        icon: <IconGift />,
        permission: ['points.redemptions', 'points.goods', 'points.settings'],
      },
    ],
  },
  {
    id: 'games',
    items: [{ to: consolePaths.games, label: 'games', icon: <IconGamepad />, permission: 'games.manage' }],
  },
  {
    id: 'oversight',
    items: [{ to: consolePaths.audit, label: 'audit', icon: <IconScroll />, permission: 'audit.read' }],
  },
];

/**
 * The console shell: checks the session, then shows the left navigation (only what the role may open), the
 * top bar with the operator and sign-out, and the page. Without a session it sends the operator to sign in;
 * with a one-time password it asks for a new one first.
 */
export function ConsoleLayout() {
  const { t } = useTranslation();
  const language = useCurrentLanguage();
  const location = useLocation();
  const navigate = useNavigate();
  const me = useMe();
  const siteName = useSiteName();
  const signOut = useSignOut();
  const signingOut = useRef(false);
  // Only an operator who had a session in this page is told it ended; a fresh visit just sees the form.
  const hadSession = useRef(false);
  const [menuOpen, setMenuOpen] = useState(false);

  // A new page closes the mobile menu.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the path is the trigger, not a value read.
  useEffect(() => setMenuOpen(false), [location.pathname]);

  if (me.isPending) {
    return (
      <main className="bo-center-screen">
        <Spinner size="lg" label={t('app.loading')} />
      </main>
    );
  }
  if (me.isError) {
    return (
      <main className="bo-center-screen">
        <div className="bo-message-card">
          <IconAlert size={34} className="bo-message-card__icon" />
          <h1>{t('app.loadFailed')}</h1>
          <p>{describeError(me.error)}</p>
          <Button icon={<IconRefresh size={18} />} onClick={() => void me.refetch()}>
            {t('app.retry')}
          </Button>
        </div>
      </main>
    );
  }
  if (!me.data) {
    const reason: LoginReason | undefined = signingOut.current
      ? 'signedOut'
      : hadSession.current
        ? 'expired'
        : undefined;
    // After an expiry the operator returns to the page they were on; after signing out, to the start.
    const from = reason === 'signedOut' ? undefined : location.pathname;
    return <Navigate to={consolePaths.login} replace state={{ reason, from }} />;
  }
  hadSession.current = true;

  const { operator, permissions, session } = me.data;

  const doSignOut = () => {
    signingOut.current = true;
    signOut.mutate(undefined, {
      onError: () => navigate(consolePaths.login, { replace: true, state: { reason: 'signedOut' } }),
    });
  };

  if (operator.mustChangePassword) {
    return (
      <main className="bo-center-screen">
        <div className="bo-auth-card">
          <ChangePasswordForm onCancel={doSignOut} />
        </div>
      </main>
    );
  }

  return (
    <CashierLiveShell enabled={permissions.includes('cashier.read')}>
      <div className={cx('bo-shell', menuOpen && 'bo-shell--menu-open')}>
        <a className="skip-link" href="#bo-main">
          {t('app.skipToContent')}
        </a>
        <aside className="bo-sidebar" id="bo-sidebar">
          <div className="bo-sidebar__brand">
            <Wordmark name={siteName ?? t('app.title')} size="sm" />
            <span className="bo-sidebar__product">{t('app.title')}</span>
          </div>
          <nav className="bo-nav" aria-label={t('shell.navigation')}>
            {sections.map((section) => {
              const items = section.items.filter((item) =>
                [item.permission].flat().some((permission) => permissions.includes(permission)),
              );
              if (items.length === 0) return null;
              return (
                <div key={section.id} className="bo-nav__section">
                  <p className="bo-nav__heading">{t(`shell.sections.${section.id}`)}</p>
                  <ul className="bo-nav__list">
                    {items.map((item) => (
                      <li key={item.to}>
                        <NavLink
                          to={item.to}
                          className={({ isActive }) => cx('bo-nav__link', isActive && 'bo-nav__link--active')}
                        >
                          {item.icon}
                          <span>{t(`nav.${item.label}`)}</span>
                          {item.queue && <NavQueueCount queue={item.queue} />}
                        </NavLink>
                      </li>
                    ))}
                  </ul>
                </div>
              );
            })}
          </nav>
        </aside>
        <button
          type="button"
          className="bo-shell__scrim"
          aria-label={t('shell.closeMenu')}
          tabIndex={-1}
          onClick={() => setMenuOpen(false)}
        />
        <div className="bo-shell__main">
          <header className="bo-topbar">
            <button
              type="button"
              className="bo-topbar__menu"
              aria-controls="bo-sidebar"
              aria-expanded={menuOpen}
              aria-label={menuOpen ? t('shell.closeMenu') : t('shell.openMenu')}
              onClick={() => setMenuOpen((open) => !open)}
            >
              {menuOpen ? <IconClose /> : <IconMenu />}
            </button>
            <span className="bo-topbar__brand">
              <Wordmark name={siteName ?? t('app.title')} size="sm" emblem={false} />
            </span>
            <div className="bo-topbar__spacer" />
            <LanguageToggle className="bo-topbar__language" />
            <div className="bo-topbar__operator">
              <span className="bo-avatar" aria-hidden="true">
                {operator.username.slice(0, 1).toUpperCase()}
              </span>
              <span className="bo-topbar__who">
                <span className="bo-topbar__name">{operator.username}</span>
                <span className="bo-topbar__role">
                  {t(`roles.${operator.role}`)}
                  <span className="bo-topbar__session">
                    {' · '}
                    {t('shell.sessionEnds', { time: formatDateTime(session.expiresAt, language) })}
                  </span>
                </span>
              </span>
            </div>
            <Button
              variant="secondary"
              size="sm"
              icon={<IconLogout size={16} />}
              onClick={doSignOut}
              loading={signOut.isPending}
              className="bo-topbar__signout"
              aria-label={t('shell.signOut')}
            >
              <span className="bo-topbar__signout-label">{t('shell.signOut')}</span>
            </Button>
          </header>
          <main className="bo-main" id="bo-main" tabIndex={-1}>
            <Suspense
              fallback={
                <div className="bo-page-loading">
                  <Spinner size="lg" label={t('app.loading')} />
                </div>
              }
            >
              <Outlet />
            </Suspense>
          </main>
        </div>
      </div>
    </CashierLiveShell>
  );
}

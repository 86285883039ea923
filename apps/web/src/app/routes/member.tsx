import type { FeatureId } from '@portal/contract';
import { Badge } from '@portal/ui/badge';
import { cx } from '@portal/ui/cx';
import { Skeleton } from '@portal/ui/skeleton';
import { Suspense, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { LoginRequired } from '@/features/account/components/login-required';
import { RealAccountRequired } from '@/features/account/components/real-account-required';
import { hasTranslation, translate } from '@/lib/i18n';
import { openModal } from '@/lib/modals';
import { isFeatureEnabled, usePermission } from '@/lib/permission';
import { useSession } from '@/lib/session';
import '@/locales/identity';
import { isMemberPageId, type MemberPage, memberPages, securityCenterPage } from './member-pages';
import './member.css';
import '@/locales/layout/frame';

const defaultPage = securityCenterPage;

/** The member-centre page a `?page=` value opens: a known, landed page, otherwise securityCenter. */
export function memberPageFor(requested: string | null, pages: readonly MemberPage[] = memberPages): MemberPage {
  return pages.find((entry) => entry.id === (isMemberPageId(requested) ? requested : 'securityCenter')) ?? defaultPage;
}

/** A page's menu label: the shell's name for the page id, else the key the page registered. */
function pageLabel(page: MemberPage): string {
  const shellKey = `shell.member.pageNames.${page.id}`;
  return translate(hasTranslation(shellKey) ? shellKey : page.labelKey);
}

/** The red count badge of a page whose registry entry supplies one. */
function PageBadge({ useCount }: { useCount: () => number }) {
  const { t } = useTranslation();
  const count = useCount();
  return <Badge count={count} label={t('shell.member.badge', { count })} className="member-nav__badge" />;
}

/** Pages outside the member centre that the spec names among its entries (section 2 "Also named by text"). */
const moreLinks: ReadonlyArray<{
  to: string;
  key: 'pointMall' | 'news' | 'blog' | 'guide' | 'favorite' | 'recent';
  feature: FeatureId | null;
}> = [
  { to: '/pointMall', key: 'pointMall', feature: 'POINTMALL3' },
  { to: '/news', key: 'news', feature: null },
  { to: '/blog', key: 'blog', feature: null },
  { to: '/guide', key: 'guide', feature: null },
  { to: '/favorite', key: 'favorite', feature: 'FAVORITE3' },
  { to: '/recent', key: 'recent', feature: 'RECENTGAME3' },
];

/**
 * The member centre's links to the rest of the portal: the points mall, the news, blog and beginner-guide articles,
 * the favourite and recent games, and the feedback dialog.
 */
function MoreLinks() {
  const { t } = useTranslation();
  const permission = usePermission();
  const shown = moreLinks.filter((link) => link.feature === null || isFeatureEnabled(permission, link.feature));
  return (
    <nav className="member-more" aria-label={t('shell.member.more.label')}>
      <p className="member-nav__title" aria-hidden="true">
        {t('shell.member.more.title')}
      </p>
      <ul className="member-more__list">
        {shown.map((link) => (
          <li key={link.key}>
            <Link to={link.to} className="member-more__link">
              {t(`shell.member.more.${link.key}`)}
            </Link>
          </li>
        ))}
        {isFeatureEnabled(permission, 'FEEDBACK3') && (
          <li>
            <button type="button" className="member-more__link" onClick={() => openModal('feedbackModal')}>
              {t('shell.member.more.feedback')}
            </button>
          </li>
        )}
      </ul>
    </nav>
  );
}

/**
 * /member, the member centre (spec section 2), for real accounts: visitors get the login popup, trial users are
 * told a real account is needed (section 6). The shell lists the pages that have landed in the registry
 * (`member-pages.tsx`) in the spec's order, as a side list on wide screens and a scrolling tab strip on phones;
 * `?page=<id>` picks the page, securityCenter by default. Missions, messages and rewards carry a red badge when
 * their count is above 0.
 */
export function MemberRoute() {
  const { t } = useTranslation();
  const { info: site } = usePermission();
  const session = useSession();
  const visitor = session.status === 'visitor';
  const [params] = useSearchParams();
  const page = memberPageFor(params.get('page'));
  const navRef = useRef<HTMLElement>(null);

  useEffect(() => {
    if (visitor) openModal('loginPopupModal');
  }, [visitor]);

  // On a phone the pages are a sideways strip: the open page's tab is brought into view.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the open page changes.
  useEffect(() => {
    navRef.current
      ?.querySelector<HTMLElement>('[aria-current="page"]')
      ?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
  }, [page.id]);

  const title = <title>{`${pageLabel(page)} · ${t('shell.member.title')} · ${site.siteName}`}</title>;
  if (visitor) {
    return (
      <>
        {title}
        <LoginRequired onLogin={() => openModal('loginPopupModal')} />
      </>
    );
  }
  if (session.status === 'trial') {
    return (
      <>
        {title}
        <RealAccountRequired onRegister={() => openModal('registerModal')} />
      </>
    );
  }
  if (!session.info || session.status === 'passwordChange') {
    return (
      <div className="member-skeleton" aria-busy="true">
        <Skeleton height={132} radius={24} />
        <Skeleton height={260} radius={16} />
      </div>
    );
  }
  const Page = page.component;
  return (
    <div className="member-centre">
      {title}
      <div className="member-centre__side">
        <nav ref={navRef} className="member-nav" aria-label={t('shell.member.pages')}>
          <p className="member-nav__title" aria-hidden="true">
            {t('shell.member.title')}
          </p>
          <ul className="member-nav__list">
            {memberPages.map((entry) => {
              const current = entry.id === page.id;
              return (
                <li key={entry.id}>
                  <Link
                    to={`/member?page=${entry.id}`}
                    className={cx('member-nav__link', current && 'is-current')}
                    aria-current={current ? 'page' : undefined}
                  >
                    <span className="member-nav__label">{pageLabel(entry)}</span>
                    {entry.useBadgeCount && <PageBadge useCount={entry.useBadgeCount} />}
                  </Link>
                </li>
              );
            })}
          </ul>
        </nav>
        <MoreLinks />
      </div>
      <div className="member-centre__page">
        <Suspense fallback={<Skeleton height={260} radius={16} />}>
          <Page info={session.info} />
        </Suspense>
      </div>
    </div>
  );
}

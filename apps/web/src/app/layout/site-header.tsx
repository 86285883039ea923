import { Wordmark } from '@portal/ui/wordmark';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AuthHeaderActions } from '@/features/auth/components/header-actions';
import { LanguageSwitcher } from '@/features/language/components/language-switcher';
import { useSession } from '@/lib/session';

// Only logged-in real accounts have a balance (and a realtime socket): visitors and trial users never load it.
const HeaderWallet = lazy(() =>
  import('@/features/wallet/components/header-wallet').then((module) => ({ default: module.HeaderWallet })),
);

export type SiteHeaderProps = {
  siteName: string;
  languages: readonly string[];
};

/**
 * The site header: wordmark home link, the language selector, and the account corner (Login and Register
 * for visitors, the account menu once logged in). Members and agents also see their balance, kept current by
 * the realtime socket. Deposit and mail come with their issues.
 */
export function SiteHeader({ siteName, languages }: SiteHeaderProps) {
  const { t } = useTranslation();
  const session = useSession();
  const real = session.status === 'member' || session.status === 'agent';
  return (
    <header className="site-header">
      <div className="site-header__inner">
        <Link to="/" className="site-header__brand" aria-label={`${siteName} — ${t('layout.home')}`}>
          <Wordmark name={siteName} />
        </Link>
        <div className="site-header__actions">
          <LanguageSwitcher offered={languages} className="site-header__language" />
          {real && session.token && (
            <Suspense fallback={null}>
              <HeaderWallet token={session.token} />
            </Suspense>
          )}
          <AuthHeaderActions />
        </div>
      </div>
    </header>
  );
}

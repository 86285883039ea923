import { Wordmark } from '@portal/ui/wordmark';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AuthHeaderActions } from '@/features/auth/components/header-actions';
import { LanguageSwitcher } from '@/features/language/components/language-switcher';

export type SiteHeaderProps = {
  siteName: string;
  languages: readonly string[];
};

/**
 * The site header: wordmark home link, the language selector, and the account corner (Login and Register
 * for visitors, the account menu once logged in). Balance, deposit and mail come with their issues.
 */
export function SiteHeader({ siteName, languages }: SiteHeaderProps) {
  const { t } = useTranslation();
  return (
    <header className="site-header">
      <div className="site-header__inner">
        <Link to="/" className="site-header__brand" aria-label={`${siteName} — ${t('layout.home')}`}>
          <Wordmark name={siteName} />
        </Link>
        <div className="site-header__actions">
          <LanguageSwitcher offered={languages} className="site-header__language" />
          <AuthHeaderActions />
        </div>
      </div>
    </header>
  );
}

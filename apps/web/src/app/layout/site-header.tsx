import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Wordmark } from '@/components/ui/wordmark';
import { LanguageSwitcher } from '@/features/language/components/language-switcher';

export type SiteHeaderProps = {
  siteName: string;
  languages: readonly string[];
};

/** The site header: wordmark home link and the language selector (login and balance come with their issues). */
export function SiteHeader({ siteName, languages }: SiteHeaderProps) {
  const { t } = useTranslation();
  return (
    <header className="site-header">
      <div className="site-header__inner">
        <Link to="/" className="site-header__brand" aria-label={`${siteName} — ${t('layout.home')}`}>
          <Wordmark name={siteName} />
        </Link>
        <div className="site-header__actions">
          <LanguageSwitcher offered={languages} />
        </div>
      </div>
    </header>
  );
}

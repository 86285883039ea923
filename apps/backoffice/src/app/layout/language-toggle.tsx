import { shippedLanguages } from '@portal/contract';
import { cx } from '@portal/ui/cx';
import { useTranslation } from 'react-i18next';
import { chooseLanguage, languageNames, useCurrentLanguage } from '@/lib/i18n';

/** EN / বাংলা as a two-button toggle: few enough languages to show them all. */
export function LanguageToggle({ className }: { className?: string }) {
  const { t } = useTranslation();
  const current = useCurrentLanguage();
  return (
    <fieldset className={cx('bo-language', className)}>
      <legend className="visually-hidden">{t('language.label')}</legend>
      {shippedLanguages.map((language) => (
        <button
          key={language}
          type="button"
          lang={language}
          className={cx(
            'bo-language__option',
            'ui-language-name',
            language === current && 'bo-language__option--current',
          )}
          aria-pressed={language === current}
          onClick={() => void chooseLanguage(language)}
        >
          {language === 'en' ? 'EN' : languageNames[language]}
        </button>
      ))}
    </fieldset>
  );
}

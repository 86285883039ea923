import { type ShippedLanguage, shippedLanguages } from '@portal/contract';
import { cx } from '@portal/ui/cx';
import { IconGlobe } from '@portal/ui/icons';
import { useTranslation } from 'react-i18next';
import { asShippedLanguage, chooseLanguage, languageNames, languageShortNames, useCurrentLanguage } from '@/lib/i18n';
import './language-switcher.css';

export type LanguageSwitcherProps = {
  /** Languages the site offers (permission `info.languages`); all shipped ones when unknown or none match. */
  offered?: readonly string[];
  className?: string;
};

function offeredLanguages(offered: readonly string[] | undefined): ShippedLanguage[] {
  const matching = (offered ?? []).map((code) => asShippedLanguage(code)).filter((code) => code !== null);
  const unique = shippedLanguages.filter((language) => matching.includes(language));
  return unique.length > 0 ? unique : [...shippedLanguages];
}

/**
 * The EN / বাংলা selector of the header and the status screens. A segmented control fits the two
 * shipped languages on a phone header; each option is named in its own language.
 */
export function LanguageSwitcher({ offered, className }: LanguageSwitcherProps) {
  const { t } = useTranslation();
  const current = useCurrentLanguage();
  const languages = offeredLanguages(offered);
  if (languages.length < 2) return null;
  return (
    <fieldset className={cx('language-switcher', className)}>
      <legend className="visually-hidden">{t('language.choose')}</legend>
      <IconGlobe className="language-switcher__icon" size={16} />
      {languages.map((language) => {
        const selected = language === current;
        return (
          <button
            key={language}
            type="button"
            aria-pressed={selected}
            lang={language}
            title={languageNames[language]}
            className={cx(
              'language-switcher__option',
              'ui-language-name',
              selected && 'language-switcher__option--selected',
            )}
            onClick={() => {
              if (!selected) void chooseLanguage(language);
            }}
          >
            {languageShortNames[language]}
          </button>
        );
      })}
    </fieldset>
  );
}

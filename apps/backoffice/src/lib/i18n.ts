import { type Catalogue, catalogues, fallbackLanguage, type ShippedLanguage, shippedLanguages } from '@portal/contract';
import { languageFontsReady } from '@portal/ui/language-fonts';
import i18next from 'i18next';
import { initReactI18next, useTranslation } from 'react-i18next';
import type { ContentBoMessages } from '@/features/content/locales/en';
import type { LiveChatBoMessages } from '@/features/live-chat/locales/en';
import type { PointsBoMessages } from '@/features/points-mall/locales/en';
import { bn } from '@/locales/bn';
import { type BackofficeMessages, en } from '@/locales/en';
import { getStoredLanguage, storeLanguage } from './storage';

/** One namespace: the contract's shared catalogue (errors, validation) plus the console's own texts. */
export type Messages = Catalogue & BackofficeMessages & ContentBoMessages & LiveChatBoMessages & PointsBoMessages;
/** What is bundled with the first page; feature texts (such as the content pages') are added when they load. */
type BundledMessages = Catalogue & BackofficeMessages;

function mergeMessages(shared: Catalogue, own: BackofficeMessages): BundledMessages {
  return { ...shared, ...own, errors: { ...shared.errors, ...own.errors } };
}

export const resources = {
  en: { translation: mergeMessages(catalogues.en, en) },
  bn: { translation: mergeMessages(catalogues.bn, bn) },
} satisfies Record<ShippedLanguage, { translation: BundledMessages }>;

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: Messages };
  }
}

/** Each language named in itself, as language pickers conventionally show them. */
export const languageNames: Record<ShippedLanguage, string> = { en: 'English', bn: 'বাংলা' };
/** BCP 47 tags for Intl formatting: Bangladeshi conventions for Bengali, day-first dates for English. */
export const languageLocales: Record<ShippedLanguage, string> = { en: 'en-GB', bn: 'bn-BD' };

export function asShippedLanguage(input: string | null | undefined): ShippedLanguage | null {
  const code = (input ?? '').trim().toLowerCase().slice(0, 2);
  return (shippedLanguages as readonly string[]).includes(code) ? (code as ShippedLanguage) : null;
}

export const i18n = i18next.createInstance();

void i18n.use(initReactI18next).init({
  resources,
  lng: asShippedLanguage(getStoredLanguage()) ?? fallbackLanguage,
  fallbackLng: fallbackLanguage,
  supportedLngs: [...shippedLanguages],
  // Resources are bundled, so initialising synchronously avoids a first render with raw keys.
  initAsync: false,
  interpolation: { escapeValue: false },
});

function reflectLanguageInDocument(language: string): void {
  if (typeof document !== 'undefined') document.documentElement.lang = language;
}
reflectLanguageInDocument(i18n.language);
i18n.on('languageChanged', reflectLanguageInDocument);

export function currentLanguage(): ShippedLanguage {
  return asShippedLanguage(i18n.resolvedLanguage ?? i18n.language) ?? fallbackLanguage;
}

/** Translates a key built at run time (such as `errors.<CODE>`), which the typed `t` cannot check. */
export function translate(key: string, params?: Record<string, unknown>): string {
  return (i18n.t as (key: string, options?: Record<string, unknown>) => string)(key, params);
}

export function hasTranslation(key: string): boolean {
  return i18n.exists(key);
}

/** The operator's language change: switch the texts (once their letters' faces are loaded) and remember the choice. */
export async function chooseLanguage(language: ShippedLanguage): Promise<void> {
  storeLanguage(language);
  await languageFontsReady(language);
  await i18n.changeLanguage(language);
}

/** The current language, re-rendering the caller when it changes. */
export function useCurrentLanguage(): ShippedLanguage {
  const { i18n: instance } = useTranslation();
  return asShippedLanguage(instance.resolvedLanguage ?? instance.language) ?? fallbackLanguage;
}

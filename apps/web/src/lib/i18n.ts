import {
  type Catalogue,
  type CoreCatalogue,
  coreCatalogues,
  fallbackLanguage,
  type ShippedLanguage,
  shippedLanguages,
} from '@portal/contract';
import { languageFontsReady } from '@portal/ui/language-fonts';
import i18next from 'i18next';
import { initReactI18next, useTranslation } from 'react-i18next';
import type { ArticlesMessages } from '@/locales/articles/en';
import { bn } from '@/locales/bn';
import type { CashierMessages } from '@/locales/cashier/en';
import type { CashierPageLabels } from '@/locales/cashier/labels';
import type { ContentMessages } from '@/locales/content/en';
import { en, type WebMessages } from '@/locales/en';
import type { GamesMessages } from '@/locales/games/en';
import type { IdentityMessages } from '@/locales/identity/en';
import type { InhouseMessages } from '@/locales/inhouse/en';
import type { LayoutMessages } from '@/locales/layout/en';
import type { LiveChatMessages } from '@/locales/live-chat/en';
import type { PointsMallMessages } from '@/locales/points-mall/en';
import type { WalletMessages } from '@/locales/wallet/en';
import { getStoredLanguage, storeLanguage } from './storage';

/**
 * One namespace: the contract's shared catalogue (errors, validation) plus the web app's own texts.
 * The identity screens' and the header wallet's texts are part of it but arrive with them (`addTexts`), and so do
 * the contract's registration messages (`@/locales/registration`, imported by the forms that show them).
 */
export type Messages = Catalogue &
  WebMessages &
  IdentityMessages &
  WalletMessages &
  LayoutMessages &
  GamesMessages &
  InhouseMessages &
  CashierMessages &
  CashierPageLabels &
  ContentMessages &
  ArticlesMessages &
  LiveChatMessages &
  PointsMallMessages;

function mergeMessages(shared: CoreCatalogue, own: WebMessages): CoreCatalogue & WebMessages {
  return { ...shared, ...own, errors: { ...shared.errors, ...own.errors } };
}

export const resources = {
  en: { translation: mergeMessages(coreCatalogues.en, en) },
  bn: { translation: mergeMessages(coreCatalogues.bn, bn) },
} satisfies Record<ShippedLanguage, { translation: CoreCatalogue & WebMessages }>;

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: Messages };
  }
}

/** Each language named in itself, as language pickers conventionally show them. */
export const languageNames: Record<ShippedLanguage, string> = { en: 'English', bn: 'বাংলা' };
/** Short labels for compact pickers. */
export const languageShortNames: Record<ShippedLanguage, string> = { en: 'EN', bn: 'বাংলা' };
/** BCP 47 tags for Intl formatting: Bangladeshi conventions for Bengali, day-first dates for English. */
export const languageLocales: Record<ShippedLanguage, string> = { en: 'en-GB', bn: 'bn-BD' };

/** Maps a stored, configured or header value onto a shipped language, or null when we have no catalogue for it. */
export function asShippedLanguage(input: string | null | undefined): ShippedLanguage | null {
  const code = (input ?? '').trim().toLowerCase().slice(0, 2);
  return (shippedLanguages as readonly string[]).includes(code) ? (code as ShippedLanguage) : null;
}

/**
 * The start-up language rule (spec sections 1 and 4): the player's stored choice, else the site's
 * configured default, else English. A choice the site no longer offers is skipped.
 */
export function pickLanguage(input: {
  stored: string | null;
  configured: string | null;
  offered?: readonly string[];
}): ShippedLanguage {
  const offered = (input.offered ?? []).map((code) => asShippedLanguage(code)).filter((code) => code !== null);
  const isOffered = (language: ShippedLanguage) => offered.length === 0 || offered.includes(language);
  for (const candidate of [input.stored, input.configured]) {
    const language = asShippedLanguage(candidate);
    if (language && isOffered(language)) return language;
  }
  return fallbackLanguage;
}

export const i18n = i18next.createInstance();

void i18n.use(initReactI18next).init({
  resources,
  lng: pickLanguage({ stored: getStoredLanguage(), configured: null }),
  fallbackLng: fallbackLanguage,
  supportedLngs: [...shippedLanguages],
  // Resources are bundled, so initialising synchronously avoids a first render with raw keys.
  initAsync: false,
  interpolation: { escapeValue: false },
  // The defaults, named: i18next then skips its per-call check of whether a key reads like a sentence (a regular
  // expression over the key on every t() call), which showed in the first render's profile. Keys here are paths.
  keySeparator: '.',
  nsSeparator: ':',
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

/**
 * Adds texts that load with a screen rather than with the first page (a lazily loaded feature's
 * namespaces), in every shipped language at once. Call it before the screen renders (at module load).
 */
export function addTexts(texts: Record<ShippedLanguage, object>): void {
  for (const language of shippedLanguages) {
    i18n.addResourceBundle(language, 'translation', texts[language], true, false);
  }
}

export function hasTranslation(key: string): boolean {
  return i18n.exists(key);
}

type LanguageListener = (language: ShippedLanguage) => void | Promise<void>;
const languageListeners = new Set<LanguageListener>();

/**
 * Registers work to run after the player picks a language, such as telling the server through
 * update-language once a session exists (spec section 4). Returns the unsubscribe function.
 */
export function onLanguageChosen(listener: LanguageListener): () => void {
  languageListeners.add(listener);
  return () => {
    languageListeners.delete(listener);
  };
}

/**
 * The player's language change (spec section 4): switch the texts, remember the choice as `lang`
 * and `hisLang`, update `<html lang>` and notify listeners. A failing listener does not undo the
 * change, because the player already sees the new language.
 */
export async function chooseLanguage(language: ShippedLanguage): Promise<void> {
  storeLanguage(language);
  // Bengali letters laid out before their face has loaded can stay boxes: the faces first (at most 3 s).
  await languageFontsReady(language);
  await i18n.changeLanguage(language);
  const results = await Promise.allSettled([...languageListeners].map(async (listener) => listener(language)));
  for (const result of results) {
    if (result.status === 'rejected') console.warn('A language-change listener failed', result.reason);
  }
}

/**
 * Applies the site's configured default once the permission response arrives. It is not stored as
 * the player's choice, so a later change of the site default still reaches players who never chose.
 */
export async function applyConfiguredLanguage(configured: string, offered: readonly string[]): Promise<void> {
  const language = pickLanguage({ stored: getStoredLanguage(), configured, offered });
  if (language === i18n.language) return;
  await languageFontsReady(language);
  await i18n.changeLanguage(language);
}

/** The current language, re-rendering the caller when it changes. */
export function useCurrentLanguage(): ShippedLanguage {
  const { i18n: instance } = useTranslation();
  return asShippedLanguage(instance.resolvedLanguage ?? instance.language) ?? fallbackLanguage;
}

/**
 * Languages the product ships complete translations for. Other codes of the spec's
 * language tables fall back to English until their catalogues are written.
 */
export const shippedLanguages = ['en', 'bn'] as const;
export type ShippedLanguage = (typeof shippedLanguages)[number];
export const fallbackLanguage: ShippedLanguage = 'en';

/** Language codes the spec's text tables know; accepted in headers and settings. */
export const knownLanguages = [
  'en',
  'bn',
  'cn',
  'zh',
  'vi',
  'th',
  'ja',
  'ko',
  'es',
  'hi',
  'pt',
  'ar',
  'ru',
  'id',
  'ms',
  'my',
  'km',
  'lo',
  'tl',
  'ur',
  'ne',
  'si',
  'ta',
  'te',
  'tr',
  'fr',
  'de',
  'it',
  'nl',
  'pl',
  'fa',
  'he',
  'kk',
  'uz',
  'mn',
  'ka',
] as const;
export type KnownLanguage = (typeof knownLanguages)[number];

/** Maps any header or stored value onto a language we have a catalogue for. */
export function resolveLanguage(input: string | null | undefined): ShippedLanguage {
  const code = (input ?? '').trim().toLowerCase().slice(0, 2);
  return (shippedLanguages as readonly string[]).includes(code) ? (code as ShippedLanguage) : fallbackLanguage;
}

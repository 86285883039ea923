import type { ShippedLanguage } from '../languages';
import { resolveLanguage } from '../languages';
import { bn, bnCore } from './bn';
import { type Catalogue, type CoreCatalogue, en, enCore } from './en';

export type { Catalogue, CoreCatalogue } from './en';
export const catalogues: Record<ShippedLanguage, Catalogue> = { en, bn };
/** The catalogues without the registration messages (the web app's first download; see CoreCatalogue). */
export const coreCatalogues: Record<ShippedLanguage, CoreCatalogue> = { en: enCore, bn: bnCore };

/** Looks up a dotted key (`errors.NOT_FOUND`) in a language, falling back to English. */
export function lookupMessage(language: string | null | undefined, key: string): string | undefined {
  const path = key.split('.');
  const find = (root: unknown): string | undefined => {
    let node: unknown = root;
    for (const part of path) {
      if (node === null || typeof node !== 'object') return undefined;
      node = (node as Record<string, unknown>)[part];
    }
    return typeof node === 'string' ? node : undefined;
  };
  return find(catalogues[resolveLanguage(language)]) ?? find(en);
}

/** Replaces i18next-style `{{name}}` placeholders with the given parameters. */
export function interpolate(template: string, params: Record<string, unknown> = {}): string {
  return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) =>
    Object.hasOwn(params, name) ? String(params[name]) : whole,
  );
}

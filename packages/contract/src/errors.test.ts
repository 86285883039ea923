import { describe, expect, it } from 'vitest';
import { errorCatalogue } from './errors';
import { catalogues } from './i18n/index';
import { shippedLanguages } from './languages';

/** STYLE.md "Errors": every code of the one catalogue has a message in every shipped language. */
describe('error catalogue', () => {
  const messageOf = (language: (typeof shippedLanguages)[number], key: string) =>
    key
      .split('.')
      .reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], catalogues[language]);

  it.each(shippedLanguages)('has a message for every code in %s', (language) => {
    const missing = Object.entries(errorCatalogue)
      .filter(
        ([, entry]) => typeof messageOf(language, entry.key) !== 'string' || messageOf(language, entry.key) === '',
      )
      .map(([code]) => code);
    expect(missing).toEqual([]);
  });

  it('keys each code as errors.<CODE>, in SCREAMING_SNAKE', () => {
    for (const [code, entry] of Object.entries(errorCatalogue)) {
      expect(entry.key).toBe(`errors.${code}`);
      expect(code).toMatch(/^[A-Z][A-Z0-9_]*$/);
    }
  });
});

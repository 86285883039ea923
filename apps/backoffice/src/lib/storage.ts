/**
 * The only thing the console keeps in the browser is the operator's language choice. The session lives in
 * an HttpOnly cookie the page cannot read, so nothing secret is ever stored here.
 */
const languageKey = 'bo.lang';

export function getStoredLanguage(): string | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage.getItem(languageKey);
  } catch {
    return null;
  }
}

export function storeLanguage(language: string): void {
  try {
    window.localStorage.setItem(languageKey, language);
  } catch {
    // A blocked store only costs the choice surviving a reload.
  }
}

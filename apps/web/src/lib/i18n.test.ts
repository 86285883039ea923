import { describe, expect, it, vi } from 'vitest';
import { en } from '@/locales/en';
import { applyConfiguredLanguage, chooseLanguage, i18n, onLanguageChosen, pickLanguage, resources } from './i18n';

describe('pickLanguage', () => {
  it("prefers the player's stored choice", () => {
    expect(pickLanguage({ stored: 'bn', configured: 'en' })).toBe('bn');
  });

  it('uses the site default when nothing is stored', () => {
    expect(pickLanguage({ stored: null, configured: 'bn' })).toBe('bn');
  });

  it('falls back to English for languages without a catalogue', () => {
    expect(pickLanguage({ stored: 'vi', configured: 'th' })).toBe('en');
  });

  it('skips a stored choice the site no longer offers', () => {
    expect(pickLanguage({ stored: 'en', configured: 'bn', offered: ['bn'] })).toBe('bn');
  });
});

describe('language change', () => {
  it('stores lang and hisLang, updates <html lang> and notifies listeners', async () => {
    const listener = vi.fn();
    const unsubscribe = onLanguageChosen(listener);
    await chooseLanguage('bn');
    unsubscribe();
    expect(localStorage.getItem('lang')).toBe('bn');
    expect(localStorage.getItem('hisLang')).toBe('bn');
    expect(document.documentElement.lang).toBe('bn');
    expect(i18n.t('app.retry')).toBe('আবার চেষ্টা করুন');
    expect(listener).toHaveBeenCalledWith('bn');
  });

  it('switches to Bengali only once its faces are loaded (letters laid out before them can stay boxes)', async () => {
    await chooseLanguage('en');
    const pending: Array<() => void> = [];
    const load = vi.fn(() => new Promise((resolve) => pending.push(() => resolve([]))));
    Object.defineProperty(document, 'fonts', { configurable: true, value: { load } });
    try {
      const switching = chooseLanguage('bn');
      await new Promise((resolve) => setTimeout(resolve, 0));
      expect(load).toHaveBeenCalledWith('400 1em "Noto Sans Bengali"', 'অ');
      expect(i18n.language).toBe('en');
      for (const loaded of pending) loaded();
      await switching;
      expect(i18n.language).toBe('bn');
    } finally {
      Reflect.deleteProperty(document, 'fonts');
    }
  });

  it('keeps the new language when a listener fails', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const unsubscribe = onLanguageChosen(() => Promise.reject(new Error('offline')));
    await chooseLanguage('en');
    unsubscribe();
    expect(i18n.language).toBe('en');
  });

  it('applies the configured default without recording it as the player choice', async () => {
    await i18n.changeLanguage('en');
    await applyConfiguredLanguage('bn', ['en', 'bn']);
    expect(i18n.language).toBe('bn');
    expect(localStorage.getItem('lang')).toBeNull();
  });
});

describe('catalogues', () => {
  it('merges the contract catalogue with the web texts in both languages', () => {
    for (const language of ['en', 'bn'] as const) {
      const messages = resources[language].translation;
      expect(messages.errors.NETWORK).toBeTruthy();
      expect(messages.errors.AUTH_REQUIRED).toBeTruthy();
      expect(messages.validation.required).toBeTruthy();
    }
  });

  it('has a non-empty Bengali text for every English key', () => {
    const walk = (english: object, bengali: Record<string, unknown>, path: string) => {
      for (const [key, value] of Object.entries(english)) {
        const other = bengali[key];
        if (typeof value === 'string') {
          expect(typeof other === 'string' && other.trim() !== '', `${path}${key}`).toBe(true);
        } else walk(value, other as Record<string, unknown>, `${path}${key}.`);
      }
    };
    walk(en, resources.bn.translation as unknown as Record<string, unknown>, '');
  });
});

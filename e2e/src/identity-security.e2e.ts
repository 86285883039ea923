import path from 'node:path';
import { accountTypes } from '@portal/contract';
import { Secret, TOTP } from 'otpauth';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { artifactsDir, launchBrowser, newPage, type Portal, screenshot, startPortal, type viewports } from './harness';

/**
 * Account security in real Chromium against the real server: the new-IP verification step of the login popup
 * with a code read from the SMS outbox, turning on two-step verification in the security centre and logging in
 * with an authenticator code, and the profile page.
 *
 * Each page presents its own client address (X-Forwarded-For from the trusted local proxy): 198.51.100.0/24 is
 * the members' home network, 203.0.113.0/24 a network they have not used.
 */

type Viewport = keyof typeof viewports;
const viewportNames: Viewport[] = ['desktop', 'phone'];
const password = 'Secure#2026pw';

let browser: Browser;
let portal: Portal;
let nextMobile = 5_000;
let nextHost = 20;

/**
 * A fresh address in the members' home network for each page and API call, so the per-IP rate limits of one
 * journey never reach another (the /24 stays the same, so the network counts as known).
 */
function homeAddress(): string {
  nextHost += 1;
  return `198.51.100.${nextHost}`;
}

beforeAll(async () => {
  browser = await launchBrowser();
  portal = await startPortal({
    // A private build can be pointed at while others rebuild apps/web/dist on a shared machine.
    ...(process.env.E2E_WEB_DIST_DIR ? { webDistDir: process.env.E2E_WEB_DIST_DIR } : {}),
    devTools: true,
    trustedProxies: ['127.0.0.1'],
    loginNewIpVerification: true,
  });
});

afterAll(async () => {
  await browser?.close();
  await portal?.close();
});

async function withPage(viewport: Viewport, address: string, journey: (page: Page) => Promise<void>) {
  const { context, page }: { context: BrowserContext; page: Page } = await newPage(browser, viewport, {
    headers: { 'x-forwarded-for': address },
  });
  await page.emulateMedia({ reducedMotion: 'reduce' });
  try {
    await journey(page);
  } finally {
    await context.close();
  }
}

function field(scope: Page | Locator, label: string | RegExp): Locator {
  const pattern =
    typeof label === 'string' ? new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\*?$`) : label;
  return scope.getByLabel(pattern).and(scope.locator('input, select, textarea'));
}

async function gotoHome(page: Page, path = '/') {
  await page.goto(`${portal.baseUrl}${path}`);
  await page.getByRole('banner').waitFor();
}

async function submitPassword(page: Page, username: string): Promise<Locator> {
  await page.getByRole('banner').getByRole('button', { name: 'Log in' }).click();
  const login = page.getByRole('dialog', { name: 'Log in' });
  await field(login, 'Username').fill(username);
  await field(login, 'Password').fill(password);
  await login.getByRole('button', { name: 'Log in', exact: true }).click();
  return login;
}

function accountMenuButton(page: Page): Locator {
  return page.getByRole('banner').getByRole('button', { name: /Account menu/ });
}

/** A member who has logged in once from the home network, so that network is known. */
async function memberAtHome(username: string, contacts: { mobile?: string } = {}) {
  await portal.app.services.identity.createAccount({
    username,
    password,
    type: accountTypes.MEMBER,
    mobile: contacts.mobile ?? null,
    mustChangePassword: false,
  });
  const response = await fetch(`${portal.baseUrl}/wps/session/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': homeAddress() },
    body: JSON.stringify({ username, password }),
  });
  expect(response.status).toBe(200);
}

async function smsCode(recipient: string): Promise<string> {
  let code: string | null = null;
  await expect
    .poll(
      async () => {
        const [latest] = await portal.app.services.outbox.list({ channel: 'SMS', recipient });
        code = latest ? (/\b(\d{6})\b/.exec(latest.body)?.[1] ?? null) : null;
        return code;
      },
      { timeout: 10_000 },
    )
    .not.toBeNull();
  return code as unknown as string;
}

function totpCode(secret: string, at: number): string {
  return new TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(secret) }).generate({
    timestamp: at,
  });
}

describe('new-IP verification', () => {
  for (const viewport of viewportNames) {
    it(`asks a login from a new network for the SMS code, then logs in (${viewport})`, async () => {
      nextMobile += 1;
      const subscriber = `17${String(nextMobile).padStart(8, '0')}`;
      const e164 = `+880${subscriber}`;
      const username = `newip${viewport}`;
      await memberAtHome(username, { mobile: e164 });

      await withPage(viewport, `203.0.113.${nextMobile % 200}`, async (page) => {
        await gotoHome(page);
        const login = await submitPassword(page, username);
        await login.getByText('Confirm it is you').waitFor();
        await login.getByText('You are logging in from a new network.', { exact: false }).waitFor();
        await login.getByRole('button', { name: 'Send code' }).click();
        await login.getByRole('button', { name: /Resend in \d+s/ }).waitFor();
        await field(login, /^Code sent by SMS\*?$/).fill(await smsCode(e164));
        await screenshot(page, `identity-new-ip-verification-${viewport}`);
        await login.getByRole('button', { name: 'Verify and log in' }).click();
        await login.waitFor({ state: 'detached' });
        await expect.poll(() => accountMenuButton(page).textContent()).toContain(username);
      });

      // The network is known now: the next login from it needs no second step.
      const again = await fetch(`${portal.baseUrl}/wps/session/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': `203.0.113.${(nextMobile % 200) + 1}` },
        body: JSON.stringify({ username, password }),
      });
      expect(again.status).toBe(200);
    });
  }
});

describe('two-step verification', () => {
  for (const viewport of viewportNames) {
    it(`turns on two-step verification in the security centre and logs in with the authenticator (${viewport})`, async () => {
      const username = `twofa${viewport}`;
      await memberAtHome(username);
      let secret = '';

      const address = homeAddress();
      await withPage(viewport, address, async (page) => {
        await gotoHome(page);
        const login = await submitPassword(page, username);
        await login.waitFor({ state: 'detached' });
        await page.goto(`${portal.baseUrl}/member`);
        const settings = page.getByRole('region', { name: 'Security settings' });
        await settings.getByRole('heading', { name: 'Security settings' }).waitFor();
        await settings.getByRole('cell', { name: address }).first().waitFor();
        await screenshot(page, `identity-security-centre-${viewport}`);
        // The settings sit below the first screen: a picture of the section itself.
        await settings.screenshot({ path: path.join(artifactsDir, `identity-security-settings-${viewport}.png`) });
        await settings.getByRole('button', { name: 'Turn on' }).click();

        const setup = page.getByRole('dialog', { name: 'Turn on two-step verification' });
        await setup.getByRole('img', { name: 'QR code for your authenticator app' }).waitFor();
        secret = (await setup.getByTestId('totp-secret').textContent()) ?? '';
        expect(secret).toMatch(/^[A-Z2-7]{32}$/);
        await screenshot(page, `identity-2fa-setup-${viewport}`);
        await field(setup, 'Authenticator code').fill(totpCode(secret, Date.now()));
        await setup.getByRole('button', { name: 'Turn on' }).click();

        const recovery = page.getByRole('dialog', { name: 'Save your recovery codes' });
        await expect.poll(() => recovery.getByRole('listitem').count()).toBe(8);
        await screenshot(page, `identity-2fa-recovery-${viewport}`);
        await recovery.getByRole('button', { name: 'I have saved them' }).click();
        await recovery.waitFor({ state: 'detached' });
        await settings
          .getByText('Every login asks for a code from your authenticator app.', { exact: false })
          .waitFor();
      });

      await withPage(viewport, homeAddress(), async (page) => {
        await gotoHome(page);
        const login = await submitPassword(page, username);
        await login.getByText('Two-step verification').first().waitFor();
        // The code of the next 30-second step: the one used to turn it on cannot be used again.
        await field(login, /^Authenticator code\*?$/).fill(totpCode(secret, Date.now() + 30_000));
        await screenshot(page, `identity-2fa-login-${viewport}`);
        await login.getByRole('button', { name: 'Verify and log in' }).click();
        await login.waitFor({ state: 'detached' });
        await expect.poll(() => accountMenuButton(page).textContent()).toContain(username);
      });
    });
  }
});

describe('profile', () => {
  for (const viewport of viewportNames) {
    it(`saves the nickname and the enabled personal fields (${viewport})`, async () => {
      await portal.app.services.system.setRegisterFieldRules([
        { field: 'fullName', enabled: true, required: false, patternId: 'FULL_NAME', minLength: 3, maxLength: 50 },
        { field: 'birthday', enabled: true, required: false, patternId: 'DATE_YMD', minLength: 10, maxLength: 10 },
        { field: 'telegram', enabled: true, required: false, patternId: 'NO_SPACES', minLength: 5, maxLength: 32 },
      ]);
      const username = `profile${viewport}`;
      await memberAtHome(username);
      await withPage(viewport, homeAddress(), async (page) => {
        await gotoHome(page);
        const login = await submitPassword(page, username);
        await login.waitFor({ state: 'detached' });
        await page.goto(`${portal.baseUrl}/member?page=profile`);
        const form = page.getByRole('form', { name: 'Personal details' });
        await field(form, 'Nickname').fill('Lucky Star');
        await field(form, 'Full name').fill('Rahim');
        await field(form, 'Date of birth').fill('1990-11-22');
        await form.getByRole('button', { name: 'Save profile' }).click();
        await form.getByText('First and last name separated by a space (3 to 50 characters)').waitFor();
        await field(form, 'Full name').fill('Rahim Uddin');
        await page.getByRole('heading', { level: 1, name: 'Profile' }).scrollIntoViewIfNeeded();
        await screenshot(page, `identity-profile-${viewport}`);
        await form.getByRole('button', { name: 'Save profile' }).click();
        await page.getByText('Your profile has been saved.').waitFor();
        await expect.poll(() => accountMenuButton(page).textContent()).toContain('Lucky Star');
      });
    });
  }
});

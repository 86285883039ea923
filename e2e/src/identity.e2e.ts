import { accountTypes } from '@portal/contract';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, type Portal, screenshot, startPortal, type viewports } from './harness';

/**
 * Identity journeys of spec sections 2 to 6 in real Chromium against the real server: registration by
 * username and by mobile (SMS codes read from the outbox), login and logout with confirmation, remember
 * me, forgot password by mobile, the forced password change, free play, and the agent area.
 *
 * Each browser context presents its own client address (X-Forwarded-For from the trusted local proxy), so
 * the per-IP limits and the captcha-after-failures rule of one journey never leak into another.
 */

type Viewport = keyof typeof viewports;
const viewportNames: Viewport[] = ['desktop', 'phone'];

let browser: Browser;
let portal: Portal;
let nextAddress = 10;
let nextMobile = 1_000;

beforeAll(async () => {
  browser = await launchBrowser();
  portal = await startPortal({ devTools: true, seedDemo: true, trustedProxies: ['127.0.0.1'] });
});

afterAll(async () => {
  await browser?.close();
  await portal?.close();
});

/** A fresh page with its own client address. */
async function openPage(viewport: Viewport): Promise<{ context: BrowserContext; page: Page }> {
  nextAddress += 1;
  const opened = await newPage(browser, viewport, { headers: { 'x-forwarded-for': `198.51.100.${nextAddress}` } });
  // Without motion the dialogs and menus are in place at once, so screenshots show them finished.
  await opened.page.emulateMedia({ reducedMotion: 'reduce' });
  return opened;
}

/** A Bangladeshi mobile number nobody used yet in this run: national form and the stored E.164 form. */
function freshMobile(): { national: string; e164: string } {
  nextMobile += 1;
  const subscriber = `17${String(nextMobile).padStart(8, '0')}`;
  return { national: `0${subscriber}`, e164: `+880${subscriber}` };
}

async function withPage(viewport: Viewport, journey: (page: Page, context: BrowserContext) => Promise<void>) {
  const { context, page } = await openPage(viewport);
  try {
    await journey(page, context);
  } finally {
    await context.close();
  }
}

async function gotoHome(page: Page, path = '/') {
  await page.goto(`${portal.baseUrl}${path}`);
  await page.getByRole('heading', { level: 1, name: /Welcome to/ }).waitFor();
}

/**
 * A form field by its label. Labels of required fields end in an asterisk hidden from assistive
 * technology, which Playwright's label text still contains, hence the optional `*`.
 */
function field(scope: Page | Locator, label: string): Locator {
  const escaped = label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  // Tab panels are labelled by their tab ("Username", "Mobile number"); only form controls are wanted.
  return scope.getByLabel(new RegExp(`^${escaped}\\*?$`)).and(scope.locator('input, select, textarea'));
}

function dialog(page: Page, name: string | RegExp): Locator {
  return page.getByRole('dialog', { name });
}

/** Types the answer of the captcha image shown in `scope`, waiting for an image other than `previousId`. */
async function solveCaptcha(scope: Locator, previousId: string | null = null): Promise<string> {
  const image = scope.locator('img[data-captcha-id]');
  let captchaId: string | null = null;
  await expect
    .poll(
      async () => {
        captchaId = (await image.count()) > 0 ? await image.getAttribute('data-captcha-id') : null;
        return captchaId !== null && captchaId !== previousId;
      },
      { timeout: 10_000 },
    )
    .toBe(true);
  const id = captchaId as unknown as string;
  const answer = await portal.app.services.identity.peekCaptchaAnswer(id);
  if (!answer) throw new Error(`captcha ${id} has no answer`);
  await field(scope, 'Captcha').fill(answer);
  return id;
}

/** The newest SMS code sent to a number, waiting for one newer than `after`. */
async function smsCode(recipient: string, after: string | null = null): Promise<string> {
  let code: string | null = null;
  await expect
    .poll(
      async () => {
        const [latest] = await portal.app.services.outbox.list({ channel: 'SMS', recipient });
        code = latest ? (/\b(\d{6})\b/.exec(latest.body)?.[1] ?? null) : null;
        return code !== null && code !== after;
      },
      { timeout: 10_000 },
    )
    .toBe(true);
  return code as unknown as string;
}

async function openLogin(page: Page): Promise<Locator> {
  await page.getByRole('banner').getByRole('button', { name: 'Log in' }).click();
  const login = dialog(page, 'Log in');
  await field(login, 'Username').waitFor();
  return login;
}

async function logInWithPassword(page: Page, username: string, password: string) {
  const login = await openLogin(page);
  await field(login, 'Username').fill(username);
  await field(login, 'Password').fill(password);
  await login.getByRole('button', { name: 'Log in', exact: true }).click();
  await login.waitFor({ state: 'detached' });
}

function accountMenuButton(page: Page): Locator {
  return page.getByRole('banner').getByRole('button', { name: /Account menu/ });
}

describe('registration', () => {
  for (const viewport of viewportNames) {
    it(`registers by username with the server's rules, SMS code and captcha (${viewport})`, async () => {
      await withPage(viewport, async (page) => {
        await gotoHome(page);
        await page.getByRole('banner').getByRole('button', { name: 'Register' }).click();
        const register = dialog(page, 'Register');
        await register.getByRole('tab', { name: 'Username' }).click();

        // Nothing filled in: every required field says so and the form does not go out.
        await register.getByRole('button', { name: 'Create account' }).click();
        await register.getByRole('alert').getByText('Items marked with * are required').waitFor();
        expect(await register.getByText('Input cannot be empty').count()).toBeGreaterThan(2);
        await field(register, 'Username').fill('ab');
        await field(register, 'Password').fill('weak');
        await field(register, 'Confirm password').fill('other');
        await register.getByRole('button', { name: 'Create account' }).click();
        await register
          .getByText('English letters or digits, starting with a letter (6 to 16 characters)', { exact: true })
          .first()
          .waitFor();
        await register.getByText('Incorrect confirmation input').waitFor();
        await screenshot(page, `identity-register-errors-${viewport}`);

        const username = `player${viewport}01`;
        const mobile = freshMobile();
        await field(register, 'Username').fill(username);
        await field(register, 'Password').fill('Secret#2026a');
        await field(register, 'Confirm password').fill('Secret#2026a');
        await field(register, 'Mobile number').fill(mobile.national);
        const firstCaptcha = await solveCaptcha(register);
        await register.getByRole('button', { name: 'Send code' }).click();
        await register.getByRole('button', { name: /Resend in \d+s/ }).waitFor();
        await field(register, 'Verification code').fill(await smsCode(mobile.e164));
        // The captcha went with the SMS request; the registration needs the new one.
        await solveCaptcha(register, firstCaptcha);
        await register.getByRole('checkbox', { name: /I am at least 18/ }).check();
        await screenshot(page, `identity-register-username-${viewport}`);
        await register.getByRole('button', { name: 'Create account' }).click();

        await register.waitFor({ state: 'detached' });
        await page.getByText(/Your account is ready/).waitFor();
        await expect.poll(() => accountMenuButton(page).textContent()).toContain(username);
        expect(new URL(page.url()).pathname).toBe('/');
        await screenshot(page, `identity-register-username-done-${viewport}`);
      });
    });

    it(`registers by mobile number with the SMS code from the outbox (${viewport})`, async () => {
      await withPage(viewport, async (page) => {
        await page.goto(`${portal.baseUrl}/register`);
        const register = dialog(page, 'Register');
        // Mobile registration is on, so it is the default tab.
        await register.getByRole('tab', { name: 'Mobile number', selected: true }).waitFor();
        const mobile = freshMobile();
        await field(register, 'Mobile number').fill('12ab');
        await register.getByRole('button', { name: 'Send code' }).click();
        await register.getByText('Please enter a valid mobile number').waitFor();
        await field(register, 'Mobile number').fill(mobile.national);
        const firstCaptcha = await solveCaptcha(register);
        await register.getByRole('button', { name: 'Send code' }).click();
        await register.getByRole('button', { name: /Resend in \d+s/ }).waitFor();
        expect(await register.getByRole('button', { name: /Resend in/ }).isDisabled()).toBe(true);
        await field(register, 'Verification code').fill(await smsCode(mobile.e164));
        await solveCaptcha(register, firstCaptcha);

        // Terms not accepted: the form does not submit.
        await register.getByRole('button', { name: 'Create account' }).click();
        await register
          .getByText('Please confirm that you are at least 18 and accept the terms and conditions')
          .waitFor();
        await register.getByRole('checkbox', { name: /I am at least 18/ }).check();
        await screenshot(page, `identity-register-mobile-${viewport}`);
        await register.getByRole('button', { name: 'Create account' }).click();
        await register.waitFor({ state: 'detached' });
        expect(new URL(page.url()).pathname).toBe('/');
        await accountMenuButton(page).waitFor();
        const account = await portal.app.services.identity.findAccountByUsername(`m880${mobile.e164.slice(4)}`);
        expect(account?.role).toBe('member');
      });
    });
  }
});

describe('login and logout', () => {
  for (const viewport of viewportNames) {
    it(`opens the login popup at /login, logs in and signs out after confirming (${viewport})`, async () => {
      await withPage(viewport, async (page) => {
        await page.goto(`${portal.baseUrl}/login`);
        const login = dialog(page, 'Log in');
        await field(login, 'Username').waitFor();
        await expect.poll(() => new URL(page.url()).pathname).toBe('/');
        await login.getByRole('tab', { name: 'SMS code' }).waitFor();
        await login.getByRole('button', { name: 'Free play' }).waitFor();

        await login.getByRole('button', { name: 'Log in', exact: true }).click();
        await login.getByText('Please enter the username and password').waitFor();
        await field(login, 'Username').fill('demo_player');
        await field(login, 'Password').fill('Player#2026demo');
        await screenshot(page, `identity-login-${viewport}`);
        await login.getByRole('button', { name: 'Log in', exact: true }).click();
        await login.waitFor({ state: 'detached' });

        const menu = accountMenuButton(page);
        await expect.poll(() => menu.textContent()).toContain('Demo Player');
        await menu.click();
        await page.getByRole('menu').waitFor();
        await screenshot(page, `identity-account-menu-${viewport}`);
        await page.getByRole('menuitem', { name: 'Sign out' }).click();
        const confirm = dialog(page, 'Prompt');
        await confirm.getByText('Are you sure you want to log out?').waitFor();
        await screenshot(page, `identity-logout-confirm-${viewport}`);
        // Cancel keeps the session.
        await confirm.getByRole('button', { name: 'Cancel' }).click();
        await menu.waitFor();
        await menu.click();
        await page.getByRole('menuitem', { name: 'Sign out' }).click();
        await dialog(page, 'Prompt').getByRole('button', { name: 'Confirm' }).click();
        await page.getByRole('banner').getByRole('button', { name: 'Log in' }).waitFor();
        // The session data is gone; the merchant code stays.
        const [token, merchantCode] = await page.evaluate(() => [
          sessionStorage.getItem('token'),
          sessionStorage.getItem('merchantCode'),
        ]);
        expect(token).toBeNull();
        expect(merchantCode).toBeTruthy();
        expect(merchantCode).toBe(await page.evaluate(() => localStorage.getItem('merchantCode')));
      });
    });

    it(`shows the captcha after failed logins and logs in with it (${viewport})`, async () => {
      await withPage(viewport, async (page) => {
        await gotoHome(page);
        await screenshot(page, `identity-header-visitor-${viewport}`);
        const login = await openLogin(page);
        await field(login, 'Username').fill('demo_member1');
        for (let attempt = 0; attempt < 3; attempt += 1) {
          await field(login, 'Password').fill(`Wrong#${attempt}password`);
          await login.getByRole('button', { name: 'Log in', exact: true }).click();
          await login.getByText(/Incorrect username or password|Please enter the captcha/).waitFor();
          if ((await field(login, 'Captcha').count()) > 0) break;
        }
        await field(login, 'Captcha').waitFor();
        await screenshot(page, `identity-login-captcha-${viewport}`);
        await solveCaptcha(login);
        await field(login, 'Password').fill('Member#2026demo1');
        await login.getByRole('button', { name: 'Log in', exact: true }).click();
        await login.waitFor({ state: 'detached' });
        await expect.poll(() => accountMenuButton(page).textContent()).toContain('Demo Member 1');
      });
    });

    it(`remembers the username for the next visit, and forgets it when unticked (${viewport})`, async () => {
      await withPage(viewport, async (page, context) => {
        await gotoHome(page);
        const login = await openLogin(page);
        await field(login, 'Username').fill('demo_member2');
        await field(login, 'Password').fill('Member#2026demo2');
        await login.getByRole('checkbox', { name: 'Remember me' }).check();
        await login.getByRole('button', { name: 'Log in', exact: true }).click();
        await login.waitFor({ state: 'detached' });
        const cookie = (await context.cookies()).find((entry) => entry.name === 'rememberUsername');
        expect(cookie?.value).toBe('demo_member2');
        // One day, give or take the test's own run time.
        expect(Math.abs((cookie?.expires ?? 0) * 1000 - Date.now() - 86_400_000)).toBeLessThan(120_000);
        expect((await context.cookies()).some((entry) => /password/i.test(entry.name))).toBe(false);

        const next = await context.newPage();
        await next.goto(`${portal.baseUrl}/login`);
        const again = dialog(next, 'Log in');
        await expect.poll(() => field(again, 'Username').inputValue()).toBe('demo_member2');
        expect(await again.getByRole('checkbox', { name: 'Remember me' }).isChecked()).toBe(true);
        await screenshot(next, `identity-remember-me-${viewport}`);

        await field(again, 'Password').fill('Member#2026demo2');
        await again.getByRole('checkbox', { name: 'Remember me' }).uncheck();
        await again.getByRole('button', { name: 'Log in', exact: true }).click();
        await again.waitFor({ state: 'detached' });
        expect((await context.cookies()).some((entry) => entry.name === 'rememberUsername')).toBe(false);
      });
    });
  }
});

describe('Bengali', () => {
  for (const viewport of viewportNames) {
    it(`shows the login and register dialogs in Bengali (${viewport})`, async () => {
      await withPage(viewport, async (page) => {
        await gotoHome(page);
        // The selector lives in the side menu (spec section 2), a drawer behind the menu button on phones.
        if (viewport === 'phone') await page.getByRole('button', { name: 'Open menu' }).click();
        await page.getByRole('complementary', { name: 'Side menu' }).getByRole('button', { name: 'বাংলা' }).click();
        if (viewport === 'phone') await page.keyboard.press('Escape');
        await page.getByRole('banner').getByRole('button', { name: 'লগ ইন' }).click();
        const login = dialog(page, 'লগ ইন');
        await login.getByRole('button', { name: 'লগ ইন', exact: true }).click();
        await login.getByText('অনুগ্রহ করে ইউজারনেম ও পাসওয়ার্ড লিখুন').waitFor();
        await screenshot(page, `identity-login-bengali-${viewport}`);
        await login.getByRole('button', { name: 'এখনই নিবন্ধন করুন' }).click();
        const register = dialog(page, 'নিবন্ধন');
        await register.getByRole('button', { name: 'অ্যাকাউন্ট খুলুন' }).click();
        await register.getByRole('alert').getByText('* চিহ্নিত ঘরগুলো পূরণ করা বাধ্যতামূলক').waitFor();
        await screenshot(page, `identity-register-bengali-${viewport}`);
      });
    });
  }
});

describe('passwords', () => {
  for (const viewport of viewportNames) {
    it(`resets a forgotten password by mobile and logs the member in (${viewport})`, async () => {
      const mobile = freshMobile();
      const username = `forgot${viewport}`;
      await portal.app.services.identity.createAccount({
        username,
        password: 'Before#2026pw',
        type: accountTypes.MEMBER,
        mobile: mobile.e164,
        mustChangePassword: false,
      });
      await withPage(viewport, async (page) => {
        await gotoHome(page);
        const login = await openLogin(page);
        await login.getByRole('button', { name: 'Forgot password?' }).click();
        const forgot = dialog(page, 'Forgot password');
        await forgot.getByRole('tab', { name: 'By mobile', selected: true }).waitFor();
        await field(forgot, 'Mobile number').fill(mobile.national);
        const firstCaptcha = await solveCaptcha(forgot);
        await forgot.getByRole('button', { name: 'Send code' }).click();
        await forgot.getByRole('button', { name: /Resend in \d+s/ }).waitFor();
        await field(forgot, 'Verification code').fill(await smsCode(mobile.e164));
        await field(forgot, 'New password').fill('After#2026pw');
        await field(forgot, 'Confirm new password').fill('After#2026pw');
        await screenshot(page, `identity-forgot-mobile-${viewport}`);
        await forgot.getByRole('button', { name: 'Reset password' }).click();
        await forgot.waitFor({ state: 'detached' });
        await expect.poll(() => accountMenuButton(page).textContent()).toContain(username);
        expect(new URL(page.url()).pathname).toBe('/');
        expect(firstCaptcha).toBeTruthy();
      });
      // The new password works, the old one no longer does. From the journey's own network (198.51.100.0/24): a
      // new one would ask for the new-IP step first (identity-security.e2e.ts).
      const response = await fetch(`${portal.baseUrl}/wps/session/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': '198.51.100.200' },
        body: JSON.stringify({ username, password: 'After#2026pw' }),
      });
      expect(response.status).toBe(200);
    });

    it(`forces a new password after a login with the default one (${viewport})`, async () => {
      const username = `forced${viewport}`;
      // Without a password the account gets the default one ({secret}) and must change it.
      await portal.app.services.identity.createAccount({
        username,
        type: accountTypes.MEMBER,
        nickname: 'Forced Player',
      });
      await withPage(viewport, async (page) => {
        await gotoHome(page);
        await logInWithPassword(page, username, '{secret}');
        const forced = dialog(page, 'Set a new password');
        await forced.getByText('Your password is the default one or has expired.').waitFor();
        expect(await field(forced, 'Current password').count()).toBe(0);
        await field(forced, 'New password').fill('Fresh#2026pw');
        await field(forced, 'Confirm new password').fill('Fresh#2026pw!');
        await forced.getByRole('button', { name: 'Change password' }).click();
        await forced.getByText('Incorrect confirmation input').waitFor();
        await field(forced, 'Confirm new password').fill('Fresh#2026pw');
        await screenshot(page, `identity-forced-change-${viewport}`);
        await forced.getByRole('button', { name: 'Change password' }).click();
        await forced.waitFor({ state: 'detached' });
        await expect.poll(() => accountMenuButton(page).textContent()).toContain('Forced Player');

        // The member centre shows the account with real data.
        await page.goto(`${portal.baseUrl}/member`);
        await page.getByRole('heading', { level: 1, name: 'My account' }).waitFor();
        await page.getByText(username, { exact: true }).first().waitFor();
        await screenshot(page, `identity-member-centre-${viewport}`);
      });
    });
  }
});

describe('free play', () => {
  for (const viewport of viewportNames) {
    it(`plays as a trial user, who is told a real account is needed in the member centre (${viewport})`, async () => {
      await withPage(viewport, async (page) => {
        await gotoHome(page);
        const login = await openLogin(page);
        await login.getByRole('button', { name: 'Free play' }).click();
        await login.waitFor({ state: 'detached' });
        await expect.poll(() => accountMenuButton(page).textContent()).toMatch(/guest.*Trial/);
        await page.goto(`${portal.baseUrl}/member`);
        await page.getByText('You need a real account for this.').waitFor();
        await page.getByRole('main').getByRole('button', { name: 'Register' }).waitFor();
        await screenshot(page, `identity-free-play-member-${viewport}`);
      });
    });
  }
});

describe('agent area', () => {
  for (const viewport of viewportNames) {
    it(`logs an agent in at /agent into the agent centre, and out again (${viewport})`, async () => {
      await withPage(viewport, async (page) => {
        await page.goto(`${portal.baseUrl}/agentHome`);
        // Not an agent (a visitor): sent to the landing page.
        await page.getByRole('heading', { level: 2, name: 'Agent login' }).waitFor();
        expect(new URL(page.url()).pathname).toBe('/agent');
        await page.getByText(`© ${new Date().getFullYear()} BDX88. All rights reserved.`).waitFor();
        await screenshot(page, `identity-agent-landing-${viewport}`);
        await field(page, 'Agent username').fill('demo_agent');
        await field(page, 'Password').fill('Agent#2026demo');
        await page.getByRole('button', { name: 'Log in to the agent centre' }).click();
        await page.getByRole('heading', { level: 1, name: 'Welcome back, Demo Agent' }).waitFor();
        expect(new URL(page.url()).pathname).toBe('/agentHome');
        await page.getByText(/^GMT[+-]\d{2}:\d{2}$/).waitFor();
        const clock = page.getByRole('timer', { name: 'Current time' });
        const first = await clock.textContent();
        await expect.poll(() => clock.textContent(), { timeout: 3_000 }).not.toBe(first);
        await screenshot(page, `identity-agent-home-${viewport}`);
        await page.getByRole('button', { name: 'Sign out' }).click();
        await dialog(page, 'Prompt').getByRole('button', { name: 'Confirm' }).click();
        await page.getByRole('heading', { level: 2, name: 'Agent login' }).waitFor();
        expect(new URL(page.url()).pathname).toBe('/agent');
      });
    });

    it(`refuses a member at the agent login (${viewport})`, async () => {
      await withPage(viewport, async (page) => {
        await page.goto(`${portal.baseUrl}/agent`);
        await field(page, 'Agent username').fill('demo_member3');
        await field(page, 'Password').fill('Member#2026demo3');
        await page.getByRole('button', { name: 'Log in to the agent centre' }).click();
        await page.getByRole('alert').getByText('Non-agents cannot log in').waitFor();
        expect(new URL(page.url()).pathname).toBe('/agent');
        expect(await page.evaluate(() => sessionStorage.getItem('token'))).toBeNull();
        await screenshot(page, `identity-agent-refused-${viewport}`);
      });
    });
  }
});

import { Secret, TOTP } from 'otpauth';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, type Portal, screenshot, startPortal, viewports } from './harness';

/**
 * The operator console in real Chromium against the real server: the seeded owner's first sign-in
 * (password, authenticator enrolment, new password), maintenance switched on and off as players see it, and
 * a member's manual deposit approved on the Deposits page until the member's balance shows it.
 */

const ownerPassword = 'Owner#Portal2026!';
const newOwnerPassword = 'Owner#Portal2026!-renewed';
const demoPlayer = { username: 'demo_player', password: 'Player#2026demo' };
/** A 24×16 PNG, as a member's phone would upload a receipt. */
const receiptPng = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAABgAAAAQCAYAAAAMJL+VAAAAMUlEQVR4AbXBAQEAIAyAME4aIxrRVj4F25z7PiGJSUxiEpOYxCQmMYlJTGISk5jEJLbw5gKHSqt0LwAAAABJRU5ErkJggg==',
  'base64',
);

let browser: Browser;
let portal: Portal;

beforeAll(async () => {
  browser = await launchBrowser();
  portal = await startPortal({ devTools: true, seedDemo: true, boOwnerPassword: ownerPassword });
});

afterAll(async () => {
  await browser?.close();
  await portal?.close();
});

type Envelope<T> = { success: boolean; value: T; code?: string };

async function api<T>(path: string, init: RequestInit = {}): Promise<T> {
  const response = await fetch(`${portal.baseUrl}${path}`, init);
  const json = (await response.json()) as Envelope<T>;
  if (!json.success) throw new Error(`${init.method ?? 'GET'} ${path}: ${JSON.stringify(json)}`);
  return json.value;
}

async function systemStatus(): Promise<{ maintenance: boolean }> {
  return api<{ maintenance: boolean }>('/wps/system/status');
}

async function waitForMaintenance(expected: boolean): Promise<void> {
  await expect.poll(async () => (await systemStatus()).maintenance, { timeout: 10_000 }).toBe(expected);
}

function field(scope: Page | Locator, label: RegExp): Locator {
  return scope.getByLabel(label).and(scope.locator('input'));
}

/** The first sign-in of the seeded owner: password, enrolment of the authenticator (and a new password when asked). */
async function signInOwner(page: Page): Promise<void> {
  await page.goto(`${portal.baseUrl}/backoffice/`);
  await field(page, /^Username/).fill('owner');
  await field(page, /^Password/).fill(ownerPassword);
  await page.getByRole('button', { name: 'Continue' }).click();

  await page.getByRole('heading', { name: 'Set up two-step verification' }).waitFor();
  const secret = ((await page.getByTestId('totp-secret').textContent()) ?? '').replace(/\s+/g, '');
  expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
  const code = new TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(secret) }).generate();
  await field(page, /^Authenticator code/).fill(code);
  await page.getByRole('button', { name: 'Confirm and sign in' }).click();

  // An owner seeded with a one-time password must choose their own first; a configured one goes straight in.
  const changeHeading = page.getByRole('heading', { name: 'Choose your own password' });
  // An owner starts on the dashboard.
  const startHeading = page.getByRole('heading', { level: 1, name: 'Dashboard' });
  await changeHeading.or(startHeading).waitFor();
  if (await changeHeading.isVisible()) {
    await field(page, /^Current/).fill(ownerPassword);
    await field(page, /^New password/).fill(newOwnerPassword);
    await field(page, /^Repeat/).fill(newOwnerPassword);
    await page.getByRole('button', { name: 'Save password' }).click();
  }
  await startHeading.waitFor();
  await page
    .getByRole('navigation', { name: 'Console navigation' })
    .getByRole('link', { name: 'Site settings' })
    .click();
  await page.getByRole('heading', { level: 1, name: 'Site settings' }).waitFor();
}

async function setMaintenance(page: Page, on: boolean): Promise<void> {
  const panel = page.locator('section.ui-panel', { has: page.getByRole('heading', { name: 'Maintenance' }) });
  const toggle = panel.getByRole('switch', { name: 'Maintenance mode' });
  // The switch's input is drawn over by its track, so the operator clicks the label, as people do.
  if ((await toggle.isChecked()) !== on) await panel.getByText('Maintenance mode', { exact: true }).click();
  expect(await toggle.isChecked()).toBe(on);
  await panel.getByRole('button', { name: 'Save', exact: true }).click();
  if (on) {
    const confirm = page.getByRole('dialog', { name: 'Switch maintenance on?' });
    await confirm.getByRole('button', { name: 'Switch on' }).click();
  }
  await page.getByText('Changes saved').first().waitFor();
}

type Balance = { main: { amount: string; minor: string }; scale: number };

async function playerLogin(): Promise<string> {
  const value = await api<{ token: string }>('/wps/session/login', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(demoPlayer),
  });
  return value.token;
}

async function balanceOf(token: string): Promise<Balance> {
  return api<Balance>('/wps/v2/wallets/balance', { headers: { authorization: token } });
}

async function manualDeposit(token: string, reference: string): Promise<{ id: number; status: string }> {
  const form = new FormData();
  form.append('channelCode', 'MANUAL_BANK');
  form.append('amount', '2500');
  form.append('reference', reference);
  form.append('receipts', new Blob([receiptPng], { type: 'image/png' }), 'receipt.png');
  return api<{ id: number; status: string }>('/wps/cashier/deposit/manual', {
    method: 'POST',
    headers: { authorization: token, 'idempotency-key': `e2e-${reference}` },
    body: form,
  });
}

/** Waits until every receipt thumbnail in `scope` has loaded its image. */
async function receiptsLoaded(scope: Locator): Promise<void> {
  await expect
    .poll(() =>
      scope
        .locator('img')
        .evaluateAll((images) => images.every((image) => (image as HTMLImageElement).naturalWidth > 0)),
    )
    .toBe(true);
}

describe('operator console', () => {
  it('owner signs in, runs maintenance and approves a manual deposit the member then sees', async () => {
    const { context, page } = await newPage(browser, 'desktop');
    await page.emulateMedia({ reducedMotion: 'reduce' });
    let phoneContext: BrowserContext | undefined;
    try {
      await signInOwner(page);

      // Maintenance on: players are told; off again: the site is back.
      expect((await systemStatus()).maintenance).toBe(false);
      await setMaintenance(page, true);
      await waitForMaintenance(true);
      await setMaintenance(page, false);
      await waitForMaintenance(false);

      // The demo player files a manual deposit with a receipt.
      const token = await playerLogin();
      const before = await balanceOf(token);
      const reference = `E2E-${Date.now().toString(36).toUpperCase()}`;
      const deposit = await manualDeposit(token, reference);
      expect(deposit.status).toBe('pending');

      // The cashier section of the navigation leads to the deposit waiting for review.
      const nav = page.getByRole('navigation', { name: 'Console navigation' });
      await nav.getByRole('link', { name: 'Deposits' }).click();
      await page.getByRole('heading', { level: 1, name: 'Deposits' }).waitFor();
      const row = page.getByTestId(`deposit-${deposit.id}`);
      await row.waitFor();
      await expect.poll(() => row.textContent()).toContain('2,500.00');
      expect(await row.textContent()).toContain(reference);
      expect(await row.textContent()).toContain('demo_player');
      await receiptsLoaded(row);
      // The maintenance notices have gone by the time the screenshot is taken.
      await expect.poll(() => page.getByText('Changes saved').count(), { timeout: 10_000 }).toBe(0);
      await screenshot(page, 'backoffice-deposits-desktop');

      // The receipt opens full size.
      await row.getByRole('button', { name: `Receipt 1 of deposit #${deposit.id}` }).click();
      const viewer = page.getByRole('dialog', { name: `Receipt 1 of 1 · deposit #${deposit.id}` });
      await receiptsLoaded(viewer);
      await screenshot(page, 'backoffice-deposits-receipt-desktop');
      await viewer.getByRole('button', { name: 'Close' }).click();

      // On a phone the same session shows the deposits as cards.
      phoneContext = await browser.newContext({
        viewport: viewports.phone,
        storageState: await context.storageState(),
      });
      const phone = await phoneContext.newPage();
      await phone.emulateMedia({ reducedMotion: 'reduce' });
      await phone.goto(`${portal.baseUrl}/backoffice/cashier/deposits`);
      const phoneRow = phone.getByTestId(`deposit-${deposit.id}`);
      await phoneRow.waitFor();
      await receiptsLoaded(phoneRow);
      await screenshot(phone, 'backoffice-deposits-phone');
      await phoneRow.scrollIntoViewIfNeeded();
      await screenshot(phone, 'backoffice-deposits-phone-card');

      // Approve, after confirming; the member is credited once.
      await row.getByRole('button', { name: `Approve deposit #${deposit.id}` }).click();
      const confirm = page.getByRole('dialog', { name: `Approve deposit #${deposit.id}?` });
      expect(await confirm.textContent()).toContain('demo_player is credited 2,500.00');
      await confirm.getByRole('button', { name: 'Approve' }).click();
      await page.getByText(`Deposit #${deposit.id} approved: 2,500.00`).waitFor();
      await row.waitFor({ state: 'detached' });

      const after = await balanceOf(token);
      expect(BigInt(after.main.minor) - BigInt(before.main.minor)).toBe(2500n * 10n ** BigInt(before.scale));

      // The All tab keeps it, approved.
      await page.getByRole('tab', { name: 'All' }).click();
      const approvedRow = page.getByTestId(`deposit-${deposit.id}`);
      await approvedRow.waitFor();
      await expect.poll(() => approvedRow.textContent()).toContain('Approved');
      await screenshot(page, 'backoffice-deposits-all-desktop');

      // Withdrawals: nobody asked for one yet.
      await nav.getByRole('link', { name: 'Withdrawals' }).click();
      await page.getByRole('heading', { level: 1, name: 'Withdrawals' }).waitFor();
      await page.getByText('No withdrawals are waiting for review.').waitFor();
      await page.getByRole('tab', { name: 'Disputed' }).click();
      await page.getByText('No disputed withdrawals.').waitFor();
      await screenshot(page, 'backoffice-withdrawals-desktop');
    } catch (error) {
      // What the console showed when the journey broke, for whoever reads the failure.
      await screenshot(page, 'backoffice-failure').catch(() => undefined);
      throw error;
    } finally {
      await phoneContext?.close();
      await context.close();
    }
  });
});

import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, type Portal, screenshot, startPortal, type viewports } from './harness';

/**
 * The header balance (spec section 2 "Header and navigation") in real Chromium against the real server: the
 * demo player logs in and sees the main balance; an operator approves a manual deposit in-process and the
 * header follows through the realtime socket, without a reload.
 */

type Viewport = keyof typeof viewports;

const demoPlayer = { username: 'demo_player', password: 'Player#2026demo' };
const operator = { operatorId: 1, username: 'e2e.cashier' };
/** A 24×16 PNG, as a member's phone would upload a receipt. */
const receiptPng = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAABgAAAAQCAYAAAAMJL+VAAAAMUlEQVR4AbXBAQEAIAyAME4aIxrRVj4F25z7PiGJSUxiEpOYxCQmMYlJTGISk5jEJLbw5gKHSqt0LwAAAABJRU5ErkJggg==',
  'base64',
);

let browser: Browser;
let portal: Portal;
let nextAddress = 10;

beforeAll(async () => {
  browser = await launchBrowser();
  portal = await startPortal({ devTools: true, seedDemo: true, trustedProxies: ['127.0.0.1'] });
});

afterAll(async () => {
  await browser?.close();
  await portal?.close();
});

type Envelope<T> = { success: boolean; value: T };

async function api<T>(path: string, init: RequestInit = {}): Promise<T> {
  const response = await fetch(`${portal.baseUrl}${path}`, init);
  const json = (await response.json()) as Envelope<T>;
  if (!json.success) throw new Error(`${init.method ?? 'GET'} ${path}: ${JSON.stringify(json)}`);
  return json.value;
}

/** Files a manual deposit of 2,500 for the session behind `token`; an operator approves it afterwards. */
async function manualDeposit(token: string): Promise<number> {
  const reference = `E2E-W-${Date.now().toString(36).toUpperCase()}`;
  const form = new FormData();
  form.append('channelCode', 'MANUAL_BANK');
  form.append('amount', '2500');
  form.append('reference', reference);
  form.append('receipts', new Blob([receiptPng], { type: 'image/png' }), 'receipt.png');
  const deposit = await api<{ id: number }>('/wps/cashier/deposit/manual', {
    method: 'POST',
    headers: { authorization: token, 'idempotency-key': `e2e-${reference}` },
    body: form,
  });
  return deposit.id;
}

const formatted = (minor: bigint) =>
  `${(minor / 100n).toLocaleString('en-US')}.${(minor % 100n).toString().padStart(2, '0')}`;

async function logIn(page: Page) {
  await page.goto(portal.baseUrl);
  await page.getByRole('heading', { level: 1, name: /Welcome to/ }).waitFor();
  await page.getByRole('banner').getByRole('button', { name: 'Log in' }).click();
  const login = page.getByRole('dialog', { name: 'Log in' });
  await login
    .getByLabel(/^Username\*?$/)
    .and(login.locator('input'))
    .fill(demoPlayer.username);
  await login
    .getByLabel(/^Password\*?$/)
    .and(login.locator('input'))
    .fill(demoPlayer.password);
  await login.getByRole('button', { name: 'Log in', exact: true }).click();
  await login.waitFor({ state: 'detached' });
}

describe('header balance', () => {
  let credited = 0n;
  for (const viewport of ['desktop', 'phone'] as Viewport[]) {
    it(`shows the balance and follows a credit through the socket without a reload (${viewport})`, async () => {
      nextAddress += 1;
      const { context, page } = await newPage(browser, viewport, {
        headers: { 'x-forwarded-for': `198.51.100.${nextAddress}` },
      });
      await page.emulateMedia({ reducedMotion: 'reduce' });
      try {
        await logIn(page);
        const amount = page.getByRole('banner').getByTestId('header-balance');
        // The seeded demo player starts with an empty wallet; the second journey sees the first one's credit.
        await expect.poll(() => amount.textContent(), { timeout: 10_000 }).toBe(formatted(credited));
        expect(await page.getByRole('banner').textContent()).toContain('৳');

        let navigations = 0;
        page.on('framenavigated', (frame) => {
          if (frame === page.mainFrame()) navigations += 1;
        });
        const token = await page.evaluate(() => sessionStorage.getItem('token'));
        if (!token) throw new Error('no session token in the page');
        const depositId = await manualDeposit(token);
        await portal.app.services.cashier.deposits.approveDeposit(depositId, operator);
        credited += 250_000n;

        await expect.poll(() => amount.textContent(), { timeout: 10_000 }).toBe(formatted(credited));
        await page.getByText(`Deposit of ৳${formatted(250_000n)} received.`).waitFor();
        expect(navigations).toBe(0);
        await screenshot(page, `wallet-header-balance-${viewport}`);

        // Masked, and still masked after a reload (remembered on the device).
        await page.getByRole('banner').getByRole('button', { name: 'Hide balance' }).click();
        expect(await amount.textContent()).toBe('****');
        await page.reload();
        await expect.poll(() => amount.textContent(), { timeout: 10_000 }).toBe('****');
        await page.getByRole('banner').getByRole('button', { name: 'Show balance' }).click();
        expect(await amount.textContent()).toBe(formatted(credited));
      } catch (error) {
        await screenshot(page, `wallet-failure-${viewport}`).catch(() => undefined);
        throw error;
      } finally {
        await context.close();
      }
    });
  }
});

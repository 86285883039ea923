import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, type Portal, screenshot, startPortal } from './harness';

/**
 * The game screens in real Chromium against the real server and the vendor simulator: a visitor browses and
 * searches the slots and is asked to log in on Play; a member plays a slot in the in-portal game page and the
 * header balance follows the bet and win without a reload.
 */

const demoPlayer = { username: 'demo_player', password: 'Player#2026demo' };
const operator = { operatorId: 1, username: 'e2e.games' };
/** A 24×16 PNG receipt for the manual deposit that funds the member. */
const receiptPng = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAABgAAAAQCAYAAAAMJL+VAAAAMUlEQVR4AbXBAQEAIAyAME4aIxrRVj4F25z7PiGJSUxiEpOYxCQmMYlJTGISk5jEJLbw5gKHSqt0LwAAAABJRU5ErkJggg==',
  'base64',
);

let browser: Browser;
let portal: Portal;

beforeAll(async () => {
  browser = await launchBrowser();
  portal = await startPortal({ devTools: true, seedDemo: true, trustedProxies: ['127.0.0.1'] });
  // The vendors' catalogues (10,000+ slots from the simulator) are in before the first page asks for them.
  await portal.app.services.gaming.syncCatalogue();
}, 120_000);

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

/** Puts 2,500 into the demo player's main wallet: a manual deposit, approved by an operator in-process. */
async function fundDemoPlayer(): Promise<void> {
  const login = await api<{ token: string }>('/wps/session/login', {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': '198.51.100.90' },
    body: JSON.stringify({ ...demoPlayer, type: 'username' }),
  });
  const reference = `E2E-G-${Date.now().toString(36).toUpperCase()}`;
  const form = new FormData();
  form.append('channelCode', 'MANUAL_BANK');
  form.append('amount', '2500');
  form.append('reference', reference);
  form.append('receipts', new Blob([receiptPng], { type: 'image/png' }), 'receipt.png');
  const deposit = await api<{ id: number }>('/wps/cashier/deposit/manual', {
    method: 'POST',
    headers: { authorization: login.token, 'idempotency-key': `e2e-${reference}` },
    body: form,
  });
  await portal.app.services.cashier.deposits.approveDeposit(deposit.id, operator);
}

async function logIn(page: Page) {
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

describe('games', () => {
  it('lets a visitor browse and search the slots, and asks for a login on Play', { timeout: 90_000 }, async () => {
    const { context, page } = await newPage(browser, 'desktop', { headers: { 'x-forwarded-for': '198.51.100.91' } });
    try {
      await page.goto(`${portal.baseUrl}/rng`);
      await page.getByRole('heading', { level: 1, name: 'Slots' }).waitFor();
      const tiles = page.getByTestId('game-tile');
      await tiles.first().waitFor();
      expect(await tiles.count()).toBe(20);
      await page.getByText(/^Showing 20 of [\d,]+ games$/).waitFor();

      await page.getByRole('searchbox', { name: 'Search games' }).fill('dragon');
      await expect
        .poll(async () => {
          const names = await page.locator('.game-tile__name').allTextContents();
          return names.length > 0 && names.every((name) => name.toLowerCase().includes('dragon'));
        })
        .toBe(true);
      await screenshot(page, 'games-rng-search-desktop');

      const first = tiles.first();
      const name = (await first.getAttribute('aria-label')) ?? '';
      await first.getByRole('button', { name: `Play ${name}` }).click();
      await page.getByRole('dialog', { name: 'Log in' }).waitFor();
      expect(new URL(page.url()).pathname).toBe('/rng');
      await screenshot(page, 'games-login-on-play-desktop');
    } catch (error) {
      await screenshot(page, 'games-visitor-failure').catch(() => undefined);
      throw error;
    } finally {
      await context.close();
    }
  });

  it('opens a vendor popup game list from a home section', { timeout: 90_000 }, async () => {
    const { context, page } = await newPage(browser, 'phone', { headers: { 'x-forwarded-for': '198.51.100.92' } });
    try {
      await page.goto(portal.baseUrl);
      // The sections start below the first screen and render as the player scrolls near them.
      await page.locator('[data-slot="gameSections"]').scrollIntoViewIfNeeded();
      const slots = page.getByRole('region', { name: 'Slots providers' });
      await slots.waitFor({ timeout: 20_000 });
      const cards = slots.getByTestId('vendor-card');
      expect(await cards.count()).toBeLessThanOrEqual(12);
      await cards.first().getByRole('button').click();
      const dialog = page.getByRole('dialog', { name: /games$/ });
      await dialog.getByTestId('game-tile').first().waitFor();
      await screenshot(page, 'games-vendor-popup-phone');
      await dialog.getByRole('button', { name: 'Close' }).click();

      // A game centre: the category's vendors as lobby cards; the texts follow the language.
      await page.goto(`${portal.baseUrl}/sports`);
      await page.getByRole('heading', { level: 1, name: 'Sports' }).waitFor();
      await page.getByTestId('vendor-card').first().waitFor();
      await screenshot(page, 'games-sports-centre-phone');
      await page.evaluate(() => window.localStorage.setItem('lang', 'bn'));
      await page.goto(`${portal.baseUrl}/rng`);
      await page.getByRole('heading', { level: 1, name: 'স্লট' }).waitFor();
      await page.getByRole('button', { name: 'সব প্রোভাইডার' }).waitFor();
      await page.getByTestId('game-tile').first().waitFor();
      await screenshot(page, 'games-rng-bn-phone');
    } catch (error) {
      await screenshot(page, 'games-popup-failure').catch(() => undefined);
      throw error;
    } finally {
      await context.close();
    }
  });

  it('lets a member play a slot in the portal, and the header balance follows', { timeout: 120_000 }, async () => {
    await fundDemoPlayer();
    const { context, page } = await newPage(browser, 'desktop', { headers: { 'x-forwarded-for': '198.51.100.93' } });
    try {
      await page.goto(`${portal.baseUrl}/rng?vassalage=PG`);
      await page.getByTestId('game-tile').first().waitFor();
      await logIn(page);
      const balance = page.getByRole('banner').getByTestId('header-balance');
      await expect.poll(() => balance.textContent(), { timeout: 10_000 }).toBe('2,500.00');

      const tile = page.getByTestId('game-tile').first();
      const name = (await tile.getAttribute('aria-label')) ?? '';
      await tile.getByRole('button', { name: `Play ${name}` }).click();
      await page.waitForURL(/\/seamless\?nodeId=/);
      const game = page.frameLocator('.game-frame__iframe');
      const spin = game.getByRole('button', { name: 'SPIN' });
      await spin.waitFor({ timeout: 20_000 });
      let navigations = 0;
      page.on('framenavigated', (frame) => {
        if (frame === page.mainFrame()) navigations += 1;
      });
      // A spin stakes the bet (and may pay a win); the portal header shows the new balance through the socket.
      for (let round = 0; round < 5; round += 1) {
        await spin.click();
        await expect.poll(() => spin.isEnabled(), { timeout: 15_000 }).toBe(true);
        if ((await balance.textContent()) !== '2,500.00') break;
      }
      await expect.poll(() => balance.textContent(), { timeout: 10_000 }).not.toBe('2,500.00');
      expect(navigations).toBe(0);
      await screenshot(page, 'games-slot-played-desktop');

      // The round is in the member's betting record.
      await page.goto(`${portal.baseUrl}/member?page=personalHistoryCopy`);
      await page.getByRole('heading', { name: 'Betting record' }).first().waitFor();
      await page.getByRole('cell', { name: name }).first().waitFor({ timeout: 15_000 });
      await screenshot(page, 'games-betting-record-desktop');
    } catch (error) {
      await screenshot(page, 'games-member-failure').catch(() => undefined);
      throw error;
    } finally {
      await context.close();
    }
  });
});

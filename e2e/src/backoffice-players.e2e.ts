import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, type Portal, screenshot, startPortal, viewports } from './harness';
import { field, signInOperator } from './operator-console';

/**
 * Players and maker-checker adjustments in real Chromium against the real server: the owner finds the demo
 * player and proposes a credit; a second operator (finance) signs in on another browser, sees it waiting and
 * approves it; the player's balance then shows the money, once. Screens: dashboard, players, player page,
 * adjustments and deposit channels at 1366x768, the players list at 390x844.
 */

const ownerPassword = 'Owner#Portal2026!';
const demoPlayer = { username: 'demo_player', password: 'Player#2026demo' };

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

async function balanceOf(token: string): Promise<{ main: { minor: string }; scale: number }> {
  return api('/wps/v2/wallets/balance', { headers: { authorization: token } });
}

/** Waits until the toasts are gone, so that screenshots show the page. */
async function noToasts(page: Page): Promise<void> {
  await expect.poll(() => page.locator('.ui-toast').count(), { timeout: 10_000 }).toBe(0);
}

describe('players and adjustments', () => {
  it('owner proposes a credit for a player, a finance operator approves it, the player is credited once', async () => {
    const owner = await newPage(browser, 'desktop');
    let finance: { context: BrowserContext; page: Page } | undefined;
    let phone: BrowserContext | undefined;
    const { page } = owner;
    await page.emulateMedia({ reducedMotion: 'reduce' });
    try {
      await signInOperator(page, portal.baseUrl, 'owner', ownerPassword);
      await page.getByRole('region', { name: 'Today' }).waitFor();
      await screenshot(page, 'backoffice-dashboard-desktop');

      // A second operator with the finance role, created by the owner.
      const created = await page.evaluate(async () => {
        const response = await fetch('/bo/api/operators', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ username: 'fin_e2e', role: 'finance' }),
        });
        return (await response.json()) as { value: { initialPassword: string } };
      });
      const financePassword = created.value.initialPassword;

      const { token } = await api<{ token: string }>('/wps/session/login', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(demoPlayer),
      });
      const before = await balanceOf(token);

      // Find the player and propose a credit on their page.
      const nav = page.getByRole('navigation', { name: 'Console navigation' });
      await nav.getByRole('link', { name: 'Players and agents' }).click();
      await page.getByRole('heading', { level: 1, name: 'Players and agents' }).waitFor();
      await field(page, /^Search/).fill('demo_player');
      await page.getByRole('button', { name: 'Search', exact: true }).click();
      const link = page.getByRole('link', { name: 'Open demo_player' });
      await link.waitFor();
      await screenshot(page, 'backoffice-players-desktop');
      await link.click();
      await page.getByRole('heading', { level: 1, name: 'demo_player' }).waitFor();
      await page.getByRole('table', { name: 'Ledger entries of the main wallet' }).waitFor();
      await screenshot(page, 'backoffice-player-detail-desktop');

      await page.getByRole('button', { name: 'Propose adjustment' }).click();
      const dialog = page.getByRole('dialog', { name: 'Propose a balance adjustment for demo_player' });
      await field(dialog, /^Amount/).fill('150.50');
      await field(dialog, /^Note/).fill('E2E: compensation for a dropped round');
      await screenshot(page, 'backoffice-adjustment-propose-desktop');
      await dialog.getByRole('button', { name: 'Propose' }).click();
      await page.getByText(/Adjustment #\d+ proposed/).waitFor();
      // Proposing moved nothing, and the owner cannot approve their own proposal.
      expect((await balanceOf(token)).main.minor).toBe(before.main.minor);
      await page.getByText('Proposed by you: another operator decides').waitFor();

      // The finance operator approves it on another browser.
      finance = await newPage(browser, 'desktop');
      await finance.page.emulateMedia({ reducedMotion: 'reduce' });
      await signInOperator(finance.page, portal.baseUrl, 'fin_e2e', financePassword);
      const financeNav = finance.page.getByRole('navigation', { name: 'Console navigation' });
      await financeNav.getByRole('link', { name: 'Balance adjustments' }).click();
      await finance.page.getByRole('heading', { level: 1, name: 'Balance adjustments' }).waitFor();
      const row = finance.page.locator('tr', { hasText: 'demo_player' }).filter({ hasText: '+150.50 BDT' });
      await row.waitFor();
      await noToasts(finance.page);
      await screenshot(finance.page, 'backoffice-adjustments-desktop');
      await row.getByRole('button', { name: /^Approve adjustment/ }).click();
      const confirm = finance.page.getByRole('dialog', { name: /^Approve adjustment #\d+\?$/ });
      expect(await confirm.textContent()).toContain('demo_player is credited 150.50 BDT.');
      await confirm.getByRole('button', { name: 'Approve' }).click();
      await finance.page.getByText(/Adjustment #\d+ approved: \+150\.50 BDT/).waitFor();

      const after = await balanceOf(token);
      expect(BigInt(after.main.minor) - BigInt(before.main.minor)).toBe(15050n);

      // The owner's player page shows the new balance and the approved adjustment.
      await page.reload();
      await page.getByTestId('player-balance').waitFor();
      await expect.poll(() => page.getByText('Approved', { exact: true }).count()).toBeGreaterThan(0);
      await noToasts(page);
      await screenshot(page, 'backoffice-player-after-desktop');
      await page.getByRole('tab', { name: 'Ledger' }).scrollIntoViewIfNeeded();
      await screenshot(page, 'backoffice-player-history-desktop');

      await nav.getByRole('link', { name: 'Deposit channels' }).click();
      await page.getByTestId('channel-MANUAL_BANK').waitFor();
      await screenshot(page, 'backoffice-deposit-channels-desktop');
      await nav.getByRole('link', { name: 'Dashboard' }).click();
      await page.getByRole('region', { name: 'Today' }).waitFor();
      await screenshot(page, 'backoffice-dashboard-after-desktop');
      // In Bangla every text of the page is translated.
      await page.getByRole('button', { name: 'বাংলা' }).click();
      await page.getByRole('heading', { level: 1, name: 'ড্যাশবোর্ড' }).waitFor();
      await screenshot(page, 'backoffice-dashboard-bn-desktop');
      await page.getByRole('navigation').getByRole('link', { name: 'খেলোয়াড় ও এজেন্ট' }).click();
      await page.getByRole('link', { name: 'demo_player খুলুন' }).waitFor();
      await screenshot(page, 'backoffice-players-bn-desktop');
      await page.getByRole('button', { name: 'EN' }).click();
      await page.getByRole('heading', { level: 1, name: 'Players and agents' }).waitFor();

      phone = await browser.newContext({ viewport: viewports.phone, storageState: await owner.context.storageState() });
      const phonePage = await phone.newPage();
      await phonePage.goto(`${portal.baseUrl}/backoffice/players`);
      await phonePage.getByRole('link', { name: 'Open demo_player' }).waitFor();
      await screenshot(phonePage, 'backoffice-players-phone');
      await phonePage.goto(`${portal.baseUrl}/backoffice/dashboard`);
      await phonePage.getByRole('region', { name: 'Today' }).waitFor();
      await screenshot(phonePage, 'backoffice-dashboard-phone');

      const report = await portal.app.services.wallet.verifyLedger();
      expect(report.breaches).toEqual([]);
    } catch (error) {
      await screenshot(page, 'backoffice-players-failure').catch(() => undefined);
      if (finance) await screenshot(finance.page, 'backoffice-players-failure-finance').catch(() => undefined);
      throw error;
    } finally {
      await phone?.close();
      await finance?.context.close();
      await owner.context.close();
    }
    // Two first sign-ins (argon2id, enrolment, new passwords) on a shared machine: more than the default minute.
  }, 180_000);
});

import type { Browser, FrameLocator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, type Portal, screenshot, startPortal, type viewports } from './harness';

/**
 * The in-house games (INHOUSE, /bgs) in real Chromium: a member opens Fair Dice from the /bgs list, bets in the game
 * frame, sees the outcome and the portal header balance follow, then reveals the seed and has the browser recompute
 * the bets.
 */

const demoPlayer = { username: 'demo_player', password: 'Player#2026demo' };

let browser: Browser;
let portal: Portal;

beforeAll(async () => {
  browser = await launchBrowser();
  portal = await startPortal(
    { seedDemo: true, inhouseGames: true, trustedProxies: ['127.0.0.1'] },
    {},
    {},
    { ownPublicUrl: true },
  );
  await portal.app.services.gaming.syncCatalogue();
  // 500.00 in the demo player's main wallet, straight through the ledger (the cashier journeys test deposits).
  const { wallet, identity } = portal.app.services;
  const account = await identity.findAccountByUsername(demoPlayer.username);
  if (!account) throw new Error('demo player not seeded');
  const [clearing, cash] = await Promise.all([
    wallet.ensureAccount({ type: 'house' }, 'PAYMENT_CLEARING', 'BDT'),
    wallet.ensureAccount({ type: 'player', id: account.id }, 'PLAYER_CASH', 'BDT'),
  ]);
  await wallet.transfer({
    idempotencyKey: 'e2e-inhouse-fund',
    debit: clearing.id,
    credit: cash.id,
    amountMinor: 50_000n,
    currency: 'BDT',
    kind: 'DEPOSIT',
  });
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await portal?.close();
});

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

describe('in-house games', () => {
  for (const viewport of ['desktop', 'phone'] as (keyof typeof viewports)[]) {
    it(`plays Fair Dice from /bgs and verifies the revealed seed (${viewport})`, { timeout: 120_000 }, async () => {
      const { context, page } = await newPage(browser, viewport, {
        headers: { 'x-forwarded-for': viewport === 'desktop' ? '198.51.100.71' : '198.51.100.72' },
      });
      try {
        await page.goto(`${portal.baseUrl}/bgs`);
        const tile = page.getByTestId('game-tile').filter({ hasText: 'Fair Dice' });
        await tile.waitFor();
        await screenshot(page, `inhouse-list-${viewport}`);
        await logIn(page);
        const balance = page.getByRole('banner').getByTestId('header-balance');
        await expect.poll(() => balance.textContent(), { timeout: 10_000 }).toMatch(/\d/);
        const before = await balance.textContent();

        // Desktop plays in the portal's game page (a frame); phones open the game in a window of its own.
        let game: FrameLocator | Page;
        if (viewport === 'desktop') {
          await tile.getByRole('button', { name: /^Play / }).click();
          await page.waitForURL(/\/seamless\?/);
          game = page.frameLocator('.game-frame__iframe');
        } else {
          const popup = page.waitForEvent('popup');
          await tile.getByRole('button', { name: /^Play / }).click();
          game = await popup;
          await game.waitForURL(/\/inhouse\/BGS_DICE/);
        }
        await game.getByRole('heading', { name: 'Fair Dice' }).waitFor({ timeout: 20_000 });
        await game.getByLabel('Stake').fill('25');
        await game.getByRole('button', { name: 'Bet', exact: true }).click();
        await game.getByText(/You won|No win this time/).waitFor();
        // The header balance follows through the socket, without a reload.
        await expect.poll(() => balance.textContent(), { timeout: 10_000 }).not.toBe(before);
        // The member's last bets list the new one (the table keeps the member's bets across sessions).
        await expect.poll(() => game.getByRole('row').count(), { timeout: 10_000 }).toBeGreaterThan(1);
        const rows = await game.getByRole('row').count();
        await game.getByRole('button', { name: 'Bet', exact: true }).click();
        await expect.poll(() => game.getByRole('row').count(), { timeout: 10_000 }).toBe(rows + 1);
        await screenshot('screenshot' in game ? game : page, `inhouse-dice-played-${viewport}`);

        await game.getByRole('button', { name: 'Reveal the server seed and start a new pair' }).click();
        await game.getByText('Its SHA-256 matches the hash shown before your bets.').waitFor();
        await game.getByRole('button', { name: 'Recompute my revealed bets in this browser' }).click();
        await game.getByText(/^\d+ revealed bets recomputed here: every result matches\.$/).waitFor();
        await screenshot('screenshot' in game ? game : page, `inhouse-dice-verified-${viewport}`);
      } catch (error) {
        await screenshot(page, `inhouse-failure-${viewport}`).catch(() => undefined);
        throw error;
      } finally {
        await context.close();
      }
    });
  }
});

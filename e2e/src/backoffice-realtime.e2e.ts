import { randomBytes } from 'node:crypto';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, type Portal, screenshot, startPortal } from './harness';
import { consoleNav, signInOperator } from './operator-console';

/**
 * The live cashier queues in real Chromium against the real server: an operator has the withdrawal queue open; the
 * demo member asks for a withdrawal in another browser; the request appears in the operator's queue without a
 * reload (marked new, announced, counted in the navigation), and leaves it again when another operator pays it.
 */

const ownerPassword = 'Owner#Portal2026!';
const demoPlayer = { username: 'demo_player', password: 'Player#2026demo' };
const paymentPassword = '135790';

let browser: Browser;
let portal: Portal;

beforeAll(async () => {
  browser = await launchBrowser();
  portal = await startPortal({
    devTools: true,
    seedDemo: true,
    boOwnerPassword: ownerPassword,
    // Both browsers come from 127.0.0.1 (no trusted proxy) and share one rate-limit bucket.
    rateLimitPerMinute: 100_000,
  });
});

afterAll(async () => {
  await browser?.close();
  await portal?.close();
});

function field(scope: Page | Locator, label: RegExp): Locator {
  return scope.getByLabel(label).and(scope.locator('input, select'));
}

/**
 * The demo member, ready to withdraw: 5,000.00 in the main wallet (through the ledger), a payment password and a
 * bound bKash account (through the services and the API, as the cashier journey does them in the UI).
 */
async function prepareMember(): Promise<void> {
  const { identity, wallet } = portal.app.services;
  const account = await identity.findAccountByUsername(demoPlayer.username);
  if (!account) throw new Error('demo player not seeded');
  await identity.setPaymentPassword(account.id, paymentPassword);
  const [clearing, cash] = await Promise.all([
    wallet.ensureAccount({ type: 'house' }, 'PAYMENT_CLEARING', 'BDT'),
    wallet.ensureAccount({ type: 'player', id: account.id }, 'PLAYER_CASH', 'BDT'),
  ]);
  await wallet.transfer({
    idempotencyKey: `e2e-realtime-fund:${randomBytes(8).toString('hex')}`,
    debit: clearing.id,
    credit: cash.id,
    amountMinor: 500_000n,
    currency: 'BDT',
    kind: 'DEPOSIT',
  });
  const login = await fetch(`${portal.baseUrl}/wps/session/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(demoPlayer),
  });
  const token = ((await login.json()) as { value: { token: string } }).value.token;
  const bound = await fetch(`${portal.baseUrl}/wps/member/bank-accounts`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: token },
    body: JSON.stringify({ bankCode: 'BKASH', accountNumber: '01712345678', holderName: 'Rahim Uddin' }),
  });
  if (!bound.ok) throw new Error(`bank account not bound: ${await bound.text()}`);
}

async function logInMember(page: Page): Promise<void> {
  await page.goto(portal.baseUrl);
  await page.getByRole('banner').getByRole('button', { name: 'Log in' }).click();
  const login = page.getByRole('dialog', { name: 'Log in' });
  await field(login, /^Username\*?$/).fill(demoPlayer.username);
  await field(login, /^Password\*?$/).fill(demoPlayer.password);
  await login.getByRole('button', { name: 'Log in', exact: true }).click();
  await login.waitFor({ state: 'detached' });
}

describe('live cashier queues', () => {
  it('shows a member’s new withdrawal in the open queue without a reload, and drops it when another operator pays it', {
    timeout: 180_000,
  }, async () => {
    await prepareMember();
    const operator = await newPage(browser, 'desktop');
    let member: { context: BrowserContext; page: Page } | undefined;
    const { page } = operator;
    await page.emulateMedia({ reducedMotion: 'reduce' });
    try {
      await signInOperator(page, portal.baseUrl, 'owner', ownerPassword);
      await consoleNav(page).getByRole('link', { name: 'Withdrawals' }).click();
      await page.getByRole('heading', { level: 1, name: 'Withdrawals' }).waitFor();
      const live = page.getByTestId('queue-live-status');
      await expect.poll(() => live.textContent(), { timeout: 10_000 }).toBe('Live');
      await page.getByText('0 items').waitFor();
      // A mark that a reload would wipe out.
      await page.evaluate(() => {
        (window as unknown as { queueOpenedOnce: boolean }).queueOpenedOnce = true;
      });

      // The member asks for a withdrawal in another browser.
      member = await newPage(browser, 'desktop');
      await logInMember(member.page);
      await member.page.goto(`${portal.baseUrl}/member?page=withdraw`);
      await member.page.getByRole('heading', { level: 1, name: 'Withdraw' }).waitFor();
      await member.page.getByRole('button', { name: 'Remove bKash' }).waitFor();
      await field(member.page, /^Amount/).fill('1200');
      await field(member.page, /^Payment password/).fill(paymentPassword);
      await member.page.getByRole('button', { name: 'Withdraw', exact: true }).click();
      await member.page
        .getByRole('dialog', { name: 'Confirm the withdrawal' })
        .getByRole('button', { name: 'Confirm' })
        .click();
      await member.page.getByText('Withdrawal requested').waitFor();

      // It is in the operator's queue well before the fallback poll (15 s) could have brought it, with no reload.
      const row = page.locator('[data-testid^="withdrawal-"]');
      await row.first().waitFor({ timeout: 5_000 });
      expect(await row.count()).toBe(1);
      const rowText = (await row.textContent()) ?? '';
      expect(rowText).toContain('demo_player');
      expect(rowText).toContain('1,200.00');
      expect(rowText).toContain('New');
      await page.getByText('New withdrawal request').waitFor();
      await page.getByText('demo_player · 1,200.00 BDT').waitFor();
      expect(await page.getByTestId('nav-count-withdrawals').textContent()).toContain('1');
      expect(await page.evaluate(() => (window as unknown as { queueOpenedOnce?: boolean }).queueOpenedOnce)).toBe(
        true,
      );
      await page.bringToFront();
      await screenshot(page, 'backoffice-realtime-withdrawals-desktop');

      // Another operator pays it (the same service the console's Approve button calls): it leaves this queue.
      const id = Number(((await row.getAttribute('data-testid')) ?? '').replace('withdrawal-', ''));
      await portal.app.services.cashier.withdrawals.approveWithdrawal(id, {
        operatorId: 99,
        username: 'finance.other',
      });
      await row.first().waitFor({ state: 'detached', timeout: 5_000 });
      await page.getByText('No withdrawals are waiting for review.').waitFor();
      await expect.poll(() => page.getByTestId('nav-count-withdrawals').count()).toBe(0);
      expect(await page.evaluate(() => (window as unknown as { queueOpenedOnce?: boolean }).queueOpenedOnce)).toBe(
        true,
      );
      await screenshot(page, 'backoffice-realtime-withdrawals-emptied-desktop');
    } catch (error) {
      await screenshot(page, 'backoffice-realtime-failure').catch(() => undefined);
      if (member) await screenshot(member.page, 'backoffice-realtime-failure-member').catch(() => undefined);
      throw error;
    } finally {
      await member?.context.close();
      await operator.context.close();
    }
  });
});

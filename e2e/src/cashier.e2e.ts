import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, type Portal, screenshot, startPortal, type viewports } from './harness';
import { signInOperator } from './operator-console';

/**
 * The member centre's cashier pages in real Chromium against the real server: a deposit through the simulator
 * gateway's pay page shows up in the header balance; a manual deposit with a receipt upload waits for review;
 * a withdrawal with the payment password is approved in the back office and confirmed as received by the member.
 */

type Viewport = keyof typeof viewports;

const demoPlayer = { username: 'demo_player', password: 'Player#2026demo' };
const ownerPassword = 'Owner#Portal2026!';
const paymentPassword = '135790';
/** A 24×16 PNG, as a member's phone would upload a receipt. */
const receiptPng = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAABgAAAAQCAYAAAAMJL+VAAAAMUlEQVR4AbXBAQEAIAyAME4aIxrRVj4F25z7PiGJSUxiEpOYxCQmMYlJTGISk5jEJLbw5gKHSqt0LwAAAABJRU5ErkJggg==',
  'base64',
);

let browser: Browser;
let portal: Portal;
let nextAddress = 40;

beforeAll(async () => {
  browser = await launchBrowser();
  const holder: { baseUrl: string | null } = { baseUrl: null };
  portal = await startPortal(
    // Every journey here comes from 127.0.0.1 (no trusted proxy), so they share one rate-limit bucket: raised, as the
    // phone walk alone loads seven member-centre pages.
    {
      devTools: true,
      seedDemo: true,
      paymentSimEnabled: true,
      boOwnerPassword: ownerPassword,
      rateLimitPerMinute: 100_000,
    },
    {},
    {
      // The simulator PSP calls back over real HTTP; the listening port is known only after the start.
      paymentSimTransport: async ({ url, headers, body }) => {
        const response = await fetch(`${holder.baseUrl}${new URL(url).pathname}`, { method: 'POST', headers, body });
        return { statusCode: response.status, body: await response.text() };
      },
    },
  );
  holder.baseUrl = portal.baseUrl;
});

afterAll(async () => {
  await browser?.close();
  await portal?.close();
});

function field(scope: Page | Locator, label: RegExp): Locator {
  return scope.getByLabel(label).and(scope.locator('input, select'));
}

async function logIn(page: Page) {
  await page.goto(portal.baseUrl);
  await page.getByRole('banner').getByRole('button', { name: 'Log in' }).click();
  const login = page.getByRole('dialog', { name: 'Log in' });
  await field(login, /^Username\*?$/).fill(demoPlayer.username);
  await field(login, /^Password\*?$/).fill(demoPlayer.password);
  await login.getByRole('button', { name: 'Log in', exact: true }).click();
  await login.waitFor({ state: 'detached' });
}

async function openPage(page: Page, id: string, heading: string) {
  await page.goto(`${portal.baseUrl}/member?page=${id}`);
  await page.getByRole('heading', { level: 1, name: heading }).waitFor();
}

const headerBalance = (page: Page) => page.getByRole('banner').getByTestId('header-balance');

describe('cashier pages', () => {
  it('deposits through the gateway, files a manual deposit, withdraws, and confirms the paid withdrawal', {
    timeout: 240_000,
  }, async () => {
    nextAddress += 1;
    const { context, page } = await newPage(browser, 'desktop', {
      headers: { 'x-forwarded-for': `198.51.100.${nextAddress}` },
    });
    await page.emulateMedia({ reducedMotion: 'reduce' });
    try {
      await logIn(page);
      await expect.poll(() => headerBalance(page).textContent(), { timeout: 10_000 }).toBe('0.00');

      // Gateway deposit: the simulator's pay page, approve, back to the member centre, credited.
      await openPage(page, 'depositv2', 'Deposit');
      await page.getByRole('radio', { name: /E-wallet \(Simulator Pay\)/ }).waitFor();
      await page.getByText('No deposits yet').waitFor();
      await screenshot(page, 'cashier-deposit-desktop');
      await page.getByRole('radio', { name: /E-wallet \(Simulator Pay\)/ }).check();
      // Client-side limits first: nothing is sent for an amount below the channel's minimum.
      await field(page, /^Amount/).fill('1');
      await page.getByRole('button', { name: 'Continue to payment' }).click();
      await page.getByText(/^The minimum is ৳/).waitFor();
      await field(page, /^Amount/).fill('1000');
      await page.getByRole('button', { name: 'Continue to payment' }).click();
      await page.waitForURL(/\/gateway-sim\/pay\//);
      await screenshot(page, 'cashier-gateway-pay-page-desktop');
      await page.getByRole('button', { name: 'Approve payment' }).click();
      await page.getByRole('link', { name: 'Return to the site' }).click();
      await page.waitForURL(/page=depositv2&depositId=\d+/);
      await page.getByText('Deposit credited to your balance').waitFor({ timeout: 15_000 });
      await expect.poll(() => headerBalance(page).textContent(), { timeout: 10_000 }).toBe('1,000.00');
      await screenshot(page, 'cashier-deposit-credited-desktop');

      // Manual deposit with a receipt image: pending until an operator looks at it.
      await page.locator('label', { hasText: 'Bank transfer (manual)' }).click();
      expect(await page.getByRole('radio', { name: /Bank transfer \(manual\)/ }).isChecked()).toBe(true);
      await field(page, /^Amount/).fill('500');
      await field(page, /^Transfer reference/).fill(`E2E-${Date.now().toString(36).toUpperCase()}`);
      await page.locator('input[name="receipts"]').setInputFiles({
        name: 'receipt.png',
        mimeType: 'image/png',
        buffer: receiptPng,
      });
      await page.getByText('receipt.png').waitFor();
      await page.getByRole('button', { name: 'Submit deposit' }).click();
      await page.getByText('Deposit submitted').waitFor();
      const history = page.locator('section', { has: page.getByRole('heading', { name: 'Recent deposits' }) });
      await expect.poll(() => history.getByText('Pending').count(), { timeout: 10_000 }).toBe(1);
      await expect.poll(() => history.getByText('Completed').count()).toBe(1);
      await screenshot(page, 'cashier-deposit-manual-desktop');

      // Withdrawal: payment password, a bound e-wallet, the request with its confirmation step.
      await openPage(page, 'withdraw', 'Withdraw');
      await page.getByRole('heading', { name: 'Set your payment password' }).waitFor();
      await screenshot(page, 'cashier-withdraw-first-desktop');
      await field(page, /^Login password/).fill(demoPlayer.password);
      await field(page, /^New payment password/).fill(paymentPassword);
      await field(page, /^Confirm payment password/).fill(paymentPassword);
      await page.getByRole('button', { name: 'Save payment password' }).click();
      await page.getByRole('heading', { name: 'Set your payment password' }).waitFor({ state: 'detached' });
      await page.getByRole('button', { name: 'Add account' }).click();
      await page.getByLabel(/^Bank or e-wallet/).selectOption('BKASH');
      await field(page, /^E-wallet mobile number/).fill('01712345678');
      await field(page, /^Account holder name/).fill('Rahim Uddin');
      await page.getByRole('button', { name: 'Bind account' }).click();
      await page.getByRole('button', { name: 'Remove bKash' }).waitFor();
      await field(page, /^Amount/).fill('400');
      await field(page, /^Payment password/).fill(paymentPassword);
      await page.getByRole('button', { name: 'Withdraw', exact: true }).click();
      const confirm = page.getByRole('dialog', { name: 'Confirm the withdrawal' });
      expect(await confirm.textContent()).toContain('৳400.00');
      await screenshot(page, 'cashier-withdraw-confirm-desktop');
      await confirm.getByRole('button', { name: 'Confirm' }).click();
      await page.getByText('Withdrawal requested').waitFor();
      const withdrawals = page.locator('section', { has: page.getByRole('heading', { name: 'My withdrawals' }) });
      await withdrawals.getByText('Pending').waitFor();
      await expect.poll(() => headerBalance(page).textContent(), { timeout: 10_000 }).toBe('600.00');
      await screenshot(page, 'cashier-withdraw-pending-desktop');

      // The operator pays and approves it in the back office.
      const backoffice = await context.newPage();
      await signInOperator(backoffice, portal.baseUrl, 'owner', ownerPassword).catch(async (error) => {
        await screenshot(backoffice, 'cashier-failure-backoffice').catch(() => undefined);
        throw error;
      });
      await backoffice
        .getByRole('navigation', { name: 'Console navigation' })
        .getByRole('link', { name: 'Withdrawals' })
        .click();
      const approve = backoffice.getByRole('button', { name: /^Approve withdrawal #\d+$/ });
      await approve.waitFor();
      const label = (await approve.getAttribute('aria-label')) ?? '';
      await approve.click();
      await backoffice
        .getByRole('dialog', { name: `${label}?` })
        .getByRole('button', { name: 'Approve' })
        .click();
      await backoffice.getByText(/Withdrawal #\d+ approved/).waitFor();
      await backoffice.close();

      // The member confirms the money arrived.
      await page.bringToFront();
      await page.reload();
      await page.getByRole('heading', { level: 1, name: 'Withdraw' }).waitFor();
      await withdrawals.getByText('Approved').waitFor();
      await withdrawals.getByRole('button', { name: 'Confirm receipt' }).click();
      const receipt = page.getByRole('dialog', { name: 'Did you receive the money?' });
      await receipt.getByLabel('Received in full').check();
      await screenshot(page, 'cashier-withdraw-receipt-desktop');
      await receipt.getByRole('button', { name: 'Send' }).click();
      await receipt.waitFor({ state: 'detached' });
      await withdrawals.getByText('Received', { exact: true }).waitFor();
      await screenshot(page, 'cashier-withdraw-confirmed-desktop');

      // The account record lists all of it.
      await openPage(page, 'transactionHistory', 'Account record');
      await page.getByText('3 records').waitFor();
      await screenshot(page, 'cashier-records-desktop');
      await openPage(page, 'transferUpline', 'Transfer');
      await screenshot(page, 'cashier-transfer-desktop');
      // Personal profit and loss counts today's deposit; bonus details shows the ledger's (none yet); the wallet lists
      // the main balance.
      await openPage(page, 'personalProfit', 'Profit and loss');
      await page.getByText('Total bets').first().waitFor();
      await screenshot(page, 'cashier-profit-desktop');
      await openPage(page, 'bonusDetails', 'Bonus details');
      await page.getByText('No bonuses yet').waitFor();
      await openPage(page, 'transferFund', 'Wallet');
      await page.getByText('৳600.00').first().waitFor();
      await screenshot(page, 'cashier-wallet-desktop');
    } catch (error) {
      await screenshot(page, 'cashier-failure-desktop').catch(() => undefined);
      throw error;
    } finally {
      await context.close();
    }
  });

  for (const viewport of ['phone'] as Viewport[]) {
    it(`lays every cashier page out for a ${viewport}`, { timeout: 120_000 }, async () => {
      nextAddress += 1;
      const { context, page } = await newPage(browser, viewport, {
        headers: { 'x-forwarded-for': `198.51.100.${nextAddress}` },
      });
      await page.emulateMedia({ reducedMotion: 'reduce' });
      try {
        await logIn(page);
        for (const [id, heading] of [
          ['depositv2', 'Deposit'],
          ['withdraw', 'Withdraw'],
          ['transferUpline', 'Transfer'],
          ['transactionHistory', 'Account record'],
          ['transferFund', 'Wallet'],
          ['personalProfit', 'Profit and loss'],
          ['bonusDetails', 'Bonus details'],
        ] as const) {
          await openPage(page, id, heading);
          await page.waitForLoadState('networkidle');
          await screenshot(page, `cashier-${id}-${viewport}`);
          const overflow = await page.evaluate(() => {
            // The cashier page's own content (the member-centre shell around it is the layout's).
            const wide = [...document.querySelectorAll('.cashier-page, .cashier-page *')]
              .filter((element) => element.getBoundingClientRect().right > window.innerWidth + 1)
              .slice(0, 3)
              .map((element) => `${element.tagName}.${element.className}`);
            return { by: wide.length, wide };
          });
          expect(overflow.by, `${id} scrolls sideways: ${overflow.wide.join(', ')}`).toBeLessThanOrEqual(0);
        }
      } catch (error) {
        await screenshot(page, `cashier-failure-${viewport}`).catch(() => undefined);
        throw error;
      } finally {
        await context.close();
      }
    });
  }
});

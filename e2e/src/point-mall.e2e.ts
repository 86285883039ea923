import { calls } from '@portal/contract';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, type Portal, screenshot as save, startPortal, type viewports } from './harness';
import { signInOperator } from './operator-console';

/**
 * The points mall in real Chromium against the real server with the demo data: a visitor sees the rate, the
 * exchange-rate table and the rules and is asked to log in to redeem; the demo member converts seeded points into
 * cash with the payment password (the header balance grows, the history lists it, the ledger reconciles); the
 * member centre links to the points mall and the article pages; an operator adds goods in the console, the member
 * redeems them (points held, In Process), the operator approves and the member sees the redemption Approved.
 */

type Viewport = keyof typeof viewports;

const demoPlayer = { username: 'demo_player', password: 'Player#2026demo' };
const paymentPassword = '135790';
const ownerPassword = 'Owner#PointMall2026bo!';

let browser: Browser;
let portal: Portal;

beforeAll(async () => {
  browser = await launchBrowser();
  // No game vendors: this journey is about points (and needs no vendor simulator).
  portal = await startPortal({
    seedDemo: true,
    rateLimitPerMinute: 100_000,
    loginRateLimitPerMinute: 100_000,
    hub88: null,
    tcg: null,
    boOwnerPassword: ownerPassword,
  });
  // The demo member converts with a payment password; set once through the API, as the security centre would.
  const login = await fetch(`${portal.baseUrl}${calls.login.path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(demoPlayer),
  });
  const { value } = (await login.json()) as { value: { token: string } };
  const set = await fetch(`${portal.baseUrl}${calls.paymentPasswordSet.path}`, {
    method: calls.paymentPasswordSet.method,
    headers: { 'content-type': 'application/json', authorization: value.token },
    body: JSON.stringify({
      loginPassword: demoPlayer.password,
      paymentPassword,
      confirmPaymentPassword: paymentPassword,
    }),
  });
  if (!set.ok) throw new Error(`payment password: ${await set.text()}`);
});

afterAll(async () => {
  await browser?.close();
  await portal?.close();
});

/** Bangla glyphs (and the taka sign) come from a web font fetched on first use: wait for it before a screenshot. */
async function screenshot(page: Page, name: string): Promise<void> {
  await page.evaluate(async () => {
    await document.fonts.ready;
  });
  await save(page, name);
}

function field(scope: Page | Locator, label: RegExp): Locator {
  return scope.getByLabel(label).and(scope.locator('input, select'));
}

async function open(viewport: Viewport) {
  return newPage(browser, viewport);
}

async function logIn(page: Page, viewport: Viewport) {
  await page.goto(portal.baseUrl);
  if (viewport === 'phone') {
    // On phones the header's login button is the same; the side menu stays closed.
    await page.getByRole('banner').getByRole('button', { name: 'Log in' }).first().click();
  } else {
    await page.getByRole('banner').getByRole('button', { name: 'Log in' }).click();
  }
  const login = page.getByRole('dialog', { name: 'Log in' });
  await field(login, /^Username\*?$/).fill(demoPlayer.username);
  await field(login, /^Password\*?$/).fill(demoPlayer.password);
  await login.getByRole('button', { name: 'Log in', exact: true }).click();
  await login.waitFor({ state: 'detached' });
}

const headerBalance = (page: Page) => page.getByRole('banner').getByTestId('header-balance');

/** Minor units from a shown amount such as "৳1,234.50". */
function minorOf(text: string): bigint {
  const digits = text.replace(/[^\d.]/g, '');
  const [whole = '0', fraction = ''] = digits.split('.');
  return BigInt(whole + fraction.padEnd(2, '0').slice(0, 2));
}

describe('points mall', () => {
  it('shows a visitor the rate, the exchange-rate table and the rules, and asks them to log in to redeem', async () => {
    const { context, page } = await open('desktop');
    try {
      await page.goto(`${portal.baseUrl}/pointMall`);
      await page.getByRole('heading', { level: 1, name: 'Points mall' }).waitFor();
      await page.getByText('Log in to see your points').waitFor();
      await page.getByText('100 points = ৳1.00').first().waitFor();
      await page.getByRole('button', { name: 'Redeem: 5,000 points' }).waitFor();
      await screenshot(page, 'point-mall-visitor-desktop');
      await page.getByRole('button', { name: 'Redeem: 5,000 points' }).click();
      await page.getByRole('dialog', { name: 'Log in' }).waitFor();
      await page.keyboard.press('Escape');
      await page.getByRole('tab', { name: 'Rules' }).click();
      await page.getByText('Points never expire.').waitFor();
      await screenshot(page, 'point-mall-rules-desktop');
      await page.getByRole('button', { name: 'বাংলা' }).first().click();
      await page.getByRole('heading', { level: 1, name: 'পয়েন্ট মল' }).waitFor();
      await page.getByText('পয়েন্টের মেয়াদ কখনো শেষ হয় না।').waitFor();
      await screenshot(page, 'point-mall-rules-desktop-bn');
    } finally {
      await context.close();
    }
  });

  it('converts the demo member’s points into cash with the payment password (desktop)', async () => {
    const { context, page } = await open('desktop');
    try {
      await logIn(page, 'desktop');
      await headerBalance(page).waitFor();
      const cashBefore = minorOf((await headerBalance(page).textContent()) ?? '');
      await page.goto(`${portal.baseUrl}/pointMall`);
      const balance = page.getByTestId('points-balance');
      await expect.poll(() => balance.textContent()).toBe('12,500');
      await page.getByText('Worth ৳125.00').waitFor();
      await screenshot(page, 'point-mall-member-desktop');

      await page.getByRole('button', { name: 'Redeem: 5,000 points' }).click();
      const dialog = page.getByRole('dialog', { name: 'Convert points' });
      await dialog.getByText('5,000 points will become ৳50.00 in your main wallet.').waitFor();
      await field(dialog, /^Payment password/).fill('000000');
      await dialog.getByRole('button', { name: 'Confirm' }).click();
      await dialog.getByText(/payment password is incorrect/i).waitFor();
      await screenshot(page, 'point-mall-convert-refused-desktop');
      await field(dialog, /^Payment password/).fill(paymentPassword);
      await dialog.getByRole('button', { name: 'Confirm' }).click();
      await dialog.waitFor({ state: 'detached' });
      await page.getByText('5,000 points converted: ৳50.00 added to your main wallet.').waitFor();
      await expect.poll(() => balance.textContent()).toBe('7,500');
      await expect
        .poll(async () => minorOf((await headerBalance(page).textContent()) ?? ''), { timeout: 10_000 })
        .toBe(cashBefore + 5_000n);

      await page.getByRole('tab', { name: 'Redeem history' }).click();
      const table = page.getByRole('table');
      await table.getByText('Converted to cash').waitFor();
      await table.getByText('-5,000').waitFor();
      await table.getByText('+12,500').waitFor();
      await screenshot(page, 'point-mall-history-desktop');

      const report = await portal.app.services.wallet.verifyLedger();
      expect(report.breaches).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('works on a phone, and the member centre links to the points mall and the articles', async () => {
    const { context, page } = await open('phone');
    try {
      await logIn(page, 'phone');
      await page.goto(`${portal.baseUrl}/pointMall`);
      await expect.poll(() => page.getByTestId('points-balance').textContent()).toMatch(/^\d{1,3}(,\d{3})*$/);
      await page.getByRole('button', { name: 'Redeem: 1,000 points' }).waitFor();
      await screenshot(page, 'point-mall-member-phone');
      await page.getByLabel('Points to convert').scrollIntoViewIfNeeded();
      await screenshot(page, 'point-mall-convert-phone');
      await page.getByRole('tab', { name: 'Redeem history' }).click();
      await page.getByText('Converted to cash').first().waitFor();
      await screenshot(page, 'point-mall-history-phone');

      await page.goto(`${portal.baseUrl}/member`);
      const more = page.getByRole('navigation', { name: 'More in the portal' });
      await more.getByRole('link', { name: 'Points mall' }).waitFor();
      await more.getByRole('link', { name: 'News' }).scrollIntoViewIfNeeded();
      await screenshot(page, 'member-more-links-phone');
      await more.getByRole('link', { name: 'Beginner guide' }).click();
      await page.waitForURL(/\/guide$/);
      await page.getByRole('heading', { level: 1, name: 'Beginner guide' }).waitFor();
    } finally {
      await context.close();
    }
  });

  it('the member centre lists the points mall, news, blog and guide links beside its pages (desktop)', async () => {
    const { context, page } = await open('desktop');
    try {
      await logIn(page, 'desktop');
      await page.goto(`${portal.baseUrl}/member`);
      const more = page.getByRole('navigation', { name: 'More in the portal' });
      for (const name of ['Points mall', 'News', 'Blog', 'Beginner guide']) {
        await more.getByRole('link', { name }).waitFor();
      }
      await screenshot(page, 'member-more-links-desktop');
      await more.getByRole('link', { name: 'Points mall' }).click();
      await page.getByRole('heading', { level: 1, name: 'Points mall' }).waitFor();
    } finally {
      await context.close();
    }
  });

  it('an operator adds goods, the member redeems them, the operator approves, the member sees it Approved', async () => {
    const consoleTab = await open('desktop');
    const member = await open('desktop');
    const operator = consoleTab.page;
    try {
      await signInOperator(operator, portal.baseUrl, 'owner', ownerPassword);

      const nav = operator.getByRole('navigation', { name: 'Console navigation' });
      await nav.getByRole('link', { name: 'Points mall' }).click();
      await operator.getByRole('heading', { level: 1, name: 'Points mall' }).waitFor();
      await operator.getByRole('tab', { name: 'Goods' }).click();
      await operator.getByRole('button', { name: 'Add goods' }).click();
      const editor = operator.getByRole('dialog', { name: 'Add goods' });
      await field(editor, /^Name \(English\)/).fill('Travel mug');
      await field(editor, /^Name \(Bengali\)/).fill('ভ্রমণ মগ');
      await field(editor, /^Price in points/).fill('2000');
      await field(editor, /^Stock/).fill('3');
      await screenshot(operator, 'backoffice-points-goods-editor-desktop');
      await editor.getByRole('button', { name: 'Save' }).click();
      await editor.waitFor({ state: 'detached' });
      await operator.getByRole('cell', { name: /Travel mug/ }).waitFor();
      await screenshot(operator, 'backoffice-points-goods-desktop');
      await operator.getByRole('tab', { name: 'Settings' }).click();
      await operator.getByRole('button', { name: 'Save settings' }).waitFor();
      await screenshot(operator, 'backoffice-points-settings-desktop');

      await logIn(member.page, 'desktop');
      await member.page.goto(`${portal.baseUrl}/pointMall`);
      const balance = member.page.getByTestId('points-balance');
      const before = BigInt(((await balance.textContent()) ?? '0').replace(/,/g, '') || '0');
      await expect.poll(async () => ((await balance.textContent()) ?? '').length).toBeGreaterThan(0);
      await member.page.getByRole('heading', { name: 'Goods', exact: true }).waitFor();
      await screenshot(member.page, 'point-mall-goods-desktop');
      await member.page.getByRole('button', { name: 'Redeem: Travel mug' }).click();
      const dialog = member.page.getByRole('dialog', { name: 'Redeem Travel mug' });
      await field(dialog, /^Receiving address/).fill('House 12, Road 5, Dhanmondi, Dhaka');
      await field(dialog, /^Mobile number/).fill('+8801711000000');
      await field(dialog, /^Payment password/).fill(paymentPassword);
      await screenshot(member.page, 'point-mall-goods-redeem-desktop');
      await dialog.getByRole('button', { name: 'Redeem', exact: true }).click();
      await dialog.waitFor({ state: 'detached' });
      const held = before > 0n ? before - 2_000n : null;
      if (held !== null) {
        await expect.poll(async () => ((await balance.textContent()) ?? '').replace(/,/g, '')).toBe(String(held));
      }
      await member.page.getByRole('tab', { name: 'Redeem history' }).click();
      const redemptions = member.page.getByRole('region', { name: 'Goods redemptions' });
      await redemptions.getByText('Travel mug').waitFor();
      await redemptions.getByText('In process').waitFor();
      await screenshot(member.page, 'point-mall-goods-in-process-desktop');

      await operator.getByRole('tab', { name: 'Redemptions' }).click();
      await operator.reload();
      await operator.getByRole('cell', { name: 'Travel mug' }).waitFor();
      await screenshot(operator, 'backoffice-points-queue-desktop');
      await operator
        .getByRole('row', { name: /Travel mug/ })
        .getByRole('button', { name: 'Approve' })
        .click();
      const decide = operator.getByRole('dialog', { name: /^Approve redemption/ });
      await field(decide, /^Remark/).fill('Sent by courier, arrives in 3 days');
      await screenshot(operator, 'backoffice-points-approve-desktop');
      await decide.getByRole('button', { name: 'Approve' }).click();
      await decide.waitFor({ state: 'detached' });
      await operator.getByText('Redemption approved.').first().waitFor();

      await member.page.reload();
      await member.page.getByRole('tab', { name: 'Redeem history' }).click();
      await redemptions.getByText('Approved').waitFor();
      await redemptions.getByText('Sent by courier, arrives in 3 days').waitFor();
      await member.page.getByRole('table').getByText('Redeemed for goods').waitFor();
      await screenshot(member.page, 'point-mall-goods-approved-desktop');

      const report = await portal.app.services.wallet.verifyLedger();
      expect(report.breaches).toEqual([]);
    } catch (error) {
      await screenshot(operator, 'point-mall-goods-failure-console').catch(() => undefined);
      await screenshot(member.page, 'point-mall-goods-failure-portal').catch(() => undefined);
      throw error;
    } finally {
      await consoleTab.context.close();
      await member.context.close();
    }
  });

  it('shows the goods and the redemptions on a phone', async () => {
    const { context, page } = await open('phone');
    try {
      await logIn(page, 'phone');
      await page.goto(`${portal.baseUrl}/pointMall`);
      await page.getByRole('heading', { name: 'Goods', exact: true }).scrollIntoViewIfNeeded();
      await page.getByRole('button', { name: 'Redeem: Travel mug' }).waitFor();
      await screenshot(page, 'point-mall-goods-phone');
      await page.getByRole('tab', { name: 'Redeem history' }).click();
      await page.getByRole('region', { name: 'Goods redemptions' }).getByText('Approved').waitFor();
      await screenshot(page, 'point-mall-goods-history-phone');
    } finally {
      await context.close();
    }
  });
});

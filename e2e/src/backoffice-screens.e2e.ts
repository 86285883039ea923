import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { artifactsDir, launchBrowser, newPage, type Portal, screenshot, startPortal } from './harness';
import { signInOperator } from './operator-console';

/**
 * Every screen of the operator console at 1366x768 with the demo data (plus the vendors' catalogue and a manual
 * deposit waiting for review), signed in as the owner (who may open
 * all of them) after two-step verification. Each screen must show its heading, fit the window's width (no
 * sideways scrolling of the page; wide tables scroll inside their own frame), give every table a header row,
 * show no translation key instead of text and log no error to the console. A screenshot of each goes to
 * test-results/e2e/bo-screen-<name>.png (and the whole page in -full.png) for a person to look at.
 */

const ownerPassword = 'Owner#Portal2026!';
const demoPlayer = { username: 'demo_player', password: 'Player#2026demo' };
/** A 24×16 PNG, as a member's phone would upload a receipt. */
const receiptPng = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAABgAAAAQCAYAAAAMJL+VAAAAMUlEQVR4AbXBAQEAIAyAME4aIxrRVj4F25z7PiGJSUxiEpOYxCQmMYlJTGISk5jEJLbw5gKHSqt0LwAAAABJRU5ErkJggg==',
  'base64',
);

/** Every route of the console (app/paths.ts) with the heading it shows. The player page is reached by a click. */
const screens = [
  { name: 'dashboard', path: '/dashboard', heading: 'Dashboard' },
  { name: 'players', path: '/players', heading: 'Players and agents' },
  { name: 'adjustments', path: '/adjustments', heading: 'Balance adjustments' },
  { name: 'deposits', path: '/cashier/deposits', heading: 'Deposits' },
  { name: 'withdrawals', path: '/cashier/withdrawals', heading: 'Withdrawals' },
  { name: 'deposit-channels', path: '/cashier/deposit-channels', heading: 'Deposit channels' },
  { name: 'games', path: '/games', heading: 'Games' },
  { name: 'reports', path: '/reports', heading: 'Reports' },
  { name: 'announcements', path: '/content/announcements', heading: 'Announcements' },
  { name: 'articles', path: '/content/articles', heading: 'Articles' },
  { name: 'messages', path: '/content/messages', heading: 'Inbox messages' },
  { name: 'feedback', path: '/content/feedback', heading: 'Feedback' },
  { name: 'help', path: '/content/help', heading: 'Help centre' },
  { name: 'live-chat', path: '/live-chat', heading: 'Live chat' },
  { name: 'settings', path: '/settings', heading: 'Site settings' },
  { name: 'features', path: '/features', heading: 'Feature switches' },
  { name: 'registration', path: '/registration', heading: 'Registration rules' },
  { name: 'customer-service', path: '/customer-service', heading: 'Customer service' },
  { name: 'operators', path: '/operators', heading: 'Operators' },
  { name: 'audit', path: '/audit', heading: 'Audit log' },
  { name: 'not-found', path: '/no-such-screen', heading: null },
] as const;

/** Translation keys of the console's namespaces, shown when a text is missing (`players.columns.account`). */
const translationKey =
  /\b(?:ui|nav|players|cashier|audit|content|games|reports|adjustments|dashboard|operators|settings|features|registration|customerService|liveChat|depositChannels|auth|errors)\.[a-z][A-Za-z]+(?:\.[A-Za-z]+)*\b/;

let browser: Browser;
let portal: Portal;
let context: BrowserContext;
let page: Page;
/** Console errors and uncaught exceptions since the last screen was checked. */
let errors: string[] = [];

/** Waits until the screen has no loading skeleton or spinner left (data shown, or its empty state). */
async function settled(): Promise<void> {
  await expect.poll(() => page.locator('.ui-skeleton, [aria-busy="true"]').count(), { timeout: 15_000 }).toBe(0);
  // The Bengali faces load when a Bengali letter first needs them: a picture taken before shows boxes.
  await page.evaluate(() => document.fonts.ready);
}

/** The window as the operator first sees it, and the whole page below it for a person reviewing the layout. */
async function screenshots(name: string): Promise<void> {
  await screenshot(page, `bo-screen-${name}`);
  await page.screenshot({ path: path.join(artifactsDir, `bo-screen-${name}-full.png`), fullPage: true });
}

/**
 * Elements among `selectors` whose (Bengali) text was drawn without the Bengali face, from the fonts Chromium used
 * for each: with none of Noto Sans Bengali, the letters came from a fallback font and show as boxes.
 */
async function bengaliDrawnWithoutItsFace(selectors: string[]): Promise<string[]> {
  const cdp = await page.context().newCDPSession(page);
  try {
    await cdp.send('DOM.enable');
    await cdp.send('CSS.enable');
    const { root } = await cdp.send('DOM.getDocument', { depth: 0 });
    const found: string[] = [];
    for (const selector of selectors) {
      const { nodeIds } = await cdp.send('DOM.querySelectorAll', { nodeId: root.nodeId, selector });
      for (const nodeId of nodeIds) {
        const { fonts } = await cdp.send('CSS.getPlatformFontsForNode', { nodeId });
        if (fonts.length > 0 && !fonts.some((font) => font.familyName === 'Noto Sans Bengali')) {
          found.push(`Bengali drawn without its face: ${selector}`);
        }
      }
    }
    return found;
  } finally {
    await cdp.detach();
  }
}

/** What a screen must satisfy besides its heading; returns the problems found. */
async function layoutProblems(): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = [];
    const scroller = document.scrollingElement ?? document.documentElement;
    if (scroller.scrollWidth > window.innerWidth) {
      problems.push(`page scrolls sideways: ${scroller.scrollWidth}px > ${window.innerWidth}px`);
    }
    for (const table of Array.from(document.querySelectorAll('main table'))) {
      if (table.querySelectorAll('thead th').length === 0) problems.push('a table without a header row');
    }
    // A table may scroll inside its frame on a phone, but at this width it must fit: nothing hides at its right.
    for (const wrap of Array.from(document.querySelectorAll('main .ui-table-wrap'))) {
      if (wrap.scrollWidth > wrap.clientWidth + 1) {
        const label = wrap.querySelector('table')?.getAttribute('aria-label') ?? wrap.querySelector('th')?.textContent;
        problems.push(`table scrolls sideways (${wrap.scrollWidth}px in ${wrap.clientWidth}px): ${label}`);
      }
    }
    // Anything drawn past the right edge of the window outside a frame that scrolls it.
    for (const element of Array.from(document.querySelectorAll('main *'))) {
      const box = element.getBoundingClientRect();
      if (box.width === 0 || box.right <= window.innerWidth + 1) continue;
      let clipped = false;
      for (let parent = element.parentElement; parent && parent !== document.body; parent = parent.parentElement) {
        const overflowX = getComputedStyle(parent).overflowX;
        if (overflowX !== 'visible') {
          clipped = true;
          break;
        }
      }
      if (!clipped)
        problems.push(`cut at the right edge: <${element.tagName.toLowerCase()} class="${element.className}">`);
    }
    return problems.slice(0, 5);
  });
}

type Envelope<T> = { success: boolean; value: T };

async function api<T>(path: string, init: RequestInit = {}): Promise<T> {
  const response = await fetch(`${portal.baseUrl}${path}`, init);
  const json = (await response.json()) as Envelope<T>;
  if (!json.success) throw new Error(`${init.method ?? 'GET'} ${path}: ${JSON.stringify(json)}`);
  return json.value;
}

/** Rows for the screens that list work: the vendors' catalogue and a manual deposit waiting for review. */
async function demoActivity(): Promise<void> {
  await portal.app.services.gaming.syncCatalogue();
  const { token } = await api<{ token: string }>('/wps/session/login', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(demoPlayer),
  });
  const form = new FormData();
  form.append('channelCode', 'MANUAL_BANK');
  form.append('amount', '2500');
  form.append('reference', 'SCREENS-1');
  form.append('receipts', new Blob([receiptPng], { type: 'image/png' }), 'receipt.png');
  await api('/wps/cashier/deposit/manual', {
    method: 'POST',
    headers: { authorization: token, 'idempotency-key': 'e2e-screens-deposit' },
    body: form,
  });
}

beforeAll(async () => {
  browser = await launchBrowser();
  // An approval limit of 1,000.00, so the adjustment form has something to say about the amount.
  portal = await startPortal({
    devTools: true,
    seedDemo: true,
    boOwnerPassword: ownerPassword,
    boAdjustmentApprovalThresholdMinor: 100_000n,
  });
  await demoActivity();
  ({ context, page } = await newPage(browser, 'desktop'));
  await signInOperator(page, portal.baseUrl, 'owner', ownerPassword);
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`console: ${message.text()} (${message.location().url})`);
  });
  page.on('pageerror', (error) => errors.push(`exception: ${error.message}`));
});

afterAll(async () => {
  await context?.close();
  await browser?.close();
  await portal?.close();
});

describe('every console screen at 1366x768', () => {
  for (const screen of screens) {
    it(`shows ${screen.name} whole, with its heading, translated, without errors`, async () => {
      errors = [];
      await page.goto(`${portal.baseUrl}/backoffice${screen.path}`);
      const heading = page.getByRole('heading', { level: 1 });
      if (screen.heading) await page.getByRole('heading', { level: 1, name: screen.heading }).waitFor();
      else await heading.first().waitFor();
      await settled();
      await screenshots(screen.name);
      expect(await layoutProblems()).toEqual([]);
      const text = (await page.locator('body').textContent()) ?? '';
      expect(text).not.toMatch(translationKey);
      expect(errors).toEqual([]);
    });
  }

  it('shows the games table with the synced catalogue whole, its cell controls readable', async () => {
    errors = [];
    await page.goto(`${portal.baseUrl}/backoffice/games`);
    const table = page.getByRole('table', { name: 'Games' });
    await table.getByRole('row').nth(1).waitFor();
    await table.scrollIntoViewIfNeeded();
    await screenshot(page, 'bo-screen-games-table');
    expect(await layoutProblems()).toEqual([]);
    // Every choice of the hot select shows whole: the select is at least as wide as its text needs.
    const cut = await table
      .locator('select')
      .first()
      .evaluate((select) => select.scrollWidth > select.clientWidth);
    expect(cut).toBe(false);
    expect(errors).toEqual([]);
  });

  it("shows a player's page whole, reached from the list", async () => {
    errors = [];
    await page.goto(`${portal.baseUrl}/backoffice/players`);
    await page
      .getByRole('link', { name: /demo_player/ })
      .first()
      .click();
    await page.getByRole('heading', { level: 1, name: /demo_player/ }).waitFor();
    await settled();
    await screenshots('player');
    expect(await layoutProblems()).toEqual([]);
    expect((await page.locator('body').textContent()) ?? '').not.toMatch(translationKey);

    // The adjustment form knows the player's direct total of the window and says what an amount will do.
    await page.getByRole('button', { name: 'Adjust balance' }).click();
    const dialog = page.getByRole('dialog', { name: /Adjust the balance of demo_player/ });
    await dialog
      .getByText("This player's direct adjustments in the last 24 hours: 0.00 BDT of the 1,000.00 BDT limit.")
      .waitFor();
    await dialog.getByLabel(/^Amount/).fill('250');
    await dialog.getByText('Within the limit of 1,000.00 BDT: the money moves as soon as you confirm.').waitFor();
    await screenshot(page, 'bo-screen-player-adjust');
    await dialog.getByLabel(/^Amount/).fill('1000.01');
    await dialog.getByText(/Above the limit of 1,000.00 BDT/).waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    expect(errors).toEqual([]);
  });

  it('shows every screen in Bengali as well: translated, whole, without errors', async () => {
    errors = [];
    await page.goto(`${portal.baseUrl}/backoffice/dashboard`);
    await page.locator('button[lang="bn"]').click();
    await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('bn');
    const problems: Record<string, string[]> = {};
    for (const screen of screens) {
      await page.goto(`${portal.baseUrl}/backoffice${screen.path}`);
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      await settled();
      await screenshot(page, `bo-screen-bn-${screen.name}`);
      const found = await layoutProblems();
      found.push(...(await bengaliDrawnWithoutItsFace(['.bo-sidebar__product', '.bo-nav__heading', 'h1'])));
      const text = (await page.locator('body').textContent()) ?? '';
      if (translationKey.test(text)) found.push(`translation key shown: ${text.match(translationKey)?.[0]}`);
      // The English heading must not be left over: every heading has its Bengali text.
      if (screen.heading && (await page.getByRole('heading', { level: 1, name: screen.heading }).count()) > 0) {
        found.push(`heading still in English: ${screen.heading}`);
      }
      if (found.length > 0) problems[screen.name] = found;
    }
    await page.locator('button[lang="en"]').click();
    await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('en');
    expect(problems).toEqual({});
    expect(errors).toEqual([]);
  });

  it('shows the wide tables on a phone (390x844) as cards, nothing cut or scrolling sideways', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    try {
      const problems: Record<string, string[]> = {};
      for (const name of ['deposit-channels', 'operators', 'adjustments', 'audit'] as const) {
        const screen = screens.find((entry) => entry.name === name);
        if (!screen) throw new Error(`no screen ${name}`);
        await page.goto(`${portal.baseUrl}/backoffice${screen.path}`);
        await page.getByRole('heading', { level: 1 }).first().waitFor();
        await settled();
        await screenshot(page, `bo-screen-phone-${name}`);
        const found = await layoutProblems();
        if (found.length > 0) problems[name] = found;
      }
      expect(problems).toEqual({});
      // Deposit channels: the change date and its time each stay on one line.
      await page.goto(`${portal.baseUrl}/backoffice/cashier/deposit-channels`);
      const when = page.locator('.bo-channels__when').first();
      expect(await when.evaluate((node) => getComputedStyle(node).whiteSpace)).toBe('nowrap');
    } finally {
      await page.setViewportSize({ width: 1366, height: 768 });
    }
  });

  it('sorts the players list from a column header, on the server', async () => {
    errors = [];
    await page.goto(`${portal.baseUrl}/backoffice/players`);
    await page.getByRole('heading', { level: 1, name: 'Players and agents' }).waitFor();
    await settled();
    const header = page.getByRole('columnheader', { name: /Account/ });
    const asked = page.waitForRequest((request) => /\/bo\/api\/players\?.*sort=username/.test(request.url()));
    await header.getByRole('button').click();
    expect((await asked).url()).toContain('order=asc');
    await expect.poll(() => header.getAttribute('aria-sort')).toBe('ascending');
    // The rows the server sent in its order (the old page stays on screen until they arrive).
    const names = () => page.locator('a.bo-players__link').allInnerTexts();
    await expect.poll(names).toEqual(['demo_agent', 'demo_member1', 'demo_member2', 'demo_member3', 'demo_player']);
    await screenshots('players-sorted');
    expect(errors).toEqual([]);
  });
});

import { createRequire } from 'node:module';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, type Portal, revealFooter, screenshot, startPortal, viewports } from './harness';
import { signInOperator } from './operator-console';

/**
 * Content in real Chromium against the real server with the demo content: a visitor gets the announcement popup
 * once per session, the notice marquee (a notice opens the notice popup) and the banner carousel; a member reads
 * an operator's message in the inbox and the mail dot goes out; feedback is sent with the captcha.
 */

type Viewport = keyof typeof viewports;

const demoPlayer = { username: 'demo_player', password: 'Player#2026demo' };
const ownerPassword = 'Owner#Content2026!';

const axeSource = (createRequire(import.meta.url)('axe-core') as { source: string }).source;
type AxeViolation = { id: string; impact: string | null; help: string; nodes: { target: string[] }[] };

/** The serious and critical axe-core violations of the page as it stands. */
async function seriousViolations(page: Page): Promise<string[]> {
  // Evaluated through the DevTools protocol: the portal's Content Security Policy rightly refuses inline scripts.
  await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (context: Document) => Promise<{ violations: unknown[] }> } }).axe;
    return (await axe.run(document)).violations;
  });
  return (violations as AxeViolation[])
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.id}: ${violation.help} at ${violation.nodes.map((n) => n.target.join(' ')).join(', ')}`,
    );
}

let browser: Browser;
let portal: Portal;
let nextAddress = 40;

beforeAll(async () => {
  browser = await launchBrowser();
  // No game vendors: this journey is about content (and needs no vendor simulator).
  portal = await startPortal({
    devTools: true,
    seedDemo: true,
    trustedProxies: ['127.0.0.1'],
    boOwnerPassword: ownerPassword,
    hub88: null,
    tcg: null,
  });
});

afterAll(async () => {
  await browser?.close();
  await portal?.close();
});

async function open(viewport: Viewport, options: { popups?: boolean } = {}) {
  nextAddress += 1;
  const opened = await newPage(browser, viewport, {
    headers: { 'x-forwarded-for': `198.51.100.${nextAddress}` },
    ...options,
  });
  await opened.page.emulateMedia({ reducedMotion: 'reduce' });
  return opened;
}

async function tokenOf(): Promise<string> {
  const response = await fetch(`${portal.baseUrl}/wps/session/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': '198.51.100.200' },
    body: JSON.stringify(demoPlayer),
  });
  const json = (await response.json()) as { success: boolean; value: { token: string } };
  if (!json.success) throw new Error(`login: ${JSON.stringify(json)}`);
  return json.value.token;
}

async function imageLoaded(page: Page, selector: string): Promise<boolean> {
  return page
    .locator(selector)
    .first()
    .evaluate((image) => (image as HTMLImageElement).complete && (image as HTMLImageElement).naturalWidth > 0);
}

describe('content', () => {
  it("arrives with the site's first home banner in the start-up cover, which the app keeps until the page is in", async () => {
    const html = await (await fetch(portal.baseUrl, { headers: { accept: 'text/html' } })).text();
    expect(html).toContain(
      '<div class="ui-cover__promo"><img src="/wps/content/media/welcome-bonus.svg" alt="70% first deposit bonus" width="1200" height="400" fetchpriority="high"></div>',
    );
    // The app's entry module, which early-requests.js starts after the first paint.
    const entry = /<link rel="modulepreload" crossorigin href="([^"]+)" data-app-entry>/.exec(html)?.[1];
    expect(entry).toMatch(/^\/assets\/index-.+\.js$/);
    const { context, page } = await open('phone');
    try {
      // The entry held back: the page stays as the server sent it, whatever the machine's speed.
      let release: () => void = () => undefined;
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      let asked = 0;
      await page.route(`${portal.baseUrl}${entry}`, async (route) => {
        asked += 1;
        await held;
        await route.continue();
      });
      await page.goto(portal.baseUrl, { waitUntil: 'commit' });
      const promo = page.locator('.ui-cover .ui-cover__promo img');
      await promo.waitFor();
      await expect.poll(() => imageLoaded(page, '.ui-cover .ui-cover__promo img'), { timeout: 10_000 }).toBe(true);
      const box = await promo.boundingBox();
      // Across the phone (8 px each side) at the banners' 3:1.
      expect(box?.width).toBe(374);
      expect(Math.round(box?.height ?? 0)).toBe(125);
      await screenshot(page, 'content-startup-promo-phone');
      expect(asked).toBeGreaterThan(0);
      expect(await page.locator('header').count()).toBe(0);
      release();
      await page.getByRole('region', { name: 'Featured promotions' }).waitFor();
      await page.locator('.ui-cover').waitFor({ state: 'detached' });
    } finally {
      await context.close();
    }
  });

  for (const viewport of ['desktop', 'phone'] as Viewport[]) {
    it(`shows a visitor the popup once, the marquee and the banners (${viewport})`, async () => {
      const { context, page } = await open(viewport, { popups: true });
      try {
        await page.goto(portal.baseUrl);
        const popup = page.getByRole('dialog', { name: 'Announcements' });
        await popup.waitFor();
        await popup.getByRole('heading', { name: 'Welcome: 70% bonus on your first deposit' }).waitFor();
        // The visitors' popups only: the first-login one is not among the titles.
        expect(await popup.getByRole('button', { name: /Welcome aboard/ }).count()).toBe(0);
        await screenshot(page, `content-popup-${viewport}`);
        expect(await seriousViolations(page)).toEqual([]);
        await popup.getByRole('button', { name: 'Close' }).last().click();
        await popup.waitFor({ state: 'detached' });

        const marquee = page.getByRole('region', { name: 'Notices' });
        await marquee.waitFor();
        const banners = page.getByRole('region', { name: 'Featured promotions' });
        await banners.waitFor();
        await expect.poll(() => imageLoaded(page, '.content-banner img'), { timeout: 10_000 }).toBe(true);
        await screenshot(page, `content-home-${viewport}`);
        expect(await seriousViolations(page)).toEqual([]);

        // A notice on the marquee opens the notice popup at that notice.
        await marquee
          .getByRole('button', { name: /Instant deposits with bKash/ })
          .first()
          .click();
        const notices = page.getByRole('dialog', { name: 'Notices' });
        await notices
          .getByRole('heading', { name: 'Instant deposits with bKash and Nagad are now available' })
          .waitFor();
        await screenshot(page, `content-notice-${viewport}`);
        await notices.getByRole('button', { name: 'Close' }).last().click();

        // Once per session: a reload does not show the popup again.
        await page.reload();
        await page.getByRole('region', { name: 'Notices' }).waitFor();
        await page.waitForTimeout(500);
        expect(await page.getByRole('dialog', { name: 'Announcements' }).count()).toBe(0);

        // The promotions page: the promotion banners and the running promotions as cards.
        await page.goto(`${portal.baseUrl}/promotions`);
        await page.getByRole('heading', { level: 2, name: '৳7,777 for every friend you invite' }).waitFor();
        await page.getByRole('region', { name: 'Promotion highlights' }).waitFor();
        await screenshot(page, `content-promotions-${viewport}`);
      } finally {
        await context.close();
      }
    });
  }

  for (const viewport of ['desktop', 'phone'] as Viewport[]) {
    it(`lets a visitor read a beginner guide from the footer, and open the winners page (${viewport})`, async () => {
      const { context, page } = await open(viewport);
      try {
        await page.goto(portal.baseUrl);
        // The footer's help links lead to the article sections.
        await (await revealFooter(page)).getByRole('link', { name: 'Beginner guide' }).click();
        await page.getByRole('heading', { level: 1, name: 'Beginner guide' }).waitFor();
        await page.getByRole('link', { name: 'How to make your first deposit' }).waitFor();
        await screenshot(page, `content-guides-${viewport}`);
        expect(await seriousViolations(page)).toEqual([]);

        await page.getByRole('link', { name: 'How to make your first deposit' }).click();
        await page.getByRole('heading', { level: 1, name: 'How to make your first deposit' }).waitFor();
        await page.getByRole('heading', { name: 'Step 1: open Deposit' }).waitFor();
        expect(new URL(page.url()).pathname).toMatch(/^\/guide\/\d+$/);
        await screenshot(page, `content-guide-article-${viewport}`);
        expect(await seriousViolations(page)).toEqual([]);

        // The tabs lead to the other sections; an unknown article answers with the translated not-found text.
        await page.getByRole('navigation', { name: 'Article sections' }).getByRole('link', { name: 'News' }).click();
        await page.getByRole('heading', { level: 1, name: 'News' }).waitFor();
        await page.goto(`${portal.baseUrl}/news/999999`);
        await page.getByText('The article was not found or is not published').waitFor();

        // The winners page (this portal has no game vendors, so nobody has won yet).
        await page.goto(`${portal.baseUrl}/winners`);
        await page.getByRole('heading', { level: 1, name: 'Winners' }).waitFor();
        await screenshot(page, `content-winners-${viewport}`);
        expect(await seriousViolations(page)).toEqual([]);
      } finally {
        await context.close();
      }
    });
  }

  it('lets a member read a message from the operator, and the mail dot goes out', async () => {
    const member = await portal.app.services.identity.findAccountByUsername(demoPlayer.username);
    if (!member) throw new Error('demo player missing');
    await portal.app.services.content.sendOperatorMessage(
      { to: { username: demoPlayer.username }, title: 'Your weekly cashback', content: 'We added 5% cashback.' },
      { username: 'e2e' },
    );
    const token = await tokenOf();
    for (const viewport of ['desktop', 'phone'] as Viewport[]) {
      const { context, page } = await open(viewport);
      try {
        await context.addInitScript((value) => window.sessionStorage.setItem('token', value), token);
        await page.goto(`${portal.baseUrl}/member?page=messageV2`);
        const inbox = page.getByRole('region', { name: 'Messages' });
        await inbox.getByRole('button', { name: /Your weekly cashback/ }).waitFor();
        if (viewport === 'desktop') {
          await page.getByTestId('mail-unread-dot').waitFor();
          await screenshot(page, `content-inbox-unread-${viewport}`);
          await inbox.getByRole('button', { name: /Your weekly cashback/ }).click();
          await inbox.getByText('We added 5% cashback.').waitFor();
          await page.getByTestId('mail-unread-dot').waitFor({ state: 'detached' });
          expect((await portal.app.services.content.unreadCount(member.id)).count).toBe(0);
        } else {
          await inbox.getByRole('button', { name: /Your weekly cashback/ }).click();
          await inbox.getByText('We added 5% cashback.').waitFor();
        }
        await screenshot(page, `content-inbox-${viewport}`);
        expect(await seriousViolations(page)).toEqual([]);
      } finally {
        await context.close();
      }
    }
  });

  it('sends feedback with the captcha and closes the dialog', async () => {
    for (const viewport of ['desktop', 'phone'] as Viewport[]) {
      const before = await portal.app.services.content.countFeedback();
      const { context, page } = await open(viewport);
      try {
        await page.goto(portal.baseUrl);
        await (await revealFooter(page)).getByRole('button', { name: 'Feedback' }).click();
        const dialog = page.getByRole('dialog', { name: 'Feedback' });
        await dialog.waitFor();
        const captchaImage = dialog.getByRole('img', { name: 'Captcha image' });
        await captchaImage.waitFor();
        // An empty form is refused in place, nothing is sent.
        await dialog.getByRole('button', { name: 'Send feedback' }).click();
        await dialog.getByText('Description is empty').waitFor();
        await dialog.getByRole('combobox', { name: /Type/ }).selectOption('4');
        await dialog.getByRole('textbox', { name: /^Description/ }).fill('  Live chat answered quickly, thank you!  ');
        await dialog.getByRole('textbox', { name: /^Your name/ }).fill('Rahim');
        const captchaId = await captchaImage.getAttribute('data-captcha-id');
        const answer = (await (await fetch(`${portal.baseUrl}/dev/captcha/${captchaId}`)).json()) as {
          value: { answer: string };
        };
        await dialog.getByRole('textbox', { name: /^Captcha/ }).fill(answer.value.answer);
        await screenshot(page, `content-feedback-${viewport}`);
        expect(await seriousViolations(page)).toEqual([]);
        await dialog.getByRole('button', { name: 'Send feedback' }).click();
        await dialog.waitFor({ state: 'detached' });
        await page.getByText('Thank you! Your feedback was sent.').waitFor();
        expect(await portal.app.services.content.countFeedback()).toBe(before + 1);
      } finally {
        await context.close();
      }
    }
    const latest = await portal.app.services.content.listFeedback({ pageNo: 1, pageSize: 1 });
    expect(latest.content[0]).toMatchObject({
      type: 4,
      sender: 'Rahim',
      content: 'Live chat answered quickly, thank you!',
    });
  });

  it('shows operators the announcements (with a cleaned preview), messages and feedback pages', async () => {
    const { context, page } = await open('desktop');
    try {
      await signInOperator(page, portal.baseUrl, 'owner', ownerPassword);
      await page.getByRole('link', { name: 'Announcements' }).waitFor();
      await page.getByRole('link', { name: 'Announcements' }).click();
      await page.getByRole('heading', { level: 1, name: 'Announcements' }).waitFor();
      const row = page.getByRole('row', { name: /Welcome: 70% bonus/ });
      await row.waitFor();
      await screenshot(page, 'content-bo-announcements-desktop');

      await row.getByRole('button', { name: 'Edit' }).click();
      const editor = page.getByRole('dialog', { name: 'Edit announcement' });
      await editor.getByRole('checkbox', { name: 'Visitors' }).waitFor();
      await screenshot(page, 'content-bo-announcement-form-desktop');
      await editor
        .getByLabel('Content (English, HTML)')
        .fill('<p onclick="steal()">Hello <script>alert(1)</script>players</p>');
      await editor.getByRole('button', { name: 'Preview' }).click();
      const preview = editor.getByRole('region', { name: 'As players will see it' });
      await preview.getByText('Hello players').waitFor();
      expect(await preview.locator('script').count()).toBe(0);
      expect(await preview.locator('[onclick]').count()).toBe(0);
      await screenshot(page, 'content-bo-announcement-editor-desktop');
      await editor.getByRole('button', { name: 'Cancel' }).first().click();

      await page.getByRole('link', { name: 'Inbox messages' }).click();
      await page.getByRole('heading', { level: 1, name: 'Inbox messages' }).waitFor();
      await page.getByRole('cell', { name: /Your weekly cashback/ }).waitFor();
      await screenshot(page, 'content-bo-messages-desktop');

      await page.getByRole('link', { name: 'Feedback' }).click();
      await page.getByRole('heading', { level: 1, name: 'Feedback' }).waitFor();
      const item = page.getByRole('row', { name: /Live chat answered quickly/ }).first();
      await item.waitFor();
      await screenshot(page, 'content-bo-feedback-desktop');
      await page.setViewportSize(viewports.phone);
      await screenshot(page, 'content-bo-feedback-phone');
      await page.setViewportSize(viewports.desktop);
      await item.getByRole('button', { name: 'Mark resolved' }).click();
      await expect
        .poll(
          async () =>
            (await portal.app.services.content.listFeedback({ status: 'open', pageNo: 1, pageSize: 50 })).total,
        )
        .toBeLessThan(2);
    } finally {
      await context.close();
    }
  });

  it('opens the live chat docked over the page from the floating bar, and Escape closes it', async () => {
    // Last in the file: it adds the live-chat channel (the demo site has none) and the other journeys do not expect it.
    await portal.app.services.system.setCustomerService([
      { csType: 'LIVECHAT', title: 'Live chat', url: 'https://chat.example.com/x', sort: 1, enabled: true },
    ]);
    const { context, page } = await open('desktop');
    try {
      await page.goto(portal.baseUrl);
      const bar = page.getByRole('complementary', { name: 'Quick links' });
      const liveChat = bar.getByRole('link', { name: 'Live chat' });
      await liveChat.click();
      const panel = page.getByRole('dialog', { name: 'Live chat' });
      await panel.waitFor();
      expect(new URL(page.url()).pathname).toBe('/');
      await expect.poll(() => panel.evaluate((element) => element.contains(document.activeElement))).toBe(true);
      await screenshot(page, 'content-live-chat-panel-desktop');
      expect(await seriousViolations(page)).toEqual([]);
      await page.keyboard.press('Escape');
      await panel.waitFor({ state: 'detached' });
      expect(await liveChat.evaluate((element) => element === document.activeElement)).toBe(true);
    } finally {
      await context.close();
    }
  });
});

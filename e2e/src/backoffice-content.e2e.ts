import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, type Portal, revealFooter, screenshot, startPortal } from './harness';
import { consoleNav, field, openConsole } from './operator-console';

/**
 * The back office's content area as players then see it: an operator edits a help-centre article and the portal's
 * /help shows the new text at once; a member sends feedback, an operator replies in the console, and the member finds
 * the reply, quoting their feedback, in their inbox. Also the segment form of inbox messages, counted before sending.
 */

const ownerPassword = 'Owner#Content2026bo!';
const demoPlayer = { username: 'demo_player', password: 'Player#2026demo' };

let browser: Browser;
let portal: Portal;
let consoleContext: BrowserContext;
let operator: Page;
let nextAddress = 60;

/** A player's browser (its own address, so the per-address limits of one journey do not meet another's). */
async function playerPage(): Promise<{ context: BrowserContext; page: Page }> {
  nextAddress += 1;
  const opened = await newPage(browser, 'desktop', { headers: { 'x-forwarded-for': `198.51.100.${nextAddress}` } });
  await opened.page.emulateMedia({ reducedMotion: 'reduce' });
  return opened;
}

async function memberToken(): Promise<string> {
  const response = await fetch(`${portal.baseUrl}/wps/session/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': '198.51.100.250' },
    body: JSON.stringify(demoPlayer),
  });
  const json = (await response.json()) as { success: boolean; value: { token: string } };
  if (!json.success) throw new Error(`login: ${JSON.stringify(json)}`);
  return json.value.token;
}

beforeAll(async () => {
  browser = await launchBrowser();
  // No game vendors: these journeys are about content.
  portal = await startPortal({
    devTools: true,
    seedDemo: true,
    trustedProxies: ['127.0.0.1'],
    boOwnerPassword: ownerPassword,
    hub88: null,
    tcg: null,
  });
  ({ context: consoleContext, page: operator } = await openConsole(browser, portal.baseUrl, 'owner', ownerPassword));
});

afterAll(async () => {
  await consoleContext?.close();
  await browser?.close();
  await portal?.close();
});

describe('the back office content area, as players see it', () => {
  it("an operator edits a help-centre article; the portal's /help shows it at once", async () => {
    const title = `How do I top up my balance? ${Date.now().toString(36)}`;
    const player = await playerPage();
    try {
      // Before: the player's help centre has the seeded article (and the server has cached it).
      await player.page.goto(`${portal.baseUrl}/help#deposit`);
      const help = player.page.getByRole('dialog', { name: 'Help centre' });
      await help.getByText('How do I deposit?').first().waitFor();

      await consoleNav(operator).getByRole('link', { name: 'Help centre' }).click();
      await operator.getByRole('heading', { level: 1, name: 'Help centre' }).waitFor();
      await operator.getByRole('region', { name: 'FAQ' }).waitFor();
      await screenshot(operator, 'backoffice-content-help-list-desktop');
      await operator.getByRole('button', { name: 'Edit "How do I deposit?"' }).click();
      const editor = operator.getByRole('dialog', { name: 'Edit help article' });
      await field(editor, /^Title \(English\)/).fill(title);
      await editor
        .getByLabel('Content (English, HTML)')
        .fill('<p>Open <strong>Deposit</strong> in the member centre.</p><img src=x onerror="alert(1)">');
      await field(editor, /^Title \(Bengali\)/).fill('কিভাবে ব্যালেন্স যোগ করব?');
      await screenshot(operator, 'backoffice-content-help-editor-desktop');
      await editor.getByRole('button', { name: 'Save' }).click();
      await operator.getByText('Help article saved').first().waitFor();
      await operator.getByRole('button', { name: `Edit "${title}"` }).waitFor();

      // After: a fresh visit to /help shows the new text, cleaned of the handler.
      await player.page.goto(portal.baseUrl);
      await player.page.goto(`${portal.baseUrl}/help#deposit`);
      await help.getByText(title).first().waitFor();
      await help.getByText('in the member centre.', { exact: false }).first().waitFor();
      expect(await help.locator('[onerror]').count()).toBe(0);
      await screenshot(player.page, 'backoffice-content-help-shown-desktop');
    } catch (error) {
      await screenshot(operator, 'backoffice-content-help-failure-console').catch(() => undefined);
      await screenshot(player.page, 'backoffice-content-help-failure-portal').catch(() => undefined);
      throw error;
    } finally {
      await player.context.close();
    }
  });

  it('a member sends feedback, an operator replies, and the member reads the reply in the inbox', async () => {
    const text = `My deposit took an hour ${Date.now().toString(36)}`;
    const reply = 'Sorry for the wait: the bank was slow today. It is credited now.';
    const token = await memberToken();
    const player = await playerPage();
    try {
      await player.context.addInitScript((value) => window.sessionStorage.setItem('token', value), token);
      await player.page.goto(portal.baseUrl);
      await (await revealFooter(player.page)).getByRole('button', { name: 'Feedback' }).click();
      const dialog = player.page.getByRole('dialog', { name: 'Feedback' });
      const captchaImage = dialog.getByRole('img', { name: 'Captcha image' });
      await captchaImage.waitFor();
      await dialog.getByRole('combobox', { name: /Type/ }).selectOption('1');
      await dialog.getByRole('textbox', { name: /^Description/ }).fill(text);
      const captchaId = await captchaImage.getAttribute('data-captcha-id');
      const answer = (await (await fetch(`${portal.baseUrl}/dev/captcha/${captchaId}`)).json()) as {
        value: { answer: string };
      };
      await dialog.getByRole('textbox', { name: /^Captcha/ }).fill(answer.value.answer);
      // Logged in, the form asks no name: the session token names the member as the sender.
      expect(await dialog.getByRole('textbox', { name: /^Your name/ }).count()).toBe(0);
      await dialog.getByRole('button', { name: 'Send feedback' }).click();
      await dialog.waitFor({ state: 'detached' });

      // The operator answers it in the console.
      await consoleNav(operator).getByRole('link', { name: 'Feedback' }).click();
      await operator.getByRole('heading', { level: 1, name: 'Feedback' }).waitFor();
      const row = operator.getByRole('row', { name: new RegExp(text) });
      await row.waitFor();
      await row.getByRole('button', { name: 'Reply' }).click();
      const replyDialog = operator.getByRole('dialog', { name: `Reply to ${demoPlayer.username}` });
      await replyDialog.getByLabel('Your reply').fill(reply);
      await screenshot(operator, 'backoffice-content-feedback-reply-desktop');
      await replyDialog.getByRole('button', { name: 'Send reply' }).click();
      await operator.getByText("Reply sent to the member's inbox").first().waitFor();
      await operator.getByRole('tab', { name: 'Resolved' }).click();
      const answered = operator.getByRole('row', { name: new RegExp(text) });
      await answered.getByText(reply).waitFor();
      await screenshot(operator, 'backoffice-content-feedback-replied-desktop');

      // The member finds it in the inbox, quoting their feedback.
      await player.page.goto(`${portal.baseUrl}/member?page=messageV2`);
      const inbox = player.page.getByRole('region', { name: 'Messages' });
      const message = inbox.getByRole('button', { name: /Reply to your feedback/ });
      await message.first().waitFor();
      await message.first().click();
      await inbox.getByText(reply).waitFor();
      await inbox.getByText(text).waitFor();
      await screenshot(player.page, 'backoffice-content-feedback-inbox-desktop');
    } catch (error) {
      await screenshot(operator, 'backoffice-content-feedback-failure-console').catch(() => undefined);
      await screenshot(player.page, 'backoffice-content-feedback-failure-portal').catch(() => undefined);
      throw error;
    } finally {
      await player.context.close();
    }
  });

  it('an operator counts a segment before sending it a message', async () => {
    await consoleNav(operator).getByRole('link', { name: 'Inbox messages' }).click();
    await operator.getByRole('heading', { level: 1, name: 'Inbox messages' }).waitFor();
    await operator.getByRole('tab', { name: 'A segment' }).click();
    await operator.getByLabel('Deposits').selectOption('never');
    await operator.getByRole('button', { name: 'Count recipients' }).click();
    const reach = operator.getByText(/^This will reach [\d,]+ members?\.$/);
    await reach.waitFor();
    const count = Number(((await reach.textContent()) ?? '').replace(/\D/g, ''));
    expect(count).toBeGreaterThan(0);
    await operator.getByRole('tab', { name: 'A segment' }).scrollIntoViewIfNeeded();
    await screenshot(operator, 'backoffice-content-segment-form-desktop');
    await field(operator, /^Title/).fill('Your first deposit bonus');
    await operator.getByLabel('Message', { exact: true }).fill('Deposit today and get 20% extra.');
    await screenshot(operator, 'backoffice-content-segment-desktop');
    await operator.getByRole('button', { name: 'Send message' }).click();
    const confirm = operator.getByRole('dialog', { name: 'Send to this segment?' });
    await confirm.waitFor();
    await confirm.getByRole('button', { name: /^Send to [\d,]+ members?$/ }).click();
    await operator
      .getByText(/^Message sent to [\d,]+ members?$/)
      .first()
      .waitFor();
    const row = operator.getByRole('row', { name: /Your first deposit bonus/ });
    await row.getByText('never deposited', { exact: false }).waitFor();
    await screenshot(operator, 'backoffice-content-segment-sent-desktop');
  });
});

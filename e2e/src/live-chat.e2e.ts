import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, type Portal, screenshot, startPortal } from './harness';
import { field, signInOperator } from './operator-console';

/**
 * Live chat in real Chromium against the real server: a member opens the chat from the floating bar and writes; the
 * owner answers in the console's live-chat page; the member sees the answer arrive live, and the closed state.
 */

const demoPlayer = { username: 'demo_player', password: 'Player#2026demo' };
const ownerPassword = 'Owner#LiveChat2026!';

let browser: Browser;
let portal: Portal;

beforeAll(async () => {
  browser = await launchBrowser();
  portal = await startPortal({
    devTools: true,
    seedDemo: true,
    trustedProxies: ['127.0.0.1'],
    boOwnerPassword: ownerPassword,
    hub88: null,
    tcg: null,
  });
  await portal.app.services.system.setCustomerService([
    { csType: 'LIVECHAT', title: 'Live chat', url: 'https://chat.example.com/x', sort: 1, enabled: true },
    { csType: 'TELEGRAM', title: 'Telegram', url: 'https://t.me/example_support', sort: 2, enabled: true },
  ]);
});

afterAll(async () => {
  await browser?.close();
  await portal?.close();
});

async function memberToken(): Promise<string> {
  const response = await fetch(`${portal.baseUrl}/wps/session/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': '198.51.100.210' },
    body: JSON.stringify(demoPlayer),
  });
  const json = (await response.json()) as { success: boolean; value: { token: string } };
  if (!json.success) throw new Error(`login: ${JSON.stringify(json)}`);
  return json.value.token;
}

describe('live chat', () => {
  it('a member writes, the operator answers in the console, the member sees it live', async () => {
    const token = await memberToken();
    const member = await newPage(browser, 'desktop', { headers: { 'x-forwarded-for': '198.51.100.211' } });
    await member.context.addInitScript((value) => sessionStorage.setItem('token', value), token);
    await member.page.goto(portal.baseUrl);
    // The floating bar's live-chat entry opens the chat docked over the page (the layout's customer-service view).
    await member.page.locator('.floating-bar').getByRole('link', { name: 'Live chat' }).click();
    await member.page.getByRole('button', { name: 'Start chat' }).click();
    await member.page.getByText('Waiting for an agent').waitFor();
    await member.page
      .locator('.live-chat')
      .getByRole('textbox', { name: 'Message', exact: true })
      .fill('Hello, my deposit has not arrived <b>yet</b>');
    await member.page.locator('.live-chat').getByRole('button', { name: 'Send', exact: true }).click();
    await member.page.getByText('Hello, my deposit has not arrived <b>yet</b>').waitFor();
    await screenshot(member.page, 'live-chat-member-desktop');

    const operator = await newPage(browser, 'desktop', { headers: { 'x-forwarded-for': '198.51.100.212' } });
    await signInOperator(operator.page, portal.baseUrl, 'owner', ownerPassword);
    await operator.page.getByRole('link', { name: 'Live chat' }).waitFor();
    await operator.page.getByRole('link', { name: 'Live chat' }).click();
    await operator.page.getByRole('button', { name: /demo_player/ }).click();
    await operator.page
      .locator('.bo-chat__messages')
      .getByText('Hello, my deposit has not arrived <b>yet</b>')
      .waitFor();
    await operator.page.getByRole('button', { name: 'Assign to me' }).click();
    await member.page.getByText('owner is with you').waitFor();
    await operator.page.getByLabel('Reply').fill('We are checking it now.');
    await operator.page.locator('.bo-chat').getByRole('button', { name: 'Send', exact: true }).click();
    await operator.page.locator('.bo-chat__messages').getByText('We are checking it now.').waitFor();
    await screenshot(operator.page, 'live-chat-console-desktop');

    await member.page.getByText('We are checking it now.').waitFor();
    expect(await member.page.locator('.live-chat b').count()).toBe(0);

    await operator.page.getByRole('button', { name: 'Close conversation' }).click();
    await operator.page.getByRole('dialog').getByRole('button', { name: 'Close conversation' }).click();
    await member.page.getByText('This chat has ended.').waitFor();
    await member.context.close();
    await operator.context.close();
  });

  it('a visitor gives a name on a phone', async () => {
    const visitor = await newPage(browser, 'phone', { headers: { 'x-forwarded-for': '198.51.100.213' } });
    await visitor.page.goto(`${portal.baseUrl}/live-chat`);
    await visitor.page.getByRole('button', { name: 'Start chat' }).click();
    await visitor.page.getByText('Please tell us your name to start the chat').waitFor();
    await field(visitor.page, /Your name/).fill('Karim');
    await visitor.page.getByRole('button', { name: 'Start chat' }).click();
    await visitor.page
      .locator('.live-chat')
      .getByRole('textbox', { name: 'Message', exact: true })
      .fill('Is there a welcome bonus?');
    await visitor.page.locator('.live-chat').getByRole('button', { name: 'Send', exact: true }).click();
    await visitor.page.getByText('Is there a welcome bonus?').waitFor();
    await screenshot(visitor.page, 'live-chat-visitor-phone');
    await visitor.context.close();
  });
});

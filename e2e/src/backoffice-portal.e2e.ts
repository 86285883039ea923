import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, type Portal, screenshot, startPortal } from './harness';
import { consoleNav, field, openConsole } from './operator-console';

/**
 * What an operator does in the console, as players then see it in their own browser: a notice published in the
 * console appears in the portal's marquee and opens in the notices popup; maintenance switched on makes the portal
 * show its maintenance view, and switched off brings the site back. Also the player page's downline tree, opened
 * level by level.
 */

const ownerPassword = 'Owner#Portal2026!';

let browser: Browser;
let portal: Portal;
let consoleContext: BrowserContext;
let operator: Page;

/** A player's browser on the portal's home page, without the seeded popup over it. */
async function playerPage(): Promise<{ context: BrowserContext; page: Page }> {
  const opened = await newPage(browser, 'desktop');
  await opened.page.emulateMedia({ reducedMotion: 'reduce' });
  return opened;
}

beforeAll(async () => {
  browser = await launchBrowser();
  // No game vendors: these journeys are about the console and what players see of it.
  portal = await startPortal({
    devTools: true,
    seedDemo: true,
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

describe('what operators publish, players see', () => {
  it('an operator publishes a notice in the console; the portal shows it in the marquee and its popup', async () => {
    const title = `Weekend cashback doubled ${Date.now().toString(36)}`;
    const player = await playerPage();
    try {
      // Before: the portal does not know it.
      await player.page.goto(portal.baseUrl);
      const marquee = player.page.getByRole('region', { name: 'Notices' });
      await marquee.waitFor();
      expect(await marquee.getByRole('button', { name: title }).count()).toBe(0);

      await consoleNav(operator).getByRole('link', { name: 'Announcements' }).click();
      await operator.getByRole('heading', { level: 1, name: 'Announcements' }).waitFor();
      await operator.getByRole('button', { name: 'New announcement' }).click();
      const editor = operator.getByRole('dialog', { name: 'New announcement' });
      await editor.getByRole('combobox', { name: 'Type' }).selectOption('PL');
      await field(editor, /^Title \(English\)/).fill(title);
      await editor
        .getByLabel('Content (English, HTML)')
        .fill('<p>Every <strong>Saturday and Sunday</strong> your cashback is 10%.</p><script>alert(1)</script>');
      await field(editor, /^Title \(Bengali\)/).fill('সাপ্তাহিক ক্যাশব্যাক দ্বিগুণ');
      await editor.getByLabel('Content (Bengali, HTML)').fill('<p>প্রতি শনি ও রবিবার ১০% ক্যাশব্যাক।</p>');
      await screenshot(operator, 'backoffice-portal-notice-editor-desktop');
      await editor.getByRole('button', { name: 'Save' }).click();
      await operator.getByText('Announcement saved').first().waitFor();
      const row = operator.getByRole('row', { name: new RegExp(title) });
      await row.waitFor();
      await expect.poll(() => row.textContent()).toContain('Live');

      // After: a fresh visit shows it in the marquee; it opens in the notices popup, cleaned of the script.
      await player.page.reload();
      const notice = player.page.getByRole('region', { name: 'Notices' }).getByRole('button', { name: title });
      await notice.first().waitFor();
      await notice.first().click();
      const popup = player.page.getByRole('dialog', { name: 'Notices' });
      await popup.getByRole('heading', { name: title }).waitFor();
      await popup.getByText('your cashback is 10%', { exact: false }).first().waitFor();
      expect(await popup.locator('script').count()).toBe(0);
      await screenshot(player.page, 'backoffice-portal-notice-shown-desktop');
    } catch (error) {
      await screenshot(operator, 'backoffice-portal-notice-failure-console').catch(() => undefined);
      await screenshot(player.page, 'backoffice-portal-notice-failure-portal').catch(() => undefined);
      throw error;
    } finally {
      await player.context.close();
    }
  });

  it('maintenance switched on in the console shows the portal its maintenance view; off brings the site back', async () => {
    const player = await playerPage();
    const maintenanceHeading = player.page.getByRole('heading', { name: 'System maintenance' });
    try {
      await player.page.goto(portal.baseUrl);
      await player.page.getByRole('region', { name: 'Notices' }).waitFor();
      expect(await maintenanceHeading.count()).toBe(0);

      await consoleNav(operator).getByRole('link', { name: 'Site settings' }).click();
      await operator.getByRole('heading', { level: 1, name: 'Site settings' }).waitFor();
      await setMaintenance(operator, true);

      await player.page.reload();
      await maintenanceHeading.waitFor();
      await player.page.getByText('Your account and balance are safe', { exact: false }).waitFor();
      expect(await player.page.getByRole('region', { name: 'Notices' }).count()).toBe(0);
      await screenshot(player.page, 'backoffice-portal-maintenance-on-desktop');

      await setMaintenance(operator, false);
      await player.page.reload();
      await player.page.getByRole('region', { name: 'Notices' }).waitFor();
      expect(await maintenanceHeading.count()).toBe(0);
      await screenshot(player.page, 'backoffice-portal-maintenance-off-desktop');
    } catch (error) {
      await screenshot(operator, 'backoffice-portal-maintenance-failure-console').catch(() => undefined);
      await screenshot(player.page, 'backoffice-portal-maintenance-failure-portal').catch(() => undefined);
      throw error;
    } finally {
      await setMaintenance(operator, false).catch(() => undefined);
      await player.context.close();
    }
  });

  it("an agent's downline opens level by level on the player page", async () => {
    const { identity } = portal.app.services;
    const suffix = Date.now().toString(36).slice(-5);
    const agent = await identity.createAccount({ username: `tree_top${suffix}`, password: 'Agent#2026tree', type: 1 });
    const sub = await identity.createAccount({
      username: `tree_sub${suffix}`,
      password: 'Agent#2026tree',
      type: 1,
      uplineId: agent.id,
    });
    await identity.createAccount({
      username: `tree_mem${suffix}`,
      password: 'Member#2026',
      type: 0,
      uplineId: agent.id,
    });
    await identity.createAccount({
      username: `tree_deep${suffix}`,
      password: 'Member#2026',
      type: 0,
      uplineId: sub.id,
    });
    try {
      await operator.goto(`${portal.baseUrl}/backoffice/players/${agent.id}`);
      await operator.getByRole('heading', { level: 1, name: `tree_top${suffix}` }).waitFor();
      const tree = operator.getByRole('list', { name: `Accounts below tree_top${suffix}` });
      await tree.getByRole('link', { name: `tree_sub${suffix}` }).waitFor();
      await tree.getByRole('link', { name: `tree_mem${suffix}` }).waitFor();
      expect(await tree.getByRole('link', { name: `tree_deep${suffix}` }).count()).toBe(0);
      await tree.getByRole('button', { name: `Show the accounts below tree_sub${suffix}` }).click();
      await tree.getByRole('link', { name: `tree_deep${suffix}` }).waitFor();
      await tree.getByRole('link', { name: `tree_deep${suffix}` }).scrollIntoViewIfNeeded();
      await screenshot(operator, 'backoffice-player-downline-tree-desktop');
    } catch (error) {
      await screenshot(operator, 'backoffice-player-downline-failure').catch(() => undefined);
      throw error;
    }
  });
});

async function setMaintenance(page: Page, on: boolean): Promise<void> {
  const panel = page.locator('section.ui-panel', { has: page.getByRole('heading', { name: 'Maintenance' }) });
  const toggle = panel.getByRole('switch', { name: 'Maintenance mode' });
  if ((await toggle.isChecked()) === on) return;
  // The switch's input is drawn over by its track, so the operator clicks the label, as people do.
  await panel.getByText('Maintenance mode', { exact: true }).click();
  expect(await toggle.isChecked()).toBe(on);
  await panel.getByRole('button', { name: 'Save', exact: true }).click();
  if (on) {
    const confirm = page.getByRole('dialog', { name: 'Switch maintenance on?' });
    await confirm.getByRole('button', { name: 'Switch on' }).click();
  }
  await page.getByText('Changes saved').first().waitFor();
  // The saved state is what the server now holds.
  await expect
    .poll(async () => {
      const response = await fetch(`${portal.baseUrl}/wps/system/status`);
      return ((await response.json()) as { value: { maintenance: boolean } }).value.maintenance;
    })
    .toBe(on);
}

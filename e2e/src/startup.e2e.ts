import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, type Portal, screenshot, startPortal } from './harness';

/**
 * Start-up journeys of spec section 1 and "Views by system status": the app loads the permission
 * response first, then shows the normal app, the maintenance view or the region-blocked view.
 */
describe('start-up views', () => {
  let browser: Browser;
  let portal: Portal;
  beforeAll(async () => {
    browser = await launchBrowser();
    // 127.0.0.1 is trusted so that the journeys can present a visitor address in X-Forwarded-For.
    portal = await startPortal({ trustedProxies: ['127.0.0.1'] }, { '203.0.113.9': 'KP', '198.51.100.20': 'BD' });
  });
  afterAll(async () => {
    await browser?.close();
    await portal?.close();
  });

  for (const viewport of ['desktop', 'phone'] as const) {
    it(`shows the normal app after loading the configuration (${viewport})`, async () => {
      const { context, page } = await newPage(browser, viewport);
      try {
        const permission = page.waitForResponse((response) => response.url().endsWith('/wps/system/whitelabel'));
        await page.goto(`${portal.baseUrl}/`);
        expect((await permission).status()).toBe(200);
        await page.getByRole('heading', { name: /Welcome to/ }).waitFor();
        expect(await page.title()).toContain('BDX88');
        // Customer-service entries come from the seeded configuration, not from the bundle.
        await expect.poll(() => page.locator('a[href="https://t.me/portal_support"]').count()).toBeGreaterThan(0);
        await screenshot(page, `startup-normal-${viewport}`);
      } finally {
        await context.close();
      }
    });
  }

  it('shows the maintenance view with its end time, and the app again when it is over', async () => {
    const end = new Date(Date.now() + 2 * 60 * 60 * 1000);
    await portal.app.services.system.setMaintenance({ enabled: true, end });
    try {
      await expectMaintenanceViews(end);
    } finally {
      await portal.app.services.system.setMaintenance({ enabled: false, end: null });
    }
    const { context, page } = await newPage(browser, 'desktop');
    try {
      await page.goto(`${portal.baseUrl}/`);
      await page.getByRole('heading', { name: /Welcome to/ }).waitFor();
    } finally {
      await context.close();
    }
  });

  async function expectMaintenanceViews(end: Date) {
    for (const viewport of ['desktop', 'phone'] as const) {
      const { context, page } = await newPage(browser, viewport);
      try {
        await page.goto(`${portal.baseUrl}/`);
        await page.getByRole('heading', { name: 'System maintenance' }).waitFor();
        const shown = await page.locator('.status-view__end time').getAttribute('datetime');
        expect(shown).toBe(end.toISOString());
        await page.getByRole('timer').waitFor();
        await page.getByRole('link', { name: /customer service/i }).waitFor();
        await screenshot(page, `startup-maintenance-${viewport}`);
      } finally {
        await context.close();
      }
    }
  }

  it('shows the region-blocked view with the visitor IP for a blocked country', async () => {
    await portal.app.services.system.setRegionBlock({ countries: ['KP'], ipRanges: [] });
    try {
      for (const viewport of ['desktop', 'phone'] as const) {
        const { context, page } = await newPage(browser, viewport, { headers: { 'x-forwarded-for': '203.0.113.9' } });
        try {
          await page.goto(`${portal.baseUrl}/`);
          await page.getByRole('heading', { name: 'Access restricted' }).waitFor();
          expect(await page.locator('.status-view__ip-value').textContent()).toBe('203.0.113.9');
          await page.getByRole('link', { name: /customer service/i }).waitFor();
          await screenshot(page, `startup-region-blocked-${viewport}`);
        } finally {
          await context.close();
        }
      }
      // A visitor from a country that is not blocked gets the normal app.
      const { context, page } = await newPage(browser, 'desktop', { headers: { 'x-forwarded-for': '198.51.100.20' } });
      try {
        await page.goto(`${portal.baseUrl}/`);
        await page.getByRole('heading', { name: /Welcome to/ }).waitFor();
      } finally {
        await context.close();
      }
    } finally {
      await portal.app.services.system.setRegionBlock({ countries: [], ipRanges: [] });
    }
  });

  it('switches the language to Bengali, stores it as lang and hisLang, and keeps it on reload', async () => {
    for (const viewport of ['desktop', 'phone'] as const) {
      const { context, page } = await newPage(browser, viewport);
      try {
        await page.goto(`${portal.baseUrl}/`);
        await page.getByRole('heading', { name: /Welcome to/ }).waitFor();
        // The selector lives in the side menu (spec section 2), a drawer behind the menu button on phones.
        if (viewport === 'phone') await page.getByRole('button', { name: 'Open menu' }).click();
        await page.getByRole('complementary', { name: 'Side menu' }).getByRole('button', { name: 'বাংলা' }).click();
        await page.getByRole('heading', { name: /স্বাগতম/ }).waitFor();
        expect(
          await page.evaluate(() => [
            localStorage.getItem('lang'),
            localStorage.getItem('hisLang'),
            document.documentElement.lang,
          ]),
        ).toEqual(['bn', 'bn', 'bn']);
        await page.reload();
        await page.getByRole('heading', { name: /স্বাগতম/ }).waitFor();
        await screenshot(page, `startup-bengali-${viewport}`);
      } finally {
        await context.close();
      }
    }
  });
});

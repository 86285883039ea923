import { mkdirSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AppConfig, AppDeps } from '@portal/server';
import { buildApp } from '@portal/server';
import { createTestDatabase, fixedCountryResolver, testConfig } from '@portal/server/testing';
import { generateVendorKeys, startVendorSim, type VendorSim } from '@portal/vendor-sim';
import type { FastifyInstance } from 'fastify';
import { type Browser, type BrowserContext, chromium, type Locator, type Page } from 'playwright-core';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
/** Screenshots are test artifacts: CI keeps them, and a person looks at them. */
export const artifactsDir = path.join(root, 'test-results', 'e2e');

export const viewports = {
  desktop: { width: 1366, height: 768 },
  phone: { width: 390, height: 844 },
} as const;

export type Portal = { app: FastifyInstance; baseUrl: string; vendorSim?: VendorSim; close(): Promise<void> };

/**
 * The vendor simulator for a test portal: started in-process on a free port with fresh keys, and the Hub88/TCG
 * settings that point the portal at it (the same ones `npm start` passes through HUB88_* and TCG_*).
 */
async function startTestVendorSim(): Promise<{ sim: VendorSim; config: Pick<AppConfig, 'hub88' | 'tcg'> }> {
  const keys = generateVendorKeys();
  const tcg = { merchantCode: 'SIMTCG', desKey: 'e2eDesK8', signKey: 'e2e-sign-key' };
  const sim = await startVendorSim({
    // The portal's address is known only once it listens; setPortalUrl() points the callbacks at it then.
    portalUrl: 'http://127.0.0.1:9',
    hub88: {
      operatorId: '4242',
      privateKeyPem: keys.sim.privateKeyPem,
      operatorPublicKeyPem: keys.operator.publicKeyPem,
    },
    tcg,
    gameListRateLimitPerMinute: 0,
  });
  return {
    sim,
    config: {
      hub88: {
        apiUrl: sim.hub88ApiUrl,
        operatorId: '4242',
        privateKeyPem: keys.operator.privateKeyPem,
        publicKeyPem: keys.sim.publicKeyPem,
      },
      tcg: {
        apiUrl: sim.tcgApiUrl,
        ...tcg,
        products: [
          { productType: 2, code: 'LOTT', category: 'LOTT' },
          { productType: 420, code: 'TCG_LOTTO_VN', category: 'LOTT' },
          { productType: 384, code: 'TCG_SEA', category: 'ELOTT' },
          { productType: 386, code: 'ELOTT', category: 'ELOTT' },
          { productType: 1001, code: 'SBT', category: 'SPORTS' },
          { productType: 1002, code: 'IBC', category: 'SPORTS' },
          { productType: 1101, code: 'AV', category: 'ESPORTS' },
          { productType: 1102, code: 'IMES', category: 'ESPORTS' },
          { productType: 1103, code: 'TF', category: 'ESPORTS' },
        ],
      },
    },
  };
}

/**
 * Starts the real server (built web app, fresh database) on a free port, with the vendor simulator as its Hub88
 * and TCG aggregators unless `overrides` configures `hub88`/`tcg` itself.
 */
export async function startPortal(
  overrides: Partial<AppConfig> = {},
  countries: Record<string, string> = {},
  deps: Omit<AppDeps, 'database' | 'countryResolver'> = {},
  options: { ownPublicUrl?: boolean } = {},
): Promise<Portal> {
  const vendor = 'hub88' in overrides || 'tcg' in overrides ? undefined : await startTestVendorSim();
  // With ownPublicUrl the port is chosen first, so that PUBLIC_URL (which launch URLs are built on) is the real one.
  const port = options.ownPublicUrl ? await freePort() : 0;
  if (options.ownPublicUrl) overrides = { publicUrl: `http://127.0.0.1:${port}`, ...overrides };
  const database = await createTestDatabase();
  const app = await buildApp(
    testConfig({
      serveWeb: true,
      webDistDir: path.join(root, 'apps/web/dist'),
      port: 0,
      host: '127.0.0.1',
      ...vendor?.config,
      ...overrides,
    }),
    { ...deps, database, countryResolver: fixedCountryResolver(countries) },
  );
  await app.listen({ port, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('server did not bind a TCP port');
  const baseUrl = `http://127.0.0.1:${address.port}`;
  vendor?.sim.setPortalUrl(baseUrl);
  return {
    app,
    baseUrl,
    ...(vendor ? { vendorSim: vendor.sim } : {}),
    close: async () => {
      await vendor?.sim.close();
      await app.close();
      await database.close();
    },
  };
}

/** A TCP port nobody listens on right now. */
async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** Debian's Chromium, headless, with the flags this closed network needs. */
export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

export async function newPage(
  browser: Browser,
  viewport: keyof typeof viewports,
  options: {
    headers?: Record<string, string>;
    /**
     * Let the announcement popup open by itself (spec: once per session). Off by default: journeys about other
     * things would find the seeded popup over the page, so the session counts as having shown it already.
     */
    popups?: boolean;
  } = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: viewports[viewport], extraHTTPHeaders: options.headers });
  if (!options.popups) {
    await context.addInitScript(() => {
      try {
        window.sessionStorage.setItem('contentPopupShown', JSON.stringify(['A', 'AF', 'B']));
      } catch {
        // A page without storage shows the popup; the journey then sees it.
      }
    });
  }
  const page = await context.newPage();
  return { context, page };
}

export async function screenshot(page: Page, name: string): Promise<string> {
  mkdirSync(artifactsDir, { recursive: true });
  const file = path.join(artifactsDir, `${name}.png`);
  await page.screenshot({ path: file, fullPage: false });
  return file;
}

/**
 * The page footer. The portal builds it once its place comes near the screen (a player scrolls down to it) or a
 * moment after the first screen has loaded; this scrolls to that place as a player would and waits for the footer.
 */
export async function revealFooter(page: Page, timeoutMs = 15_000): Promise<Locator> {
  const footer = page.getByRole('contentinfo');
  const deadline = Date.now() + timeoutMs;
  // The place may be replaced (placeholder, then footer) or pushed down by content arriving above it: scroll again.
  while ((await footer.count()) === 0) {
    if (Date.now() > deadline) throw new Error(`the footer was not built within ${timeoutMs} ms of scrolling to it`);
    await page.evaluate(() =>
      document.querySelector('.site-footer')?.scrollIntoView({ block: 'end', behavior: 'instant' }),
    );
    await page.waitForTimeout(100);
  }
  await footer.scrollIntoViewIfNeeded();
  return footer;
}

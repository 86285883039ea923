import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AppConfig } from '@portal/server';
import { buildApp } from '@portal/server';
import { createTestDatabase, fixedCountryResolver, testConfig } from '@portal/server/testing';
import type { FastifyInstance } from 'fastify';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
/** Screenshots are test artifacts: CI keeps them, and a person looks at them. */
export const artifactsDir = path.join(root, 'test-results', 'e2e');

export const viewports = {
  desktop: { width: 1366, height: 768 },
  phone: { width: 390, height: 844 },
} as const;

export type Portal = { app: FastifyInstance; baseUrl: string; close(): Promise<void> };

/** Starts the real server (built web app, fresh database) on a free port. */
export async function startPortal(
  overrides: Partial<AppConfig> = {},
  countries: Record<string, string> = {},
): Promise<Portal> {
  const database = await createTestDatabase();
  const app = await buildApp(
    testConfig({
      serveWeb: true,
      webDistDir: path.join(root, 'apps/web/dist'),
      port: 0,
      host: '127.0.0.1',
      ...overrides,
    }),
    { database, countryResolver: fixedCountryResolver(countries) },
  );
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('server did not bind a TCP port');
  return {
    app,
    baseUrl: `http://127.0.0.1:${address.port}`,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
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
  options: { headers?: Record<string, string> } = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: viewports[viewport], extraHTTPHeaders: options.headers });
  const page = await context.newPage();
  return { context, page };
}

export async function screenshot(page: Page, name: string): Promise<string> {
  mkdirSync(artifactsDir, { recursive: true });
  const file = path.join(artifactsDir, `${name}.png`);
  await page.screenshot({ path: file, fullPage: false });
  return file;
}

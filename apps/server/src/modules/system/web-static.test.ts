import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../testing/test-app';

// The player app's built files as the server serves them: the build's own Brotli/gzip copies, long caching of
// hashed files, and the page-only security headers on the page but not on its scripts and styles.
const script = `export const greeting = ${JSON.stringify('hello '.repeat(400))};\n`;
const html = '<!doctype html><html><head><title>Portal</title></head><body><div id="root"></div></body></html>\n';
let dist: string;
let app: FastifyInstance;

beforeAll(async () => {
  dist = mkdtempSync(path.join(os.tmpdir(), 'web-static-'));
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(path.join(dist, 'index.html'), html);
  writeFileSync(path.join(dist, 'assets', 'index-abc123.js'), script);
  writeFileSync(path.join(dist, 'assets', 'index-abc123.js.br'), brotliCompressSync(script));
  writeFileSync(path.join(dist, 'assets', 'index-abc123.js.gz'), gzipSync(script));
  writeFileSync(path.join(dist, 'assets', 'logo-abc123.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  app = await buildTestApp({ serveWeb: true, webDistDir: dist });
});

afterAll(async () => {
  await app?.close();
  rmSync(dist, { recursive: true, force: true });
});

describe('built web app', () => {
  it("sends the build's Brotli copy of a script, cached for a year", async () => {
    const response = await app.inject({ url: '/assets/index-abc123.js', headers: { 'accept-encoding': 'gzip, br' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.rawPayload.equals(brotliCompressSync(script))).toBe(true);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.headers.vary).toContain('accept-encoding');
  });

  it('sends the gzip copy to a client without Brotli, and the file itself to one that takes neither', async () => {
    const gzip = await app.inject({ url: '/assets/index-abc123.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.rawPayload.equals(gzipSync(script))).toBe(true);
    const plain = await app.inject({ url: '/assets/index-abc123.js', headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
  });

  it("leaves the page-only security headers off scripts, keeps them on the page and on the build's images", async () => {
    const js = await app.inject({ url: '/assets/index-abc123.js' });
    expect(js.headers['content-security-policy']).toBeUndefined();
    expect(js.headers['x-frame-options']).toBeUndefined();
    expect(js.headers['cross-origin-opener-policy']).toBeUndefined();
    expect(js.headers['x-content-type-options']).toBe('nosniff');
    expect(js.headers['cross-origin-resource-policy']).toBe('same-origin');
    expect(js.headers['referrer-policy']).toBe('no-referrer');

    const page = await app.inject({ url: '/', headers: { accept: 'text/html' } });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    expect(page.headers['cache-control']).toBe('no-cache');
    // An SVG can carry script when opened on its own: it keeps the page's policy.
    const svg = await app.inject({ url: '/assets/logo-abc123.svg' });
    expect(svg.headers['content-security-policy']).toContain("script-src 'self'");
  });
});

// The home page: the built index.html with the site's first home banner in its start-up cover (the visitor sees the
// promotion before the app has loaded), rebuilt at most every 10 s; the plain page elsewhere and while the site is closed.
describe('start-up page', () => {
  const cover = '<div id="root"><div class="ui-cover"><!--startup-promo--><p>Loading</p></div></div>';
  const startupHtml = `<!doctype html><html><head><title>Portal</title></head><body>${cover}</body></html>\n`;
  let startupDist: string;
  let site: FastifyInstance;
  let clock = new Date('2026-11-25T10:00:00Z');
  const later = (seconds: number) => {
    clock = new Date(clock.getTime() + seconds * 1000);
  };
  const page = async (url: string) => {
    const response = await site.inject({ url, headers: { accept: 'text/html' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.headers['cache-control']).toBe('no-cache');
    return response.body;
  };
  const promo = '<div class="ui-cover__promo"><img src="/wps/content/media/welcome.svg" alt="70% welcome bonus"';

  beforeAll(async () => {
    startupDist = mkdtempSync(path.join(os.tmpdir(), 'web-startup-'));
    writeFileSync(path.join(startupDist, 'index.html'), startupHtml);
    writeFileSync(path.join(startupDist, 'index.html.br'), brotliCompressSync(startupHtml));
    site = await buildTestApp({ serveWeb: true, webDistDir: startupDist }, { now: () => clock });
    const operator = { username: 'tester' };
    // A video banner first (the start-up page plays none), then the picture, then a promotion-page banner.
    await site.services.content.createAnnouncement(
      {
        type: 'B',
        groupName: 'w_promotion',
        images: [{ url: '/promo.svg', sequence: 1 }],
        texts: { en: { title: 'Promo', content: '' } },
        sort: 0,
      },
      operator,
    );
    await site.services.content.createAnnouncement(
      {
        type: 'B',
        groupName: 'w_home',
        images: [{ url: '/poster.svg', sequence: 1 }],
        videoUrl: '/clip.mp4',
        texts: { en: { title: 'Clip', content: '' } },
        sort: 2,
      },
      operator,
    );
    await site.services.content.createAnnouncement(
      {
        type: 'B',
        groupName: 'w_home',
        images: [{ url: '/wps/content/media/welcome.svg', sequence: 1 }],
        texts: { en: { title: '70% welcome bonus', content: '' }, bn: { title: 'স্বাগতম বোনাস', content: '' } },
        sort: 1,
      },
      operator,
    );
  });

  afterAll(async () => {
    await site?.close();
    rmSync(startupDist, { recursive: true, force: true });
  });

  it('shows the first home picture banner in the cover of every home address, in the site language', async () => {
    for (const url of ['/', '/index', '/index.html', '/home', '/?ref=abc']) {
      const body = await page(url);
      expect(body).toContain(
        `<div class="ui-cover">${promo} width="1200" height="400" fetchpriority="high"></div><p>Loading</p>`,
      );
    }
  });

  it('sends the page with the page security headers', async () => {
    const response = await site.inject({ url: '/', headers: { accept: 'text/html', 'accept-encoding': 'br' } });
    expect(response.headers['content-security-policy']).toContain("script-src 'self'");
    expect(response.headers['x-frame-options']).toBeDefined();
  });

  it("names the picture in the site's default language", async () => {
    const settings = await site.services.system.operatorSettings();
    const { imageCdns, launchGameCdns, gtagId } = settings.general;
    const merchant = { imageCdns, launchGameCdns, gtagId };
    await site.services.system.setMerchantSettings({ ...merchant, defaultLanguage: 'bn' });
    try {
      later(10);
      expect(await page('/')).toContain('alt="স্বাগতম বোনাস"');
    } finally {
      await site.services.system.setMerchantSettings({ ...merchant, defaultLanguage: 'en' });
    }
    later(10);
    expect(await page('/')).toContain(promo);
  });

  it('keeps deep links on the plain page', async () => {
    const body = await page('/games/slots');
    expect(body).toBe(startupHtml);
  });

  it('shows the plain cover while the site is in maintenance', async () => {
    await site.services.system.setMaintenance({ enabled: true, end: null });
    try {
      expect(await page('/')).toBe(startupHtml);
    } finally {
      await site.services.system.setMaintenance({ enabled: false, end: null });
    }
    expect(await page('/')).toContain(promo);
  });

  it('follows the announcements within 10 seconds: switched off, then on again', async () => {
    await site.services.system.setFeature('ANNOUNCEMENT3', false);
    try {
      // Still the page built less than 10 s ago.
      expect(await page('/')).toContain(promo);
      later(10);
      expect(await page('/')).toBe(startupHtml);
    } finally {
      await site.services.system.setFeature('ANNOUNCEMENT3', true);
    }
    later(10);
    expect(await page('/')).toContain(promo);
  });
});

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

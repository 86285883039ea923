import path from 'node:path';
import type { CallEntry } from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { databaseOptionsFor } from './app';
import { type AppConfig, ConfigError, loadConfig } from './config';
import type { Database } from './platform/db';
import { buildTestApp, createTestDatabase } from './testing';
import { encryptPayloadForTest } from './testing/payload-client';

const secureCall: CallEntry = { method: 'POST', path: '/test/secure', module: null, token: false, encrypted: true };
const tokenCall: CallEntry = { method: 'GET', path: '/test/private', module: null, token: true, encrypted: false };
const featureCall: CallEntry = {
  method: 'GET',
  path: '/test/feedback',
  module: 'FEEDBACK3',
  token: false,
  encrypted: false,
};

/** Adds routes that exercise the platform: the real modules' routes come with their own tests. */
async function withProbeRoutes(app: FastifyInstance): Promise<FastifyInstance> {
  app.post(
    '/test/echo',
    { schema: { body: z.strictObject({ name: z.string().max(5), age: z.number().int() }) } },
    async (request) => ({
      success: true,
      value: request.body,
    }),
  );
  app.get('/test/boom', async () => {
    throw new Error('database password is hunter2');
  });
  app.post(
    secureCall.path,
    { config: { call: secureCall }, schema: { body: z.strictObject({ secret: z.string() }) } },
    async (request) => ({
      success: true,
      value: request.body,
    }),
  );
  app.get(tokenCall.path, { config: { call: tokenCall } }, async () => ({ success: true, value: 'private' }));
  app.get(featureCall.path, { config: { call: featureCall } }, async () => ({ success: true, value: 'feedback' }));
  await app.ready();
  return app;
}

describe('platform: envelope, errors and guards', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await withProbeRoutes(await buildTestApp({ bodyLimitBytes: 2048, notFoundRateLimitPerMinute: 5 }));
  });
  afterAll(() => app.close());

  it('answers an unknown route with the NOT_FOUND envelope in the request language', async () => {
    const en = await app.inject({ method: 'GET', url: '/wps/nothing-here' });
    expect(en.statusCode).toBe(404);
    expect(en.json()).toMatchObject({
      success: false,
      code: 'NOT_FOUND',
      message: 'The requested item was not found.',
    });
    expect(en.json().requestId).toBe(en.headers['x-request-id']);
    const bn = await app.inject({ method: 'GET', url: '/wps/nothing-here', headers: { language: 'bn' } });
    expect(bn.json().message).toBe('অনুরোধ করা বিষয়টি পাওয়া যায়নি।');
  });

  it('answers the polled status and permission calls beyond the per-IP limit (served from the cache)', async () => {
    for (let i = 0; i < 8; i += 1) {
      for (const url of ['/wps/system/status', '/wps/system/whitelabel']) {
        const response = await app.inject({ method: 'GET', url, remoteAddress: '10.9.9.10' });
        expect(response.statusCode, `${url} #${i}`).toBe(200);
      }
    }
  });

  it('rate-limits requests to unknown routes', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 8; i += 1) {
      const response = await app.inject({ method: 'GET', url: `/probe-${i}`, remoteAddress: '10.9.9.9' });
      statuses.push(response.statusCode);
      if (response.statusCode === 429) {
        expect(response.json()).toMatchObject({ success: false, code: 'RATE_LIMITED' });
        expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
      }
    }
    expect(statuses.slice(0, 5)).toEqual([404, 404, 404, 404, 404]);
    expect(statuses.slice(5)).toEqual([429, 429, 429]);
  });

  it('refuses malformed JSON with REQUEST_MALFORMED and no detail', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/test/echo',
      headers: { 'content-type': 'application/json' },
      payload: '{"name": ',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ success: false, code: 'REQUEST_MALFORMED' });
    expect(response.body).not.toMatch(/at .*\.js|Unexpected/);
  });

  it('refuses wrong types with VALIDATION_FAILED pointing at the field, translated', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/test/echo',
      headers: { language: 'bn' },
      payload: { name: 'abc', age: 'old' },
    });
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body.code).toBe('VALIDATION_FAILED');
    expect(body.message).toBe('কিছু তথ্য সঠিক নয়। অনুগ্রহ করে যাচাই করে আবার চেষ্টা করুন।');
    expect(body.issues).toEqual([
      expect.objectContaining({ path: 'body.age', code: 'invalid_type', message: 'মানটির ধরন সঠিক নয়' }),
    ]);
  });

  it('refuses unknown fields on writes', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/test/echo',
      payload: { name: 'abc', age: 3, admin: true },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().issues).toEqual([
      expect.objectContaining({ path: 'body.admin', code: 'unrecognized_keys', message: 'Unknown field admin' }),
    ]);
  });

  it('refuses a value over its length limit with the bound in the message', async () => {
    const response = await app.inject({ method: 'POST', url: '/test/echo', payload: { name: 'abcdefgh', age: 3 } });
    expect(response.json().issues).toEqual([
      expect.objectContaining({ path: 'body.name', message: 'At most 5 characters' }),
    ]);
  });

  it('refuses an oversize body with 413', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/test/echo',
      payload: { name: 'x'.repeat(5000), age: 1 },
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({ code: 'REQUEST_TOO_LARGE', params: { limitBytes: 2048 } });
  });

  it('refuses an unsupported content type with 415', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/test/echo',
      headers: { 'content-type': 'application/x-yaml' },
      payload: 'name: a',
    });
    expect(response.statusCode).toBe(415);
    expect(response.json().code).toBe('REQUEST_UNSUPPORTED_MEDIA_TYPE');
  });

  it('gives every request an id of its own (a per-instance random prefix and a counter) unless a valid one is sent', async () => {
    const ids = await Promise.all(
      [0, 1, 2].map(async () => (await app.inject({ method: 'GET', url: '/healthz' })).headers['x-request-id']),
    );
    expect(new Set(ids).size).toBe(3);
    for (const id of ids) expect(id).toMatch(/^[\w-]{8}-[0-9a-z]+$/);
    const prefixes = new Set(ids.map((id) => String(id).slice(0, 8)));
    expect(prefixes.size).toBe(1);
    const given = await app.inject({ method: 'GET', url: '/healthz', headers: { 'x-request-id': 'trace-abcdefgh' } });
    expect(given.headers['x-request-id']).toBe('trace-abcdefgh');
  });

  it('hides unknown errors behind INTERNAL with the request id', async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/test/boom',
      headers: { 'x-request-id': 'trace-12345678' },
    });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toMatchObject({ success: false, code: 'INTERNAL', requestId: 'trace-12345678' });
    expect(response.body).not.toContain('hunter2');
    expect(response.json().message).toContain('trace-12345678');
  });

  it('refuses a call-table route without a session when it needs a token', async () => {
    const response = await app.inject({ method: 'GET', url: '/test/private' });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ code: 'AUTH_REQUIRED', message: 'You are not logged in, please login' });
  });

  it('refuses a bad Device header and a foreign Merchant header on call-table routes', async () => {
    const device = await app.inject({ method: 'GET', url: '/wps/system/status', headers: { device: 'TOASTER' } });
    expect(device.statusCode).toBe(400);
    expect(device.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      issues: [expect.objectContaining({ path: 'headers.device' })],
    });
    const merchant = await app.inject({ method: 'GET', url: '/wps/system/status', headers: { merchant: 'OTHER' } });
    expect(merchant.statusCode).toBe(400);
    expect(merchant.json().code).toBe('SYSTEM_MERCHANT_UNKNOWN');
    const fine = await app.inject({
      method: 'GET',
      url: '/wps/system/status',
      headers: { merchant: 'DEMO', device: 'WEB' },
    });
    expect(fine.statusCode).toBe(200);
  });

  it('answers "function not enabled" when the call\'s module or an ancestor is switched off', async () => {
    expect((await app.inject({ method: 'GET', url: '/test/feedback' })).statusCode).toBe(200);
    await app.services.system.setFeature('FEEDBACK3', false);
    const off = await app.inject({ method: 'GET', url: '/test/feedback' });
    expect(off.statusCode).toBe(403);
    expect(off.json()).toMatchObject({
      code: 'SYSTEM_FUNCTION_NOT_ENABLED',
      message: 'Function not enabled or operation not allowed',
    });
    await app.services.system.setFeature('FEEDBACK3', true);
    await app.services.system.setFeature('MEMBER', false);
    expect((await app.inject({ method: 'GET', url: '/test/feedback' })).json().code).toBe(
      'SYSTEM_FUNCTION_NOT_ENABLED',
    );
    await app.services.system.setFeature('MEMBER', true);
    expect((await app.inject({ method: 'GET', url: '/test/feedback' })).statusCode).toBe(200);
  });

  it('blocks ordinary calls during maintenance but keeps the system calls answering', async () => {
    await app.services.system.setMaintenance({ enabled: true, end: null });
    const blocked = await app.inject({ method: 'GET', url: '/test/feedback' });
    expect(blocked.statusCode).toBe(503);
    expect(blocked.json().code).toBe('SYSTEM_MAINTENANCE');
    expect((await app.inject({ method: 'GET', url: '/wps/system/whitelabel' })).statusCode).toBe(200);
    await app.services.system.setMaintenance({ enabled: false, end: null });
  });

  it('accepts plaintext on E calls while payload encryption is off', async () => {
    const response = await app.inject({ method: 'POST', url: '/test/secure', payload: { secret: 'plain' } });
    expect(response.json()).toEqual({ success: true, value: { secret: 'plain' } });
  });

  it('requires and opens the encrypted body on E calls while payload encryption is on', async () => {
    await app.services.system.setPayloadEncryption(true);
    try {
      const plain = await app.inject({ method: 'POST', url: '/test/secure', payload: { secret: 'plain' } });
      expect(plain.statusCode).toBe(400);
      expect(plain.json().code).toBe('CRYPTO_PAYLOAD_REQUIRED');

      const permission = (await app.inject({ method: 'GET', url: '/wps/system/whitelabel' })).json();
      expect(permission.value.info.payloadEncryption.enabled).toBe(true);
      const publicKey: string = permission.value.info.payloadEncryption.publicKey;
      const sealed = await encryptPayloadForTest(publicKey, { secret: 'sealed' });
      const opened = await app.inject({ method: 'POST', url: '/test/secure', payload: sealed });
      expect(opened.json()).toEqual({ success: true, value: { secret: 'sealed' } });

      const tampered = structuredClone(sealed) as { encryptedPayload: { data: string } };
      const bytes = Buffer.from(tampered.encryptedPayload.data, 'base64');
      bytes[0] = (bytes[0] ?? 0) ^ 0xff;
      tampered.encryptedPayload.data = bytes.toString('base64');
      const refused = await app.inject({ method: 'POST', url: '/test/secure', payload: tampered });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().code).toBe('CRYPTO_PAYLOAD_INVALID');

      const sealedExtra = await encryptPayloadForTest(publicKey, { secret: 's', role: 'admin' });
      const invalid = await app.inject({ method: 'POST', url: '/test/secure', payload: sealedExtra });
      expect(invalid.json()).toMatchObject({
        code: 'VALIDATION_FAILED',
        issues: [expect.objectContaining({ path: 'body.role' })],
      });
    } finally {
      await app.services.system.setPayloadEncryption(false);
    }
  });

  it('serves health, readiness, metrics and the OpenAPI document', async () => {
    const health = await app.inject({ method: 'GET', url: '/healthz' });
    expect(health.json()).toEqual({ success: true, value: { status: 'ok' } });
    // JSON answers get the API set (OWASP REST): no sniffing, no framing, HSTS; no page-only headers.
    expect(health.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(health.headers['x-content-type-options']).toBe('nosniff');
    expect(health.headers['x-frame-options']).toBe('DENY');
    expect(health.headers['strict-transport-security']).toContain('max-age=');
    expect(health.headers['cross-origin-opener-policy']).toBeUndefined();
    expect(health.headers['x-powered-by']).toBeUndefined();
    // Pages (here the unknown-route answer outside the API) keep helmet's full set, computed once at start.
    const page = await app.inject({ method: 'GET', url: '/no-such-page' });
    expect(page.headers['content-security-policy']).toContain("default-src 'self'");
    expect(page.headers['cross-origin-opener-policy']).toBe('same-origin');
    expect(page.headers['x-content-type-options']).toBe('nosniff');
    const ready = await app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.json()).toMatchObject({ success: true, value: { status: 'ready' } });
    const metrics = await app.inject({ method: 'GET', url: '/metrics' });
    expect(metrics.headers['content-type']).toContain('text/plain');
    expect(metrics.body).toContain('http_requests_total{method="GET",route="/healthz",status="200"}');
    expect(metrics.body).toContain('process_cpu_user_seconds_total');
    const openapi = (await app.inject({ method: 'GET', url: '/docs/json' })).json();
    expect(openapi.openapi).toMatch(/^3\./);
    expect(Object.keys(openapi.paths)).toEqual(
      expect.arrayContaining(['/wps/system/status', '/wps/system/whitelabel', '/wps/system/helpCenter']),
    );
    const ui = await app.inject({ method: 'GET', url: '/docs/' });
    expect(ui.statusCode).toBe(200);
    expect(ui.body).toContain('swagger');
  });

  it('counts answers by route pattern and status, with a latency histogram, unmatched requests apart', async () => {
    const scrape = async () => (await app.inject({ method: 'GET', url: '/metrics' })).body;
    const sample = (body: string, line: string) => {
      const found = body.split('\n').find((candidate) => candidate.startsWith(`${line} `));
      return found ? Number(found.slice(line.length + 1)) : 0;
    };
    const before = await scrape();
    for (let index = 0; index < 3; index += 1) await app.inject({ method: 'GET', url: '/healthz' });
    // From an address of its own: unknown routes are rate-limited per address, and other tests count on the limit.
    await app.inject({ method: 'GET', url: '/wps/no-such-call', remoteAddress: '192.0.2.200' });
    const after = await scrape();
    const delta = (line: string) => sample(after, line) - sample(before, line);
    expect(delta('http_requests_total{method="GET",route="/healthz",status="200"}')).toBe(3);
    expect(delta('http_request_duration_seconds_count{method="GET",route="/healthz"}')).toBe(3);
    expect(delta('http_request_duration_seconds_bucket{method="GET",route="/healthz",le="+Inf"}')).toBe(3);
    expect(delta('http_requests_total{method="GET",route="unmatched",status="404"}')).toBe(1);
    // Buckets are cumulative: each is at most the next, the last equals the count.
    const buckets = after
      .split('\n')
      .filter((line) => line.startsWith('http_request_duration_seconds_bucket{method="GET",route="/healthz",'))
      .map((line) => Number(line.split(' ')[1]));
    expect(buckets.length).toBe(11);
    expect(buckets).toEqual([...buckets].sort((a, b) => a - b));
    expect(after).toContain('# TYPE http_request_duration_seconds histogram');
    expect(after).toContain('# TYPE http_requests_total counter');
  });

  it('wires the wallet: a fresh ledger verifies clean', async () => {
    const report = await app.services.wallet.verifyLedger();
    expect(report.ok).toBe(true);
  });

  it('does not expose development tools unless DEV_TOOLS is on', async () => {
    for (const url of ['/dev/', '/dev/outbox']) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(404);
      expect(response.json().code).toBe('NOT_FOUND');
    }
  });

  it('finishes in-flight requests on close, then closes the database', async () => {
    const slow = await buildTestApp();
    let release: () => void = () => {};
    let started = false;
    slow.get('/test/slow', async () => {
      started = true;
      await new Promise<void>((resolve) => {
        release = resolve;
      });
      return { success: true, value: 'done' };
    });
    await slow.listen({ port: 0, host: '127.0.0.1' });
    const address = slow.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    const pending = fetch(`http://127.0.0.1:${port}/test/slow`).then((response) => response.json());
    await expect.poll(() => started).toBe(true);
    const closing = slow.close();
    release();
    expect(await pending).toEqual({ success: true, value: 'done' });
    await closing;
    await expect(slow.database.ping()).rejects.toThrow();
  });
});

describe('platform: readiness and development tools', () => {
  it('reports not ready when the database cannot answer', async () => {
    const real = await createTestDatabase();
    const broken: Database = { ...real, ping: async () => Promise.reject(new Error('connection refused')) };
    const app = await buildTestApp({}, { database: broken });
    try {
      const response = await app.inject({ method: 'GET', url: '/readyz' });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toMatchObject({ success: false, code: 'SERVICE_UNAVAILABLE' });
    } finally {
      await app.close();
      await real.close();
    }
  });

  it('exposes the outbox under /dev when DEV_TOOLS is on', async () => {
    const app = await buildTestApp({ devTools: true });
    try {
      const response = await app.inject({ method: 'GET', url: '/dev/' });
      expect(response.statusCode).toBe(200);
      expect(response.json().value.devTools).toBe(true);
      await app.services.outbox.sms.send({ to: '+8801711111111', text: 'Your code is 123456' });
      await app.services.outbox.email.send({ to: 'a@b.example', subject: 'Reset', text: 'Link' });
      const sms = await app.inject({ method: 'GET', url: '/dev/outbox?channel=SMS&recipient=%2B8801711111111' });
      expect(sms.json().value).toEqual([
        expect.objectContaining({ channel: 'SMS', recipient: '+8801711111111', body: 'Your code is 123456' }),
      ]);
      const all = await app.inject({ method: 'GET', url: '/dev/outbox' });
      expect(all.json().value.map((message: { channel: string }) => message.channel)).toEqual(['EMAIL', 'SMS']);
    } finally {
      await app.close();
    }
  });
});

describe('config', () => {
  it('lists every bad variable at once', () => {
    let error: unknown;
    try {
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', MERCHANT_CODE: 'lower', DEV_TOOLS: 'maybe' });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const problems = (error as ConfigError).problems.join('\n');
    for (const name of ['PORT', 'DATABASE_URL', 'MERCHANT_CODE', 'DEV_TOOLS']) expect(problems).toContain(name);
  });

  it('has working defaults', () => {
    const config: AppConfig = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      devTools: false,
      merchantCode: 'DEMO',
      databaseUrl: undefined,
      redisUrl: undefined,
    });
    expect(config.dataDir.endsWith('.data')).toBe(true);
  });

  it("takes the points mall's job intervals from the environment", () => {
    expect(loadConfig({}).points).toEqual({
      earnIntervalSeconds: 60,
      recoveryIntervalSeconds: 60,
      conversionStaleMinutes: 5,
    });
    expect(
      loadConfig({
        POINTS_EARN_INTERVAL_SECONDS: '300',
        POINTS_RECOVERY_INTERVAL_SECONDS: '120',
        POINTS_CONVERSION_STALE_MINUTES: '15',
      }).points,
    ).toEqual({ earnIntervalSeconds: 300, recoveryIntervalSeconds: 120, conversionStaleMinutes: 15 });
    expect(() => loadConfig({ POINTS_EARN_INTERVAL_SECONDS: '0' })).toThrow(ConfigError);
  });

  it('opens the database the configuration names, with DATABASE_AUTO_PREPARE passed to PostgreSQL', () => {
    const url = 'postgres://portal@db.internal:5432/portal';
    expect(databaseOptionsFor(loadConfig({ DATABASE_URL: url }))).toMatchObject({
      kind: 'postgres',
      url,
      autoPrepare: true,
    });
    expect(databaseOptionsFor(loadConfig({ DATABASE_URL: url, DATABASE_AUTO_PREPARE: 'false' }))).toMatchObject({
      kind: 'postgres',
      autoPrepare: false,
    });
    expect(databaseOptionsFor(loadConfig({ DATA_DIR: '/srv/portal' }))).toEqual({
      kind: 'pglite',
      dataDir: path.join('/srv/portal', 'pglite'),
    });
  });
});

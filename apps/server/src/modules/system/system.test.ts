import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { featureIds, permissionResponseSchema, registerSettingsSchema, systemStatusSchema } from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createKv } from '../../platform/kv';
import { buildTestApp, createTestDatabase, fixedCountryResolver, testEnv } from '../../testing';
import { seedSystem } from './system.seed';
import { systemHelpArticles } from './system.tables';

const countries = fixedCountryResolver({ '203.0.113.7': 'KP', '198.51.100.4': 'BD', '2001:db8::7': 'KP' });

describe('system status and permission response', () => {
  let app: FastifyInstance;
  let clock = new Date('2026-11-22T10:00:00Z');
  beforeAll(async () => {
    app = await buildTestApp({ trustedProxies: ['127.0.0.1'] }, { countryResolver: countries, now: () => clock });
  });
  afterAll(() => app.close());

  const status = async (ip = '198.51.100.4') =>
    systemStatusSchema.parse(
      (await app.inject({ method: 'GET', url: '/wps/system/status', headers: { 'x-forwarded-for': ip } })).json().value,
    );

  it('is normal (0) by default and reports the client location', async () => {
    expect(await status()).toMatchObject({
      status: 0,
      maintenance: false,
      regionRestriction: false,
      maintenanceEnd: null,
      location: { ip: '198.51.100.4', country: 'BD' },
    });
  });

  it('is maintenance (1) with its end time while the window is open, and normal after it', async () => {
    await app.services.system.setMaintenance({ enabled: true, end: new Date('2026-11-22T12:00:00Z') });
    expect(await status()).toMatchObject({ status: 1, maintenance: true, maintenanceEnd: '2026-11-22T12:00:00.000Z' });
    clock = new Date('2026-11-22T12:00:01Z');
    expect(await status()).toMatchObject({ status: 0, maintenance: false, maintenanceEnd: null });
    clock = new Date('2026-11-22T10:00:00Z');
    await app.services.system.setMaintenance({ enabled: false, end: null });
  });

  it('is region restricted (2) for a blocked country or IP range, by the client IP', async () => {
    await app.services.system.setRegionBlock({ countries: ['kp'], ipRanges: ['192.0.2.0/24'] });
    expect(await status('203.0.113.7')).toMatchObject({
      status: 2,
      regionRestriction: true,
      location: { ip: '203.0.113.7', country: 'KP' },
    });
    expect(await status('2001:db8::7')).toMatchObject({ status: 2 });
    expect(await status('192.0.2.55')).toMatchObject({ status: 2, location: { country: null } });
    expect(await status('198.51.100.4')).toMatchObject({ status: 0 });
  });

  it('answers the status poll with the same content as the typed status, the server time included', async () => {
    const answer = async (ip: string) =>
      (await app.inject({ method: 'GET', url: '/wps/system/status', headers: { 'x-forwarded-for': ip } })).json();
    for (const ip of ['198.51.100.4', '203.0.113.7']) {
      expect(await answer(ip)).toEqual({ success: true, value: await app.services.system.status(ip) });
    }
    // The remembered part of a client's answer follows the maintenance state and the clock.
    await app.services.system.setMaintenance({ enabled: true, end: new Date('2026-11-22T12:00:00Z') });
    expect(await answer('198.51.100.4')).toEqual({
      success: true,
      value: await app.services.system.status('198.51.100.4'),
    });
    clock = new Date('2026-11-22T11:00:00.123Z');
    expect((await answer('198.51.100.4')).value).toMatchObject({ status: 1, serverTime: '2026-11-22T11:00:00.123Z' });
    clock = new Date('2026-11-22T10:00:00Z');
    await app.services.system.setMaintenance({ enabled: false, end: null });
    expect((await answer('198.51.100.4')).value).toMatchObject({ status: 0, serverTime: '2026-11-22T10:00:00.000Z' });
  });

  it('gives maintenance priority over region restriction', async () => {
    await app.services.system.setMaintenance({ enabled: true, end: null });
    expect(await status('203.0.113.7')).toMatchObject({ status: 1, maintenance: true, regionRestriction: true });
    await app.services.system.setMaintenance({ enabled: false, end: null });
  });

  it('answers a polling client from its remembered permission response until the maintenance state moves', async () => {
    const whitelabel = async () =>
      permissionResponseSchema.parse(
        (
          await app.inject({
            method: 'GET',
            url: '/wps/system/whitelabel',
            headers: { 'x-forwarded-for': '198.51.100.4' },
          })
        ).json().value,
      );
    expect(await whitelabel()).toMatchObject({ maintenance: false, maintenanceEnd: null });
    await app.services.system.setMaintenance({ enabled: true, end: new Date('2026-11-22T12:00:00Z') });
    expect(await whitelabel()).toMatchObject({ maintenance: true, maintenanceEnd: '2026-11-22T12:00:00.000Z' });
    clock = new Date('2026-11-22T12:00:01Z');
    expect(await whitelabel()).toMatchObject({ maintenance: false, maintenanceEnd: null });
    clock = new Date('2026-11-22T10:00:00Z');
    expect(await whitelabel()).toMatchObject({ maintenance: true });
    await app.services.system.setMaintenance({ enabled: false, end: null });
    expect(await whitelabel()).toMatchObject({ maintenance: false });
  });

  it('sends the permission response compressed the way the browser asks, the same JSON in every encoding', async () => {
    const get = (acceptEncoding?: string) =>
      app.inject({
        method: 'GET',
        url: '/wps/system/whitelabel',
        headers: {
          'x-forwarded-for': '198.51.100.4',
          ...(acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}),
        },
      });
    const plain = await get();
    expect(plain.headers['content-encoding']).toBeUndefined();
    const br = await get('gzip, deflate, br, zstd');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toContain('accept-encoding');
    expect(brotliDecompressSync(br.rawPayload).toString('utf8')).toBe(plain.body);
    const gzip = await get('gzip;q=1, br;q=0');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString('utf8')).toBe(plain.body);
    const none = await get('identity');
    expect(none.headers['content-encoding']).toBeUndefined();
    expect(none.body).toBe(plain.body);
  });

  it('serves the permission response with info, location and the status flags', async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/wps/system/whitelabel',
      headers: { 'x-forwarded-for': '203.0.113.7' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('application/json');
    const body = response.json();
    expect(body.success).toBe(true);
    const value = permissionResponseSchema.parse(body.value);
    expect(value).toMatchObject({
      maintenance: false,
      regionRestriction: true,
      maintenanceEnd: null,
      location: { ip: '203.0.113.7', country: 'KP' },
    });
    expect(value.info).toMatchObject({
      merchantCode: 'DEMO',
      siteName: 'BDX88',
      currency: { code: 'BDT', scale: 2, symbol: '৳' },
      defaultLanguage: 'en',
    });
    expect(value.info.customerService.map((entry) => entry.csType)).toEqual([
      'TELEGRAM',
      'WHATSAPP',
      'FACEBOOK',
      'EMAIL',
    ]);
    // The public key travels only while payload encryption is on.
    expect(value.info.payloadEncryption).toEqual({ enabled: false, publicKey: null });
    await app.services.system.setPayloadEncryption(true);
    const on = await app.inject({ method: 'GET', url: '/wps/system/whitelabel' });
    expect(on.json().value.info.payloadEncryption).toEqual({
      enabled: true,
      publicKey: expect.stringContaining('BEGIN PUBLIC KEY'),
    });
    await app.services.system.setPayloadEncryption(false);
    const ids = new Set<string>();
    const walk = (nodes: typeof value.info.whitelabel) => {
      for (const node of nodes) {
        ids.add(node.modId);
        walk(node.childrenNodes);
      }
    };
    walk(value.info.whitelabel);
    for (const id of featureIds) expect(ids).toContain(id);
    const register = value.info.whitelabel
      .find((node) => node.modId === 'MEMBER')
      ?.childrenNodes.find((node) => node.modId === 'REGISTER3');
    expect(register?.childrenNodes.map((node) => node.modId)).toEqual([
      'USERNAMEREG3',
      'MOBILENUMREG3',
      'REGMOBVERF3',
      'MOBILENUMPASSREG3',
    ]);
  });

  it('honours X-Forwarded-For only from a trusted proxy', async () => {
    const untrusted = await app.inject({
      method: 'GET',
      url: '/wps/system/status',
      remoteAddress: '192.0.2.200',
      headers: { 'x-forwarded-for': '198.51.100.4' },
    });
    // 192.0.2.200 is blocked itself; the forged header from it must not unblock it.
    expect(untrusted.json().value).toMatchObject({ status: 2, location: { ip: '192.0.2.200' } });
  });

  it('serves registration settings; the default tab follows mobile registration', async () => {
    const first = registerSettingsSchema.parse(
      (await app.inject({ method: 'GET', url: '/wps/system/setting/register' })).json().value,
    );
    expect(first).toMatchObject({
      usernameRegistration: true,
      mobileRegistration: true,
      smsVerification: true,
      mobileWithPassword: false,
      defaultMethod: 'mobile',
    });
    expect(first.fields.username).toMatchObject({
      enabled: true,
      required: true,
      patternId: 'LETTER_FIRST_ALNUM',
      minLength: 6,
      maxLength: 16,
    });
    expect(first.fields.birthday?.enabled).toBe(false);
    await app.services.system.setFeature('MOBILENUMREG3', false);
    const second = registerSettingsSchema.parse(
      (await app.inject({ method: 'GET', url: '/wps/system/setting/register' })).json().value,
    );
    expect(second).toMatchObject({ mobileRegistration: false, defaultMethod: 'username' });
    await app.services.system.setFeature('MOBILENUMREG3', true);
  });

  it('serves the domain route', async () => {
    const value = (await app.inject({ method: 'GET', url: '/wps/system/domainRoute' })).json().value;
    expect(value).toEqual({
      mainDomain: 'localhost',
      routes: [
        { domain: 'localhost', purpose: 'PLAYER', sort: 1 },
        { domain: 'localhost', purpose: 'AGENT', sort: 2 },
      ],
    });
  });

  it('serves the help centre in the asked language, with the terms article, sanitised on the way out', async () => {
    await app.database.db.insert(systemHelpArticles).values({
      merchantCode: 'DEMO',
      category: 'faq',
      categorySort: 3,
      anchor: 'unsafe',
      sortOrder: 99,
      translations: {
        en: {
          categoryTitle: 'FAQ',
          title: 'Unsafe',
          content: '<p onclick="x()">Hi<script>alert(1)</script><a href="javascript:alert(1)">x</a></p>',
        },
      },
    });
    await app.services.system.invalidate();
    const en = (await app.inject({ method: 'GET', url: '/wps/system/helpCenter?lang=en&device=WEB' })).json().value;
    const terms = en.categories
      .flatMap((category: { articles: { anchor: string; title: string }[] }) => category.articles)
      .find((article: { anchor: string }) => article.anchor === 'term');
    expect(terms.title).toBe('Terms and conditions');
    const unsafe = en.categories
      .flatMap((category: { articles: { anchor: string; content: string }[] }) => category.articles)
      .find((article: { anchor: string }) => article.anchor === 'unsafe');
    expect(unsafe.content).not.toMatch(/script|onclick|javascript:/);
    expect(unsafe.content).toContain('Hi');
    const bn = (await app.inject({ method: 'GET', url: '/wps/system/helpCenter?lang=bn' })).json().value;
    expect(bn.categories[1].articles[0].title).toBe('শর্তাবলি');
    // An article without a Bengali text falls back to English rather than disappearing.
    expect(JSON.stringify(bn)).toContain('Unsafe');
  });

  it('answers "function not enabled" for the help centre when HELPCENTER3 is off', async () => {
    await app.services.system.setFeature('HELPCENTER3', false);
    const response = await app.inject({ method: 'GET', url: '/wps/system/helpCenter', headers: { language: 'bn' } });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({
      code: 'SYSTEM_FUNCTION_NOT_ENABLED',
      message: 'ফাংশনটি চালু নেই অথবা কাজটি অনুমোদিত নয়',
    });
    await app.services.system.setFeature('HELPCENTER3', true);
  });

  it('refuses a bad help-centre query', async () => {
    const response = await app.inject({ method: 'GET', url: '/wps/system/helpCenter?device=FRIDGE' });
    expect(response.statusCode).toBe(400);
    expect(response.json().issues[0].path).toBe('querystring.device');
  });
});

describe('system configuration across instances', () => {
  it('seeds once: a second seed of the same merchant changes nothing', async () => {
    const database = await createTestDatabase();
    try {
      expect(
        await seedSystem(database.db, {
          merchantCode: 'SEEDME',
          siteName: 'Seed',
          currency: 'VND',
          defaultLanguage: 'bn',
        }),
      ).toBe(true);
      expect(
        await seedSystem(database.db, {
          merchantCode: 'SEEDME',
          siteName: 'Seed',
          currency: 'BDT',
          defaultLanguage: 'en',
        }),
      ).toBe(false);
    } finally {
      await database.close();
    }
  });

  it('a change made on one instance reaches another through pub/sub despite a long cache TTL', async () => {
    const database = await createTestDatabase();
    const keyPrefix = `test:${Date.now()}:${Math.random().toString(36).slice(2)}:`;
    const kvA = createKv({ redisUrl: testEnv.redisUrl, keyPrefix });
    const kvB = testEnv.redisUrl ? createKv({ redisUrl: testEnv.redisUrl, keyPrefix }) : kvA;
    const a = await buildTestApp({ permissionCacheTtlMs: 600_000 }, { database, kv: kvA });
    const b = await buildTestApp({ permissionCacheTtlMs: 600_000 }, { database, kv: kvB });
    try {
      expect((await b.inject({ method: 'GET', url: '/wps/system/status' })).json().value.status).toBe(0);
      await a.services.system.setMaintenance({ enabled: true, end: null });
      await expect
        .poll(async () => (await b.inject({ method: 'GET', url: '/wps/system/status' })).json().value.status, {
          timeout: 3000,
        })
        .toBe(1);
    } finally {
      await a.close();
      await b.close();
      await kvA.close();
      if (kvB !== kvA) await kvB.close();
      await database.close();
    }
  });
});

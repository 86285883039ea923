import { type AuditEntry, acceptedPatternFor, type SiteConfiguration } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BackofficeTestApp, buildBackofficeTestApp } from './backoffice.test-helpers';

describe('back office: site configuration', () => {
  let bo: BackofficeTestApp;
  let owner: string;

  beforeAll(async () => {
    bo = await buildBackofficeTestApp();
    owner = await bo.signIn('owner');
  });
  afterAll(() => bo.app.close());

  async function lastAudit(action: string): Promise<AuditEntry> {
    const page = await bo.call('GET', `/audit?action=${encodeURIComponent(action)}&pageSize=1`, { cookie: owner });
    const entry = page.json().value.items[0] as AuditEntry | undefined;
    if (!entry) throw new Error(`no audit entry for ${action}`);
    return entry;
  }

  async function put(path: string, body: unknown) {
    return bo.call('PUT', path, { cookie: owner, body });
  }

  function permission() {
    return bo.app.inject({ method: 'GET', url: '/wps/system/whitelabel', remoteAddress: '203.0.113.9' });
  }

  it('reads the stored configuration', async () => {
    const response = await bo.call('GET', '/config', { cookie: owner });
    expect(response.statusCode).toBe(200);
    const config = response.json().value as SiteConfiguration;
    expect(config.maintenance).toEqual({ enabled: false, end: null });
    expect(config.general.languages).toEqual(['en', 'bn']);
    expect(config.features.find((feature) => feature.modId === 'MEMBER')).toMatchObject({
      parentModId: null,
      enabled: true,
    });
    expect(config.registerFields.find((rule) => rule.field === 'username')).toMatchObject({
      patternId: 'LETTER_FIRST_ALNUM',
      required: true,
    });
    expect(config.customerService.length).toBeGreaterThan(0);
  });

  it('switches maintenance with an end time: players see it, and the audit log has before and after', async () => {
    const end = new Date(Date.now() + 3_600_000).toISOString();
    const response = await put('/config/maintenance', { enabled: true, end });
    expect(response.statusCode).toBe(200);
    expect(response.json().value.maintenance).toEqual({ enabled: true, end });
    const status = await bo.app.inject({ method: 'GET', url: '/wps/system/status' });
    expect(status.json().value).toMatchObject({ status: 1, maintenance: true, maintenanceEnd: end });
    // The back office keeps working during maintenance: it is how maintenance is switched off.
    expect((await bo.call('GET', '/config', { cookie: owner })).statusCode).toBe(200);

    const entry = await lastAudit('config.maintenance');
    expect(entry).toMatchObject({
      operatorUsername: 'owner',
      target: 'site:maintenance',
      ip: '127.0.0.1',
      before: { enabled: false, end: null },
      after: { enabled: true, end },
    });

    const off = await put('/config/maintenance', { enabled: false, end: null });
    expect(off.json().value.maintenance).toEqual({ enabled: false, end: null });
    expect((await bo.app.inject({ method: 'GET', url: '/wps/system/status' })).json().value.status).toBe(0);
  });

  it('refuses a maintenance end in the past', async () => {
    const response = await put('/config/maintenance', { enabled: true, end: '2001-01-01T00:00:00Z' });
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('VALIDATION_FAILED');
  });

  it('replaces the region block list: a blocked range is restricted at once', async () => {
    const response = await put('/config/region-block', {
      countries: ['us', 'KP', 'us'],
      ipRanges: ['203.0.113.0/24', '2001:db8::/32', '198.51.100.7'],
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().value.regionBlock).toEqual({
      countries: ['KP', 'US'],
      ipRanges: ['203.0.113.0/24', '2001:db8::/32', '198.51.100.7'],
    });
    expect((await permission()).json().value.regionRestriction).toBe(true);
    const entry = await lastAudit('config.region_block');
    expect(entry.before).toEqual({ countries: [], ipRanges: [] });
    expect(entry.after).toEqual(response.json().value.regionBlock);

    await put('/config/region-block', { countries: [], ipRanges: [] });
    expect((await permission()).json().value.regionRestriction).toBe(false);
  });

  it('refuses malformed IP ranges and country codes', async () => {
    for (const body of [
      { countries: [], ipRanges: ['203.0.113.0/99'] },
      { countries: [], ipRanges: ['not-an-ip'] },
      { countries: ['USA'], ipRanges: [] },
    ]) {
      const response = await put('/config/region-block', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().code).toBe('VALIDATION_FAILED');
    }
  });

  it('switches payload encryption', async () => {
    const on = await put('/config/payload-encryption', { enabled: true });
    expect(on.json().value.payloadEncryption).toEqual({ enabled: true });
    expect((await permission()).json().value.info.payloadEncryption.enabled).toBe(true);
    expect(await lastAudit('config.payload_encryption')).toMatchObject({
      before: { enabled: false },
      after: { enabled: true },
    });
    await put('/config/payload-encryption', { enabled: false });
  });

  it('changes default language, CDN lists and the analytics id', async () => {
    const body = {
      defaultLanguage: 'bn',
      imageCdns: ['https://img1.example.com', '/'],
      launchGameCdns: ['https://launch.example.com/base'],
      gtagId: 'G-TEST12345',
    };
    const response = await put('/config/general', body);
    expect(response.statusCode).toBe(200);
    const info = (await permission()).json().value.info;
    expect(info).toMatchObject({
      defaultLanguage: 'bn',
      imageCDNs: body.imageCdns,
      launchGameCDNs: body.launchGameCdns,
      analytics: { gtagId: 'G-TEST12345' },
    });
    const entry = await lastAudit('config.general');
    expect(entry.before).toEqual({ defaultLanguage: 'en', imageCdns: ['/'], launchGameCdns: ['/'], gtagId: null });
    expect(entry.after).toEqual(body);
  });

  it('refuses a language the site does not offer, a javascript: CDN and a malformed gtag id', async () => {
    const base = { defaultLanguage: 'en', imageCdns: ['/'], launchGameCdns: ['/'], gtagId: null };
    for (const change of [
      { defaultLanguage: 'th' },
      { imageCdns: ['javascript:alert(1)'] },
      { imageCdns: [] },
      { gtagId: 'tracking' },
    ]) {
      const response = await put('/config/general', { ...base, ...change });
      expect(response.statusCode, JSON.stringify(change)).toBe(400);
      expect(response.json().code).toBe('VALIDATION_FAILED');
    }
  });

  it('switches a node of the feature tree, and refuses an unknown node', async () => {
    const response = await put('/config/features/REGISTER3', { enabled: false });
    expect(response.statusCode).toBe(200);
    const tree = (await permission()).json().value.info.whitelabel as {
      modId: string;
      enabled: boolean;
      childrenNodes: { modId: string; enabled: boolean }[];
    }[];
    const member = tree.find((node) => node.modId === 'MEMBER');
    expect(member?.childrenNodes.find((node) => node.modId === 'REGISTER3')?.enabled).toBe(false);
    expect(await lastAudit('config.feature')).toMatchObject({
      target: 'feature:REGISTER3',
      before: { enabled: true },
      after: { enabled: false },
    });
    await put('/config/features/REGISTER3', { enabled: true });

    const unknown = await put('/config/features/NOPE3', { enabled: true });
    expect(unknown.statusCode).toBe(404);
  });

  it('updates registration field rules with the accepted pattern of the family', async () => {
    const response = await put('/config/register-fields', {
      rules: [
        { field: 'email', enabled: true, required: true, patternId: 'EMAIL', minLength: 6, maxLength: 80 },
        { field: 'nickname', enabled: true, required: false, patternId: 'BENGALI', minLength: 2, maxLength: 30 },
      ],
    });
    expect(response.statusCode).toBe(200);
    const settings = (await bo.app.inject({ method: 'GET', url: '/wps/system/setting/register' })).json().value;
    expect(settings.fields.email).toEqual({
      enabled: true,
      required: true,
      patternId: 'EMAIL',
      acceptedPattern: acceptedPatternFor('EMAIL'),
      minLength: 6,
      maxLength: 80,
    });
    expect(settings.fields.nickname.acceptedPattern).toBe(acceptedPatternFor('BENGALI'));
    const entry = await lastAudit('config.register_fields');
    expect(entry.target).toBe('register-fields:email,nickname');
    expect((entry.before as { field: string; required: boolean }[]).map((rule) => [rule.field, rule.required])).toEqual(
      [
        ['email', false],
        ['nickname', false],
      ],
    );
    expect((entry.after as { field: string; maxLength: number }[]).map((rule) => rule.maxLength)).toEqual([80, 30]);
  });

  it('refuses a rule whose minimum is above its maximum, or required while switched off', async () => {
    for (const rule of [
      { field: 'email', enabled: true, required: false, patternId: 'EMAIL', minLength: 10, maxLength: 5 },
      { field: 'email', enabled: false, required: true, patternId: 'EMAIL', minLength: 1, maxLength: 5 },
      { field: 'unknownField', enabled: true, required: false, patternId: 'EMAIL', minLength: 1, maxLength: 5 },
    ]) {
      const response = await put('/config/register-fields', { rules: [rule] });
      expect(response.statusCode).toBe(400);
    }
  });

  it('replaces customer-service entries, switched-off ones kept for the operator only', async () => {
    const entries = [
      { csType: 'LIVECHAT', title: 'Live chat', url: 'https://chat.example.com/x', sort: 1, enabled: true },
      { csType: 'WHATSAPP', title: 'WhatsApp', url: 'whatsapp://send?phone=8801700000000', sort: 2, enabled: false },
      { csType: 'EMAIL', title: 'E-mail', url: 'mailto:help@example.com', sort: 3, enabled: true },
    ];
    const before = (await bo.call('GET', '/config', { cookie: owner })).json().value.customerService;
    const response = await put('/config/customer-service', { entries });
    expect(response.json().value.customerService).toEqual(entries);
    const shown = (await permission()).json().value.info.customerService as { csType: string }[];
    expect(shown.map((entry) => entry.csType)).toEqual(['LIVECHAT', 'EMAIL']);
    const entry = await lastAudit('config.customer_service');
    expect(entry.before).toEqual(before);
    expect(entry.after).toEqual(entries);
  });

  it('refuses a customer-service link with a script scheme', async () => {
    const response = await put('/config/customer-service', {
      entries: [{ csType: 'LIVECHAT', title: 'x', url: 'javascript:alert(1)', sort: 1, enabled: true }],
    });
    expect(response.statusCode).toBe(400);
  });

  it('audits every change it made, by this operator and from this address', async () => {
    const page = (await bo.call('GET', '/audit?action=config.&pageSize=100', { cookie: owner })).json().value;
    const actions = new Set((page.items as AuditEntry[]).map((entry) => entry.action));
    expect([...actions].sort()).toEqual([
      'config.customer_service',
      'config.feature',
      'config.general',
      'config.maintenance',
      'config.payload_encryption',
      'config.region_block',
      'config.register_fields',
    ]);
    expect((page.items as AuditEntry[]).every((entry) => entry.operatorUsername === 'owner')).toBe(true);
    // Refused changes leave no entry: 11 accepted changes were made above.
    expect(page.total).toBe(11);
  });
});

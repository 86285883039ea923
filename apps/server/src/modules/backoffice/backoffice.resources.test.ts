import type { AuditEntry, SiteConfiguration } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BackofficeTestApp, buildBackofficeTestApp, createOperatorAndSignIn } from './backoffice.test-helpers';

describe('back office: site resources', () => {
  let bo: BackofficeTestApp;
  let owner: string;

  beforeAll(async () => {
    bo = await buildBackofficeTestApp();
    owner = await bo.signIn('owner');
  }, 60_000);
  afterAll(() => bo.app.close());

  const entries = [
    { resourceType: 'Android', labelNameEn: 'Android app', url: 'https://cdn.example.com/app.apk', sort: 1 },
    { resourceType: 'TELEGRAM', labelNameEn: 'Telegram channel', url: 'https://t.me/example', sort: 2 },
    { resourceType: 'WHATSAPP', labelNameEn: 'WhatsApp community', url: 'http://wa.me/8801700000000', sort: 3 },
  ];

  async function config(): Promise<SiteConfiguration> {
    return (await bo.call('GET', '/config', { cookie: owner })).json().value as SiteConfiguration;
  }

  async function auditEntries(): Promise<AuditEntry[]> {
    const page = await bo.call('GET', '/audit?action=config.resources&pageSize=100', { cookie: owner });
    return page.json().value.items as AuditEntry[];
  }

  function shownToPlayers() {
    return bo.app.inject({ method: 'GET', url: '/wps/system/whitelabel', remoteAddress: '203.0.113.9' });
  }

  it('replaces the resources: the console reads them back and players see them at once', async () => {
    // Read the permission response first so that the snapshot is cached and the save has to drop it.
    expect((await shownToPlayers()).statusCode).toBe(200);
    const before = (await config()).resources;

    const response = await bo.call('PUT', '/config/resources', { cookie: owner, body: { entries } });
    expect(response.statusCode).toBe(200);
    expect(response.json().value.resources).toEqual(entries);
    expect((await config()).resources).toEqual(entries);

    const shown = (await shownToPlayers()).json().value.info.resources;
    expect(shown).toEqual(entries.map(({ sort: _sort, ...entry }) => entry));

    const [entry] = await auditEntries();
    expect(entry).toMatchObject({ operatorUsername: 'owner', action: 'config.resources', target: 'site:resources' });
    expect(entry?.before).toEqual(before);
    expect(entry?.after).toEqual(entries);
  });

  it('keeps the order given by sort, and an empty list removes every resource', async () => {
    const reordered = [
      { ...entries[1], sort: 1 },
      { ...entries[0], sort: 2 },
    ];
    await bo.call('PUT', '/config/resources', { cookie: owner, body: { entries: reordered } });
    const shown = (await shownToPlayers()).json().value.info.resources as { resourceType: string }[];
    expect(shown.map((entry) => entry.resourceType)).toEqual(['TELEGRAM', 'Android']);

    expect((await bo.call('PUT', '/config/resources', { cookie: owner, body: { entries: [] } })).statusCode).toBe(200);
    expect((await shownToPlayers()).json().value.info.resources).toEqual([]);
    await bo.call('PUT', '/config/resources', { cookie: owner, body: { entries } });
  });

  it('refuses invalid entries with VALIDATION_FAILED and changes nothing', async () => {
    const valid = entries[0];
    const refusedBodies = [
      { entries: [{ ...valid, url: 'javascript:alert(1)' }] },
      { entries: [{ ...valid, url: 'tg://resolve?domain=example' }] },
      { entries: [{ ...valid, url: 'https://' }] },
      { entries: [{ ...valid, labelNameEn: '   ' }] },
      { entries: [{ ...valid, labelNameEn: 'x'.repeat(61) }] },
      { entries: [{ ...valid, resourceType: 'app download' }] },
      { entries: [{ ...valid, resourceType: '1APP' }] },
      { entries: [{ ...valid, sort: 1.5 }] },
      { entries: [{ ...valid, extra: true }] },
      { entries: [valid, { ...entries[1], resourceType: valid?.resourceType }] },
      { entries: Array.from({ length: 31 }, (_, index) => ({ ...valid, resourceType: `APP_${index}` })) },
    ];
    const auditedBefore = (await auditEntries()).length;
    for (const body of refusedBodies) {
      const response = await bo.call('PUT', '/config/resources', { cookie: owner, body });
      expect(response.statusCode, JSON.stringify(body).slice(0, 120)).toBe(400);
      expect(response.json().code).toBe('VALIDATION_FAILED');
    }
    expect((await config()).resources).toEqual(entries);
    expect((await auditEntries()).length).toBe(auditedBefore);
  });

  it('lets content edit the resources, and refuses support and risk', async () => {
    const content = await createOperatorAndSignIn(bo, owner, 'content.op', 'content');
    const support = await createOperatorAndSignIn(bo, owner, 'support.op', 'support');
    const risk = await createOperatorAndSignIn(bo, owner, 'risk.op', 'risk');
    for (const cookie of [support, risk]) {
      const refused = await bo.call('PUT', '/config/resources', { cookie, body: { entries: [] } });
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({ code: 'BO_FORBIDDEN', params: { permission: 'site.general' } });
    }
    expect((await config()).resources).toEqual(entries);
    const allowed = await bo.call('PUT', '/config/resources', {
      cookie: content,
      body: { entries: entries.slice(0, 1) },
    });
    expect(allowed.statusCode).toBe(200);
    expect((await auditEntries())[0]).toMatchObject({ operatorUsername: 'content.op' });
  }, 60_000);
});

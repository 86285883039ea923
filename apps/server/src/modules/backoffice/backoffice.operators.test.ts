import { operatorPermissions, rolePermissions } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BackofficeTestApp, buildBackofficeTestApp, createOperatorAndSignIn } from './backoffice.test-helpers';
import { createBackofficeService, type OperatorContext } from './index';

describe('back office: roles and operators', () => {
  let bo: BackofficeTestApp;
  let owner: string;
  const cookies: Record<string, string> = {};

  beforeAll(async () => {
    bo = await buildBackofficeTestApp();
    owner = await bo.signIn('owner');
    for (const role of ['finance', 'support', 'content', 'risk'] as const) {
      cookies[role] = await createOperatorAndSignIn(bo, owner, `${role}.op`, role);
    }
  }, 60_000);
  afterAll(() => bo.app.close());

  it('gives each role its permission list', async () => {
    for (const role of ['finance', 'support', 'content', 'risk'] as const) {
      const me = await bo.call('GET', '/session/me', { cookie: cookies[role] });
      expect(me.json().value.permissions).toEqual(rolePermissions[role]);
    }
    const me = await bo.call('GET', '/session/me', { cookie: owner });
    expect(me.json().value.permissions).toEqual([...operatorPermissions]);
  });

  it('lets every role read the configuration', async () => {
    for (const cookie of [owner, ...Object.values(cookies)]) {
      expect((await bo.call('GET', '/config', { cookie })).statusCode).toBe(200);
    }
  });

  it('refuses support switching features, and lets risk do it', async () => {
    const refused = await bo.call('PUT', '/config/features/FEEDBACK3', {
      cookie: cookies.support,
      body: { enabled: false },
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'BO_FORBIDDEN', params: { permission: 'features.write' } });
    const allowed = await bo.call('PUT', '/config/features/FEEDBACK3', {
      cookie: cookies.risk,
      body: { enabled: false },
    });
    expect(allowed.statusCode).toBe(200);
  });

  it('lets support edit customer-service entries but not maintenance', async () => {
    const entries = [{ csType: 'TELEGRAM', title: 'Telegram', url: 'https://t.me/help', sort: 1, enabled: true }];
    expect(
      (await bo.call('PUT', '/config/customer-service', { cookie: cookies.support, body: { entries } })).statusCode,
    ).toBe(200);
    const maintenance = await bo.call('PUT', '/config/maintenance', {
      cookie: cookies.support,
      body: { enabled: true, end: null },
    });
    expect(maintenance.json().code).toBe('BO_FORBIDDEN');
  });

  it('refuses finance managing operators, changing configuration; lets it read the audit log', async () => {
    for (const [method, path, body] of [
      ['GET', '/operators', undefined],
      ['POST', '/operators', { username: 'sneaky', role: 'owner' }],
      ['POST', '/operators/1/reset-2fa', {}],
      ['PUT', '/config/payload-encryption', { enabled: true }],
      ['PUT', '/config/general', { defaultLanguage: 'en', imageCdns: ['/'], launchGameCdns: ['/'], gtagId: null }],
    ] as const) {
      const response = await bo.call(method, path, { cookie: cookies.finance, body });
      expect(response.statusCode, `${method} ${path}`).toBe(403);
      expect(response.json().code).toBe('BO_FORBIDDEN');
    }
    expect((await bo.call('GET', '/audit', { cookie: cookies.finance })).statusCode).toBe(200);
  });

  it('lets content change the general settings but not the region block or operators', async () => {
    const general = await bo.call('PUT', '/config/general', {
      cookie: cookies.content,
      body: { defaultLanguage: 'bn', imageCdns: ['/'], launchGameCdns: ['/'], gtagId: 'G-ABC1234' },
    });
    expect(general.statusCode).toBe(200);
    expect(
      (await bo.call('PUT', '/config/region-block', { cookie: cookies.content, body: { countries: [], ipRanges: [] } }))
        .statusCode,
    ).toBe(403);
    expect((await bo.call('GET', '/operators', { cookie: cookies.content })).statusCode).toBe(403);
    expect((await bo.call('GET', '/audit', { cookie: cookies.content })).statusCode).toBe(403);
  });

  it('refuses risk managing operators', async () => {
    const response = await bo.call('POST', '/operators', {
      cookie: cookies.risk,
      body: { username: 'another', role: 'risk' },
    });
    expect(response.json().code).toBe('BO_FORBIDDEN');
  });

  it('lists operators for the owner without secrets', async () => {
    const list = await bo.call('GET', '/operators', { cookie: owner });
    const items = list.json().value.items as Record<string, unknown>[];
    expect(items.map((item) => item.username)).toEqual(['owner', 'finance.op', 'support.op', 'content.op', 'risk.op']);
    expect(list.body).not.toMatch(/argon2|totpSecret|passwordHash/);
    expect(items.every((item) => item.totpEnrolled === true)).toBe(true);
  });

  it('refuses a taken username whatever its case, and a malformed one', async () => {
    const taken = await bo.call('POST', '/operators', {
      cookie: owner,
      body: { username: 'Finance.Op', role: 'risk' },
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().code).toBe('BO_USERNAME_TAKEN');
    const malformed = await bo.call('POST', '/operators', { cookie: owner, body: { username: '1 bad', role: 'risk' } });
    expect(malformed.json().code).toBe('VALIDATION_FAILED');
    const badRole = await bo.call('POST', '/operators', { cookie: owner, body: { username: 'goodname', role: 'god' } });
    expect(badRole.json().code).toBe('VALIDATION_FAILED');
  });

  it('changes a role, and the new permissions apply to the live session', async () => {
    const list = (await bo.call('GET', '/operators', { cookie: owner })).json().value.items as {
      id: number;
      username: string;
    }[];
    const support = list.find((item) => item.username === 'support.op');
    const changed = await bo.call('PATCH', `/operators/${support?.id}`, { cookie: owner, body: { role: 'risk' } });
    expect(changed.json().value.role).toBe('risk');
    expect(
      (await bo.call('PUT', '/config/features/FEEDBACK3', { cookie: cookies.support, body: { enabled: true } }))
        .statusCode,
    ).toBe(200);
    await bo.call('PATCH', `/operators/${support?.id}`, { cookie: owner, body: { role: 'support' } });
  });

  it('refuses an owner disabling themselves or changing their own role, and always keeps an active owner', async () => {
    const me = (await bo.call('GET', '/session/me', { cookie: owner })).json().value.operator.id as number;
    expect((await bo.call('POST', `/operators/${me}/disable`, { cookie: owner, body: {} })).json().code).toBe(
      'BO_SELF_CHANGE',
    );
    expect((await bo.call('PATCH', `/operators/${me}`, { cookie: owner, body: { role: 'risk' } })).json().code).toBe(
      'BO_SELF_CHANGE',
    );

    const second = await createOperatorAndSignIn(bo, owner, 'owner.two', 'owner');
    const secondId = (await bo.call('GET', '/session/me', { cookie: second })).json().value.operator.id as number;
    // Two owners demoting each other at once: one wins, the other is refused, one active owner remains.
    const [first, other] = await Promise.all([
      bo.call('PATCH', `/operators/${secondId}`, { cookie: owner, body: { role: 'risk' } }),
      bo.call('PATCH', `/operators/${me}`, { cookie: second, body: { role: 'risk' } }),
    ]);
    const statuses = [first.statusCode, other.statusCode].sort();
    expect(statuses[0]).toBe(200);
    expect([403, 409]).toContain(statuses[1]);
    const owners = (
      (await bo.call('GET', '/operators', { cookie: first.statusCode === 200 ? owner : second })).json().value
        .items as { role: string; status: string }[]
    ).filter((item) => item.role === 'owner' && item.status === 'active');
    expect(owners).toHaveLength(1);
    // Put the first owner back as the only owner for the tests that follow.
    if (first.statusCode !== 200) {
      await bo.call('PATCH', `/operators/${me}`, { cookie: second, body: { role: 'owner' } });
      await bo.call('PATCH', `/operators/${secondId}`, { cookie: owner, body: { role: 'risk' } });
    }
    expect((await bo.call('GET', '/operators', { cookie: owner })).statusCode).toBe(200);
    // The demoted owner's live session lost operator management at once.
    expect((await bo.call('GET', '/operators', { cookie: second })).statusCode).toBe(403);
  });

  it('answers an unknown operator id with BO_OPERATOR_NOT_FOUND', async () => {
    const response = await bo.call('POST', '/operators/9999/disable', { cookie: owner, body: {} });
    expect(response.statusCode).toBe(404);
    expect(response.json().code).toBe('BO_OPERATOR_NOT_FOUND');
  });

  it('resets a password to a new one-time password and ends their sessions', async () => {
    const list = (await bo.call('GET', '/operators', { cookie: owner })).json().value.items as {
      id: number;
      username: string;
    }[];
    const content = list.find((item) => item.username === 'content.op');
    const reset = await bo.call('POST', `/operators/${content?.id}/reset-password`, { cookie: owner, body: {} });
    expect(reset.json().value.operator.mustChangePassword).toBe(true);
    expect((await bo.call('GET', '/session/me', { cookie: cookies.content })).statusCode).toBe(401);
    bo.passwords.set('content.op', reset.json().value.initialPassword);
    cookies.content = await bo.signIn('content.op');
    expect((await bo.call('GET', '/config', { cookie: cookies.content })).statusCode).toBe(200);
  });

  it('refuses one of two owners demoting each other at the same moment (BO_LAST_OWNER)', async () => {
    const service = createBackofficeService({ db: bo.app.database.db, system: bo.app.services.system });
    const list = (await service.listOperators()).items;
    const owner = list.find((item) => item.username === 'owner');
    const ownerTwo = list.find((item) => item.username === 'owner.two');
    if (!owner || !ownerTwo) throw new Error('owners missing');
    await service.changeRole({ operatorId: owner.id, username: 'owner' } as OperatorContext, ownerTwo.id, 'owner', {
      ip: null,
    });
    const as = (id: number, username: string) => ({ operatorId: id, username }) as OperatorContext;
    const results = await Promise.allSettled([
      service.changeRole(as(owner.id, 'owner'), ownerTwo.id, 'risk', { ip: null }),
      service.changeRole(as(ownerTwo.id, 'owner.two'), owner.id, 'risk', { ip: null }),
    ]);
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
    const refused = results.find((result) => result.status === 'rejected');
    expect((refused as PromiseRejectedResult).reason).toMatchObject({ code: 'BO_LAST_OWNER' });
    const owners = (await service.listOperators()).items.filter(
      (item) => item.role === 'owner' && item.status === 'active',
    );
    expect(owners).toHaveLength(1);
  });
});

import type { AuditChainStatus, AuditEntry } from '@portal/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { canonicalJson, chainHash } from './backoffice.audit-chain';
import { type BackofficeTestApp, buildBackofficeTestApp, createOperatorAndSignIn } from './backoffice.test-helpers';

describe('back office: audit log', () => {
  let bo: BackofficeTestApp;
  let owner: string;

  beforeAll(async () => {
    bo = await buildBackofficeTestApp();
    owner = await bo.signIn('owner');
    const support = await createOperatorAndSignIn(bo, owner, 'support.a', 'support');
    for (let index = 0; index < 3; index += 1) {
      await bo.call('PUT', '/config/customer-service', {
        cookie: support,
        body: {
          entries: [{ csType: 'TELEGRAM', title: `Telegram ${index}`, url: 'https://t.me/x', sort: 1, enabled: true }],
        },
      });
    }
    await bo.call('PUT', '/config/features/FEEDBACK3', { cookie: owner, body: { enabled: false } });
  }, 60_000);
  afterAll(() => bo.app.close());

  const execute = (query: ReturnType<typeof sql>) => bo.app.database.db.execute(query);

  async function verify(): Promise<AuditChainStatus> {
    const response = await bo.call('GET', '/audit/verify', { cookie: owner });
    expect(response.statusCode).toBe(200);
    return response.json().value;
  }

  it('records sign-ins, operator changes and configuration changes in one chain', async () => {
    const page = (await bo.call('GET', '/audit?pageSize=100', { cookie: owner })).json().value;
    const actions = (page.items as AuditEntry[]).map((entry) => entry.action).reverse();
    expect(actions).toEqual([
      'operator.seeded',
      'session.totp_enrolled',
      'session.login',
      'operator.created',
      'session.totp_enrolled',
      'session.login',
      'session.password_changed',
      'config.customer_service',
      'config.customer_service',
      'config.customer_service',
      'config.feature',
    ]);
    const status = await verify();
    expect(status).toMatchObject({ ok: true, checked: 11, brokenAtId: null });
    expect(status.headHash).toBe((page.items as AuditEntry[])[0]?.hash);
  });

  it('never writes secrets into the log', async () => {
    const page = await bo.call('GET', '/audit?pageSize=100', { cookie: owner });
    expect(page.body).not.toMatch(/argon2|password_hash|passwordHash|totpSecret|initialPassword/);
  });

  it('filters by operator, action prefix, target and time, and pages newest first', async () => {
    const bySupport = (await bo.call('GET', '/audit?operator=SUPPORT.A&pageSize=100', { cookie: owner })).json().value;
    expect((bySupport.items as AuditEntry[]).every((entry) => entry.operatorUsername === 'support.a')).toBe(true);
    expect(bySupport.total).toBe(6);

    const sessions = (await bo.call('GET', '/audit?action=session.&pageSize=100', { cookie: owner })).json().value;
    expect(sessions.total).toBe(5);

    const feature = (await bo.call('GET', '/audit?target=feedback', { cookie: owner })).json().value;
    expect((feature.items as AuditEntry[]).map((entry) => entry.target)).toEqual(['feature:FEEDBACK3']);

    const pageOne = (await bo.call('GET', '/audit?pageSize=4&page=1', { cookie: owner })).json().value;
    const pageThree = (await bo.call('GET', '/audit?pageSize=4&page=3', { cookie: owner })).json().value;
    expect(pageOne).toMatchObject({ page: 1, pageSize: 4, total: 11, totalPages: 3 });
    expect((pageOne.items as AuditEntry[]).map((entry) => entry.id)).toEqual([11, 10, 9, 8]);
    expect((pageThree.items as AuditEntry[]).map((entry) => entry.id)).toEqual([3, 2, 1]);

    const future = new Date(bo.clock.now().getTime() + 3_600_000).toISOString();
    const none = (await bo.call('GET', `/audit?from=${encodeURIComponent(future)}`, { cookie: owner })).json().value;
    expect(none).toMatchObject({ total: 0, items: [] });
    const wildcard = (await bo.call('GET', '/audit?target=%25', { cookie: owner })).json().value;
    expect(wildcard.total).toBe(0);
  });

  it('refuses UPDATE, DELETE and TRUNCATE on the log', async () => {
    await expect(execute(sql`update backoffice_audit_log set action = 'x' where id = 2`)).rejects.toThrow();
    await expect(execute(sql`delete from backoffice_audit_log where id = 2`)).rejects.toThrow();
    await expect(execute(sql`truncate backoffice_audit_log`)).rejects.toThrow();
    expect((await verify()).ok).toBe(true);
  });

  it('detects a changed row, even one whose own hash was recomputed to match', async () => {
    await execute(sql`alter table backoffice_audit_log disable trigger backoffice_audit_log_append_only`);
    try {
      await execute(
        sql`update backoffice_audit_log set after = '{"enabled": true}'::jsonb where action = 'config.feature'`,
      );
      expect(await verify()).toMatchObject({ ok: false, brokenAtId: 11, headHash: null });

      // A forger who also recomputes the row's own hash breaks the link to the next row instead.
      const entries = (await bo.call('GET', '/audit?pageSize=100', { cookie: owner })).json().value
        .items as AuditEntry[];
      const seventh = entries.find((entry) => entry.id === 7) as AuditEntry;
      const eighth = entries.find((entry) => entry.id === 8) as AuditEntry;
      const forgedAfter = [{ csType: 'TELEGRAM', title: 'Forged', url: 'https://t.me/x', sort: 1, enabled: true }];
      const forgedHash = chainHash(seventh.hash, { ...eighth, at: new Date(eighth.at), after: forgedAfter });
      await execute(
        sql`update backoffice_audit_log set after = ${canonicalJson(forgedAfter)}::jsonb, hash = ${forgedHash} where id = 8`,
      );
      expect((await verify()).brokenAtId).toBe(8 + 1);
    } finally {
      await execute(sql`alter table backoffice_audit_log enable trigger backoffice_audit_log_append_only`);
    }
  });

  it('detects a removed row in the middle of the chain', async () => {
    const fresh = await buildBackofficeTestApp();
    try {
      const cookie = await fresh.signIn('owner');
      await fresh.call('PUT', '/config/payload-encryption', { cookie, body: { enabled: true } });
      const db = fresh.app.database.db;
      await db.execute(sql`alter table backoffice_audit_log disable trigger backoffice_audit_log_append_only`);
      await db.execute(sql`delete from backoffice_audit_log where id = 2`);
      await db.execute(sql`alter table backoffice_audit_log enable trigger backoffice_audit_log_append_only`);
      const status = (await fresh.call('GET', '/audit/verify', { cookie })).json().value;
      expect(status).toMatchObject({ ok: false, brokenAtId: 2, checked: 1 });
    } finally {
      await fresh.app.close();
    }
  });
});

describe('canonical JSON', () => {
  it('sorts keys at every level so jsonb key order does not change the hash', () => {
    expect(canonicalJson({ b: 1, a: { d: [1, { z: null, y: 'x' }], c: true } })).toBe(
      '{"a":{"c":true,"d":[1,{"y":"x","z":null}]},"b":1}',
    );
    expect(canonicalJson({ a: undefined, b: new Date('2030-01-01T00:00:00Z') })).toBe(
      '{"b":"2030-01-01T00:00:00.000Z"}',
    );
  });
});

import { randomBytes } from 'node:crypto';
import type { AuditEntry, PlayerDetail, PlayerDownlinePage } from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type BackofficeTestApp,
  buildBackofficeTestApp,
  createOperatorAndSignIn,
  totpCode,
} from './backoffice.test-helpers';

const password = 'Secret#2026';
const tag = randomBytes(2).toString('hex');
let bo: BackofficeTestApp;
let app: FastifyInstance;
let owner: string;
let support: string;
let risk: string;
let content: string;

type Created = { id: number; username: string };

async function account(name: string, options: { type?: number; uplineId?: number } = {}): Promise<Created> {
  const created = await app.services.identity.createAccount({
    username: `${name}${tag}`,
    password,
    type: options.type ?? 0,
    uplineId: options.uplineId ?? null,
  });
  return { id: created.id, username: created.username };
}

/** A player's login as the portal sends it, from their usual address. */
function login(username: string, secret = password) {
  return app.inject({
    method: 'POST',
    url: '/wps/session/login',
    remoteAddress: '10.20.30.40',
    payload: { username, password: secret },
  });
}

async function detail(id: number): Promise<PlayerDetail['account']> {
  const response = await bo.call('GET', `/players/${id}`, { cookie: owner });
  expect(response.statusCode, response.body).toBe(200);
  return (response.json().value as PlayerDetail).account;
}

async function auditOf(target: string): Promise<AuditEntry[]> {
  const response = await bo.call('GET', `/audit?target=${encodeURIComponent(target)}&pageSize=50`, { cookie: owner });
  return response.json().value.items;
}

beforeAll(async () => {
  // Three wrong passwords lock an account; no captcha stands in the way of counting them here.
  bo = await buildBackofficeTestApp({ config: { loginMaxFailures: 3, loginCaptchaAfterFailures: 1000 } });
  app = bo.app;
  owner = await bo.signIn('owner');
  support = await createOperatorAndSignIn(bo, owner, 'sec_sue', 'support');
  risk = await createOperatorAndSignIn(bo, owner, 'sec_rob', 'risk');
  content = await createOperatorAndSignIn(bo, owner, 'sec_cid', 'content');
}, 120_000);

afterAll(async () => {
  await app?.close();
});

describe("a player's two-step verification", () => {
  it('is reset by an operator for a player who lost the authenticator, audited; the password then suffices', async () => {
    const player = await account('totp');
    const first = await login(player.username);
    expect(first.statusCode, first.body).toBe(200);
    const token = first.json().value.token as string;
    const setup = await app.inject({
      method: 'POST',
      url: '/wps/member/security/2fa/setup',
      headers: { authorization: token },
      payload: {},
    });
    expect(setup.statusCode, setup.body).toBe(200);
    const { secret } = setup.json().value as { secret: string };
    const enable = await app.inject({
      method: 'POST',
      url: '/wps/member/security/2fa/enable',
      headers: { authorization: token },
      payload: { code: totpCode(secret, bo.clock.now()) },
    });
    expect(enable.statusCode, enable.body).toBe(200);
    expect((await detail(player.id)).twoFactorEnabled).toBe(true);
    // The login now stops for the authenticator.
    const challenged = await login(player.username);
    expect(challenged.json().value?.token).toBeUndefined();

    // Content may not; support may.
    const refused = await bo.call('POST', `/players/${player.id}/reset-2fa`, { cookie: content, body: {} });
    expect(refused.json().code).toBe('BO_FORBIDDEN');
    expect((await detail(player.id)).twoFactorEnabled).toBe(true);
    const reset = await bo.call('POST', `/players/${player.id}/reset-2fa`, { cookie: support, body: {} });
    expect(reset.statusCode, reset.body).toBe(200);
    expect(reset.json().value).toMatchObject({ id: player.id, twoFactorEnabled: false });

    const after = await login(player.username);
    expect(after.statusCode, after.body).toBe(200);
    expect(after.json().value.token).toEqual(expect.any(String));

    const [entry] = (await auditOf(`player:${player.id}`)).filter((row) => row.action === 'players.twoFactor.reset');
    expect(entry?.operatorUsername).toBe('sec_sue');
    expect(entry?.before).toMatchObject({ twoFactorEnabled: true });
    expect(entry?.after).toMatchObject({ twoFactorEnabled: false, removed: true });

    const unknown = await bo.call('POST', '/players/999999/reset-2fa', { cookie: support, body: {} });
    expect(unknown.json().code).toBe('BO_PLAYER_NOT_FOUND');
  });
});

describe('a lockout after wrong passwords', () => {
  async function lockOut(username: string) {
    for (let attempt = 0; attempt < 3; attempt += 1) await login(username, 'Wrong#password1');
    const locked = await login(username);
    expect(locked.json().code).toBe('IDENTITY_ACCOUNT_LOCKED');
  }

  it('is lifted by unlock (and only by roles that change account status), audited', async () => {
    const player = await account('lock');
    await lockOut(player.username);
    const locked = await detail(player.id);
    expect(locked.lockedUntil).not.toBeNull();
    expect(locked.failedLoginCount).toBe(3);

    const refused = await bo.call('POST', `/players/${player.id}/unlock`, { cookie: support, body: {} });
    expect(refused.json().code).toBe('BO_FORBIDDEN');
    const unlocked = await bo.call('POST', `/players/${player.id}/unlock`, { cookie: risk, body: {} });
    expect(unlocked.statusCode, unlocked.body).toBe(200);
    expect(unlocked.json().value).toMatchObject({ lockedUntil: null, failedLoginCount: 0, status: 'active' });
    expect((await login(player.username)).statusCode).toBe(200);

    const [entry] = (await auditOf(`player:${player.id}`)).filter((row) => row.action === 'players.unlocked');
    expect(entry?.operatorUsername).toBe('sec_rob');
    expect(entry?.before).toMatchObject({ failedLoginCount: 3, lockedUntil: locked.lockedUntil });
    expect(entry?.after).toMatchObject({ failedLoginCount: 0, lockedUntil: null });
  });

  it('is lifted when an operator enables the account again', async () => {
    const player = await account('relock');
    await lockOut(player.username);
    const disabled = await bo.call('POST', `/players/${player.id}/disable`, {
      cookie: risk,
      body: { reason: 'Suspicious logins' },
    });
    expect(disabled.json().value).toMatchObject({ status: 'disabled' });
    expect((await detail(player.id)).lockedUntil).not.toBeNull();
    const enabled = await bo.call('POST', `/players/${player.id}/enable`, {
      cookie: risk,
      body: { reason: 'Player called, identity checked' },
    });
    expect(enabled.json().value).toMatchObject({ status: 'active', lockedUntil: null, failedLoginCount: 0 });
    expect((await login(player.username)).statusCode).toBe(200);
    const [entry] = (await auditOf(`player:${player.id}`)).filter((row) => row.action === 'players.enabled');
    expect(entry?.before).toMatchObject({ status: 'disabled', failedLoginCount: 3 });
    expect(entry?.after).toMatchObject({
      status: 'active',
      lockedUntil: null,
      reason: 'Player called, identity checked',
    });
  });
});

describe('the downline tree', () => {
  it('lists one level at a time, each node with the size of its own downline, and only its own accounts', async () => {
    const top = await account('top', { type: 1 });
    const sub = await account('sub', { type: 1, uplineId: top.id });
    const direct = await account('dir', { uplineId: top.id });
    const deep1 = await account('deepa', { uplineId: sub.id });
    const deep2 = await account('deepb', { uplineId: sub.id });
    const other = await account('other', { type: 1 });
    await account('stranger', { uplineId: other.id });

    const level = async (id: number, query = '', cookie = support) => {
      const response = await bo.call('GET', `/players/${id}/downline${query}`, { cookie });
      expect(response.statusCode, response.body).toBe(200);
      return response.json().value as PlayerDownlinePage;
    };
    const first = await level(top.id);
    expect(first.total).toBe(2);
    expect(first.items).toEqual([
      expect.objectContaining({
        id: sub.id,
        username: sub.username,
        kind: 'agent',
        status: 'active',
        downlineTotal: 2,
      }),
      expect.objectContaining({ id: direct.id, kind: 'member', downlineTotal: 0 }),
    ]);
    expect((await level(sub.id)).items.map((node) => node.id)).toEqual([deep1.id, deep2.id]);
    expect((await level(deep1.id)).items).toEqual([]);
    // Another agent's downline stays theirs.
    expect((await level(other.id)).items.map((node) => node.username)).toEqual([`stranger${tag}`]);

    const paged = await level(top.id, '?pageNo=2&pageSize=1');
    expect(paged).toMatchObject({ total: 2, totalPages: 2, pageNo: 2 });
    expect(paged.items.map((node) => node.id)).toEqual([direct.id]);

    const unknown = await bo.call('GET', '/players/999999/downline', { cookie: support });
    expect(unknown.json().code).toBe('BO_PLAYER_NOT_FOUND');
    const refused = await bo.call('GET', `/players/${top.id}/downline`, { cookie: content });
    expect(refused.json().code).toBe('BO_FORBIDDEN');
  });
});

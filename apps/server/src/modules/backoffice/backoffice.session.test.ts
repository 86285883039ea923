import { backofficeSessionCookie, type OperatorLoginStep } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../testing';
import {
  type BackofficeTestApp,
  buildBackofficeTestApp,
  createOperatorAndSignIn,
  ownerPassword,
  totpCode,
} from './backoffice.test-helpers';
import { seedFirstOwner } from './index';

const minute = 60_000;

describe('back office: first owner', () => {
  it('is created once, with a random password to change unless one is configured', async () => {
    const database = await createTestDatabase();
    try {
      const db = database.db;
      const first = await seedFirstOwner({ db });
      expect(first).toMatchObject({ username: 'owner', totpSetupRequired: true });
      expect(first?.password).toMatch(/^[A-Za-z2-9]{5}(-[A-Za-z2-9]{5}){3}$/);
      expect(await seedFirstOwner({ db })).toBeNull();
      expect(await seedFirstOwner({ db, password: 'another-password-1' })).toBeNull();
    } finally {
      await database.close();
    }
  });

  it('refuses a configured password shorter than 12 characters', async () => {
    const database = await createTestDatabase();
    try {
      await expect(seedFirstOwner({ db: database.db, password: 'short' })).rejects.toThrow(/12 characters/);
    } finally {
      await database.close();
    }
  });
});

describe('back office: sign-in with password and TOTP', () => {
  let bo: BackofficeTestApp;
  beforeAll(async () => {
    bo = await buildBackofficeTestApp();
  });
  afterAll(() => bo.app.close());

  it('enrols an authenticator at first sign-in: QR URI, wrong code refused, right code opens the session', async () => {
    const login = await bo.call('POST', '/session/login', { body: { username: 'owner', password: ownerPassword } });
    expect(login.statusCode).toBe(200);
    const step = login.json().value as OperatorLoginStep;
    if (step.step !== 'enrol') throw new Error('expected the enrolment step');
    expect(step.otpauthUri).toMatch(/^otpauth:\/\/totp\/.+:owner\?/);
    expect(step.otpauthUri).toContain(`secret=${step.secret}`);
    expect(step.otpauthUri).toContain('digits=6');
    expect(step.otpauthUri).toContain('period=30');
    expect(login.headers['set-cookie']).toBeUndefined();

    bo.clock.advance(30_000);
    const goodCode = totpCode(step.secret, bo.clock.now());
    const wrongCode = goodCode === '000000' ? '111111' : '000000';
    const wrong = await bo.call('POST', '/session/totp', { body: { challenge: step.challenge, code: wrongCode } });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toMatchObject({ success: false, code: 'BO_TOTP_INVALID' });

    const right = await bo.call('POST', '/session/totp', { body: { challenge: step.challenge, code: goodCode } });
    expect(right.statusCode).toBe(200);
    expect(right.json().value).toMatchObject({
      operator: { username: 'owner', role: 'owner', totpEnrolled: true },
      session: { idleTimeoutSeconds: 900 },
    });
    expect(right.json().value.permissions).toContain('operators.manage');
    const cookie = right.cookies.find((entry) => entry.name === backofficeSessionCookie);
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/bo/api', secure: true });
    bo.secrets.set('owner', step.secret);

    const me = await bo.call('GET', '/session/me', { cookie: cookie?.value });
    expect(me.statusCode).toBe(200);
    expect(me.json().value.operator.username).toBe('owner');

    // The challenge is single use.
    const again = await bo.call('POST', '/session/totp', { body: { challenge: step.challenge, code: goodCode } });
    expect(again.json().code).toBe('BO_CHALLENGE_EXPIRED');
  });

  it('asks an enrolled operator for the code, and refuses a code that was already used', async () => {
    const secret = bo.secrets.get('owner') as string;
    const first = (
      await bo.call('POST', '/session/login', { body: { username: 'OWNER', password: ownerPassword } })
    ).json().value as OperatorLoginStep;
    expect(first.step).toBe('totp');
    bo.clock.advance(30_000);
    const code = totpCode(secret, bo.clock.now());
    expect((await bo.call('POST', '/session/totp', { body: { challenge: first.challenge, code } })).statusCode).toBe(
      200,
    );

    const second = (
      await bo.call('POST', '/session/login', { body: { username: 'owner', password: ownerPassword } })
    ).json().value as OperatorLoginStep;
    const replay = await bo.call('POST', '/session/totp', { body: { challenge: second.challenge, code } });
    expect(replay.statusCode).toBe(401);
    expect(replay.json().code).toBe('BO_TOTP_INVALID');
  });

  it('refuses a wrong password and an unknown username alike', async () => {
    const wrong = await bo.call('POST', '/session/login', {
      body: { username: 'owner', password: 'not-the-password' },
      ip: '10.1.0.1',
    });
    const unknown = await bo.call('POST', '/session/login', {
      body: { username: 'nobody', password: 'not-the-password' },
      ip: '10.1.0.1',
    });
    for (const response of [wrong, unknown]) {
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({ success: false, code: 'BO_INVALID_CREDENTIALS' });
    }
    expect(wrong.json().message).toBe(unknown.json().message);
  });

  it('expires the TOTP step after 5 minutes', async () => {
    const step = (
      await bo.call('POST', '/session/login', { body: { username: 'owner', password: ownerPassword } })
    ).json().value as OperatorLoginStep;
    bo.clock.advance(5 * minute + 1000);
    const late = await bo.call('POST', '/session/totp', {
      body: { challenge: step.challenge, code: totpCode(bo.secrets.get('owner') as string, bo.clock.now()) },
    });
    expect(late.statusCode).toBe(401);
    expect(late.json().code).toBe('BO_CHALLENGE_EXPIRED');
  });

  it('refuses calls without a session, with an unknown cookie, and writes from another origin', async () => {
    const none = await bo.call('GET', '/config');
    expect(none.statusCode).toBe(401);
    expect(none.json().code).toBe('BO_AUTH_REQUIRED');
    const forged = await bo.call('GET', '/config', { cookie: 'forged-token' });
    expect(forged.json().code).toBe('BO_AUTH_REQUIRED');

    const cookie = await bo.signIn('owner');
    const crossSite = await bo.call('PUT', '/config/payload-encryption', {
      cookie,
      body: { enabled: true },
      headers: { origin: 'https://evil.example' },
    });
    expect(crossSite.statusCode).toBe(403);
    expect(crossSite.json().code).toBe('BO_FORBIDDEN');
    const sameSite = await bo.call('PUT', '/config/payload-encryption', {
      cookie,
      body: { enabled: false },
      headers: { origin: 'http://localhost:80' },
    });
    expect(sameSite.statusCode).toBe(200);
  });

  it('ends a session after 15 idle minutes, and keeps an active one', async () => {
    const cookie = await bo.signIn('owner');
    bo.clock.advance(14 * minute);
    expect((await bo.call('GET', '/session/me', { cookie })).statusCode).toBe(200);
    bo.clock.advance(14 * minute);
    expect((await bo.call('GET', '/session/me', { cookie })).statusCode).toBe(200);
    bo.clock.advance(15 * minute + 1000);
    const idle = await bo.call('GET', '/session/me', { cookie });
    expect(idle.statusCode).toBe(401);
    expect(idle.json().code).toBe('BO_SESSION_EXPIRED');
    // The stale cookie is cleared.
    expect(idle.cookies.find((entry) => entry.name === backofficeSessionCookie)?.value).toBe('');
    bo.clock.advance(1000);
    expect((await bo.call('GET', '/session/me', { cookie })).json().code).toBe('BO_SESSION_EXPIRED');
  });

  it('ends a session 8 hours after sign-in however active it is', async () => {
    const cookie = await bo.signIn('owner');
    for (let elapsed = 0; elapsed < 8 * 60; elapsed += 10) {
      bo.clock.advance(10 * minute);
      const response = await bo.call('GET', '/session/me', { cookie });
      if (elapsed + 10 < 8 * 60) expect(response.statusCode).toBe(200);
      else expect(response.json().code).toBe('BO_SESSION_EXPIRED');
    }
  });

  it('revokes the session at logout', async () => {
    const cookie = await bo.signIn('owner');
    const other = await bo.signIn('owner');
    const logout = await bo.call('POST', '/session/logout', { cookie, body: {} });
    expect(logout.statusCode).toBe(200);
    expect(logout.cookies.find((entry) => entry.name === backofficeSessionCookie)?.value).toBe('');
    expect((await bo.call('GET', '/session/me', { cookie })).json().code).toBe('BO_SESSION_EXPIRED');
    expect((await bo.call('GET', '/session/me', { cookie: other })).statusCode).toBe(200);
  });

  it('makes an operator with a one-time password replace it before anything else', async () => {
    const owner = await bo.signIn('owner');
    const created = await bo.call('POST', '/operators', {
      cookie: owner,
      body: { username: 'fresh.support', role: 'support' },
    });
    const initialPassword = created.json().value.initialPassword as string;
    bo.passwords.set('fresh.support', initialPassword);
    const cookie = await bo.signIn('fresh.support', { keepPendingPassword: true });
    expect((await bo.call('GET', '/session/me', { cookie })).json().value.operator.mustChangePassword).toBe(true);
    const blocked = await bo.call('GET', '/config', { cookie });
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json().code).toBe('BO_PASSWORD_CHANGE_REQUIRED');

    const wrongCurrent = await bo.call('POST', '/session/password', {
      cookie,
      body: { currentPassword: 'wrong-password', newPassword: 'a-new-long-password' },
    });
    expect(wrongCurrent.json().code).toBe('BO_PASSWORD_INCORRECT');
    const tooShort = await bo.call('POST', '/session/password', {
      cookie,
      body: { currentPassword: initialPassword, newPassword: 'short' },
    });
    expect(tooShort.json().code).toBe('VALIDATION_FAILED');
    const changed = await bo.call('POST', '/session/password', {
      cookie,
      body: { currentPassword: initialPassword, newPassword: 'a-new-long-password' },
    });
    expect(changed.statusCode).toBe(200);
    expect((await bo.call('GET', '/config', { cookie })).statusCode).toBe(200);
  });

  it('signs out and refuses a disabled operator, and asks for enrolment again after a 2FA reset', async () => {
    const owner = await bo.signIn('owner');
    const cookie = await createOperatorAndSignIn(bo, owner, 'risk.one', 'risk');
    const id = (await bo.call('GET', '/session/me', { cookie })).json().value.operator.id as number;

    const reset = await bo.call('POST', `/operators/${id}/reset-2fa`, { cookie: owner, body: {} });
    expect(reset.json().value.totpEnrolled).toBe(false);
    expect((await bo.call('GET', '/session/me', { cookie })).json().code).toBe('BO_SESSION_EXPIRED');
    const step = (
      await bo.call('POST', '/session/login', {
        body: { username: 'risk.one', password: bo.passwords.get('risk.one') },
      })
    ).json().value as OperatorLoginStep;
    expect(step.step).toBe('enrol');
    const again = await bo.signIn('risk.one');

    await bo.call('POST', `/operators/${id}/disable`, { cookie: owner, body: {} });
    expect((await bo.call('GET', '/session/me', { cookie: again })).statusCode).toBe(401);
    const refused = await bo.call('POST', '/session/login', {
      body: { username: 'risk.one', password: bo.passwords.get('risk.one') },
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('BO_OPERATOR_DISABLED');

    await bo.call('POST', `/operators/${id}/enable`, { cookie: owner, body: {} });
    expect(await bo.signIn('risk.one')).toBeTruthy();
  });
});

describe('back office: sign-in throttles', () => {
  let bo: BackofficeTestApp;
  beforeAll(async () => {
    bo = await buildBackofficeTestApp();
    await bo.signIn('owner');
  });
  afterAll(() => bo.app.close());

  it('refuses a username for 15 minutes after 5 failures, even with the right password', async () => {
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const response = await bo.call('POST', '/session/login', {
        body: { username: 'owner', password: `wrong-${attempt}` },
        ip: `10.2.0.${attempt}`,
      });
      expect(response.json().code).toBe('BO_INVALID_CREDENTIALS');
    }
    const locked = await bo.call('POST', '/session/login', {
      body: { username: 'owner', password: ownerPassword },
      ip: '10.2.0.99',
    });
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toMatchObject({ code: 'BO_LOGIN_THROTTLED', params: { retryAfterSeconds: 900 } });
    expect(locked.headers['retry-after']).toBe('900');

    bo.clock.advance(15 * minute + 1000);
    const open = await bo.call('POST', '/session/login', {
      body: { username: 'owner', password: ownerPassword },
      ip: '10.2.0.99',
    });
    expect(open.statusCode).toBe(200);
  });

  it('refuses an IP after 20 failures across usernames', async () => {
    for (let attempt = 0; attempt < 20; attempt += 1) {
      await bo.call('POST', '/session/login', {
        body: { username: `guess${attempt}`, password: 'wrong-password' },
        ip: '10.3.0.1',
      });
    }
    const blocked = await bo.call('POST', '/session/login', {
      body: { username: 'owner', password: ownerPassword },
      ip: '10.3.0.1',
    });
    expect(blocked.json().code).toBe('BO_LOGIN_THROTTLED');
    const elsewhere = await bo.call('POST', '/session/login', {
      body: { username: 'owner', password: ownerPassword },
      ip: '10.3.0.2',
    });
    expect(elsewhere.statusCode).toBe(200);
  });

  it('counts wrong TOTP codes towards the username throttle', async () => {
    bo.clock.advance(16 * minute);
    const secret = bo.secrets.get('owner') as string;
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const step = (
        await bo.call('POST', '/session/login', {
          body: { username: 'owner', password: ownerPassword },
          ip: '10.4.0.1',
        })
      ).json().value as OperatorLoginStep;
      const good = totpCode(secret, bo.clock.now());
      const response = await bo.call('POST', '/session/totp', {
        body: { challenge: step.challenge, code: good === '123456' ? '654321' : '123456' },
        ip: '10.4.0.1',
      });
      expect(response.json().code).toBe('BO_TOTP_INVALID');
    }
    const locked = await bo.call('POST', '/session/login', {
      body: { username: 'owner', password: ownerPassword },
      ip: '10.4.0.2',
    });
    expect(locked.json().code).toBe('BO_LOGIN_THROTTLED');
  });
});

describe('back office: request rate limit on sign-in', () => {
  it('limits sign-in requests per IP per minute', async () => {
    const bo = await buildBackofficeTestApp({ loginRateLimitPerMinute: 3 });
    try {
      const statuses: number[] = [];
      for (let attempt = 0; attempt < 4; attempt += 1) {
        const response = await bo.call('POST', '/session/login', {
          body: { username: `x${attempt}`, password: 'whatever-password' },
          ip: '10.5.0.1',
        });
        statuses.push(response.statusCode);
      }
      expect(statuses).toEqual([401, 401, 401, 429]);
    } finally {
      await bo.app.close();
    }
  });
});

import { accountTypes } from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildIdentityApp, login, memberInfo, post, strongPassword, unique } from './identity.test-helpers';

describe('sessions and passwords', () => {
  let app: FastifyInstance;
  let clock = new Date('2026-11-22T10:00:00Z');
  const advance = (ms: number) => {
    clock = new Date(clock.getTime() + ms);
  };
  beforeAll(async () => {
    app = await buildIdentityApp({ sessionIdleMinutes: 60, sessionAbsoluteHours: 24 }, { now: () => clock });
  });
  afterAll(() => app.close());

  /** A member logged in; `null` gives the account the default password, as an agent-created one gets. */
  const member = async (password: string | null = strongPassword, type: number = accountTypes.MEMBER) => {
    const { username } = unique();
    const account = await app.services.identity.createAccount({ username, password: password ?? undefined, type });
    const response = await login(app, { username, password: password ?? '{secret}' });
    return { ...account, password: password ?? '{secret}', login: response.json().value, response };
  };
  const changePassword = (token: string, payload: Record<string, unknown>) =>
    post(app, '/wps/member/password', payload, { token });
  const setLanguage = (token: string, language = 'bn') =>
    app.inject({
      method: 'PUT',
      url: '/wps/member/language',
      payload: { language },
      headers: { authorization: token },
    });

  it('accepts the raw token and a Bearer token, and refuses anything else', async () => {
    const { login: result } = await member();
    expect((await memberInfo(app, result.token)).statusCode).toBe(200);
    expect((await memberInfo(app, `Bearer ${result.token}`)).statusCode).toBe(200);
    for (const header of ['', 'Bearer', `${result.token}x`, 'Bearer a b']) {
      const response = await memberInfo(app, header);
      expect(response.statusCode).toBe(401);
      expect(response.json().code).toBe('AUTH_REQUIRED');
    }
    expect((await app.inject({ method: 'GET', url: '/wps/member/info' })).statusCode).toBe(401);
  });

  it('ends a session after 60 idle minutes, and keeps an active one going', async () => {
    const { login: result } = await member();
    advance(59 * 60_000);
    expect((await memberInfo(app, result.token)).statusCode).toBe(200);
    advance(59 * 60_000);
    expect((await memberInfo(app, result.token)).statusCode).toBe(200);
    advance(60 * 60_000);
    expect((await memberInfo(app, result.token)).json().code).toBe('AUTH_REQUIRED');
  });

  it('ends a session 24 hours after login however active it is', async () => {
    const { login: result } = await member();
    for (let hour = 0; hour < 23; hour += 1) {
      advance(60 * 60_000 - 1000);
      expect((await memberInfo(app, result.token)).statusCode).toBe(200);
    }
    advance(60 * 60_000);
    expect((await memberInfo(app, result.token)).json().code).toBe('AUTH_REQUIRED');
  });

  it('revokes the session at logout', async () => {
    const { login: result } = await member();
    const logout = await app.inject({
      method: 'DELETE',
      url: '/wps/session/logout',
      headers: { authorization: result.token },
    });
    expect(logout.json()).toEqual({ success: true, value: { loggedOut: true } });
    expect((await memberInfo(app, result.token)).json().code).toBe('AUTH_REQUIRED');
  });

  it('changes the password with the old one, ends the other sessions and keeps this one', async () => {
    const account = await member();
    const other = (await login(app, { username: account.username, password: strongPassword })).json().value.token;
    const next = 'Changed#2026';
    const response = await changePassword(account.login.token, {
      oldPassword: strongPassword,
      newPassword: next,
      confirmNewPassword: next,
    });
    expect(response.json()).toEqual({ success: true, value: { passwordChanged: true } });
    expect((await memberInfo(app, account.login.token)).statusCode).toBe(200);
    expect((await memberInfo(app, other)).json().code).toBe('AUTH_REQUIRED');
    expect((await login(app, { username: account.username, password: strongPassword })).statusCode).toBe(401);
    expect((await login(app, { username: account.username, password: next })).statusCode).toBe(200);
  });

  it('checks the old password, the password rule, the confirmation and reuse', async () => {
    const { login: result } = await member();
    const missingOld = await changePassword(result.token, {
      newPassword: 'Next#2026x',
      confirmNewPassword: 'Next#2026x',
    });
    expect(missingOld.json().issues).toEqual([expect.objectContaining({ path: 'body.oldPassword' })]);
    const wrongOld = await changePassword(result.token, {
      oldPassword: 'Wrong#2026',
      newPassword: 'Next#2026x',
      confirmNewPassword: 'Next#2026x',
    });
    expect(wrongOld.json()).toMatchObject({
      code: 'IDENTITY_OLD_PASSWORD_INCORRECT',
      message: 'The current password is incorrect',
    });
    const badNew = await changePassword(result.token, {
      oldPassword: strongPassword,
      newPassword: 'short',
      confirmNewPassword: 'other',
    });
    expect(badNew.json().issues).toEqual([
      expect.objectContaining({
        path: 'body.newPassword',
        message:
          'No spaces, with at least one uppercase letter, one lowercase letter, one digit and one special character (8 to 20 characters)',
      }),
      expect.objectContaining({ path: 'body.confirmNewPassword', message: 'Confirmation password is not correct.' }),
    ]);
    const empty = await changePassword(result.token, {
      oldPassword: strongPassword,
      newPassword: '',
      confirmNewPassword: '',
    });
    expect(empty.json().issues[0].message).toBe('Please enter a new password');
    const same = await changePassword(result.token, {
      oldPassword: strongPassword,
      newPassword: strongPassword,
      confirmNewPassword: strongPassword,
    });
    expect(same.json().code).toBe('IDENTITY_PASSWORD_NOT_ALLOWED');
  });

  it('forces a change after logging in with the default password {secret}; other calls wait for it', async () => {
    const account = await member(null);
    expect(account.login).toMatchObject({ mustChangePassword: true, passwordExpired: false });
    const info = await memberInfo(app, account.login.token);
    expect(info.json().value).toMatchObject({ mustChangePassword: true });
    const blocked = await setLanguage(account.login.token);
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json()).toMatchObject({
      code: 'IDENTITY_PASSWORD_CHANGE_REQUIRED',
      message: 'Please change your password before you continue',
    });
    const icon = await post(app, '/wps/member/info/icon', { avatarId: 3 }, { token: account.login.token });
    expect(icon.json().code).toBe('IDENTITY_PASSWORD_CHANGE_REQUIRED');
    // The default password cannot be kept, and no old password is asked in this step.
    const kept = await changePassword(account.login.token, { newPassword: '{secret}', confirmNewPassword: '{secret}' });
    expect(kept.json().code).not.toBe('AUTH_REQUIRED');
    expect(kept.statusCode).toBe(400);
    const changed = await changePassword(account.login.token, {
      newPassword: 'Mine#2026',
      confirmNewPassword: 'Mine#2026',
    });
    expect(changed.statusCode).toBe(200);
    expect((await setLanguage(account.login.token)).json()).toEqual({ success: true, value: { language: 'bn' } });
    expect((await memberInfo(app, account.login.token)).json().value).toMatchObject({
      mustChangePassword: false,
      language: 'bn',
    });
    const logout = await app.inject({
      method: 'DELETE',
      url: '/wps/session/logout',
      headers: { authorization: account.login.token },
    });
    expect(logout.statusCode).toBe(200);
  });

  it('forces a change at the next login when someone else set the password (an operator reset)', async () => {
    const account = await member();
    await app.services.identity.setPassword(account.id, 'Given#2026', { mustChange: true });
    expect((await memberInfo(app, account.login.token)).json().code).toBe('AUTH_REQUIRED');
    const next = await login(app, { username: account.username, password: 'Given#2026' });
    expect(next.json().value).toMatchObject({ mustChangePassword: true, passwordExpired: false });
  });

  it('does not force the default password when FORCEPWD3 is off', async () => {
    await app.services.system.setFeature('FORCEPWD3', false);
    try {
      const account = await member(null);
      expect(account.login.mustChangePassword).toBe(false);
    } finally {
      await app.services.system.setFeature('FORCEPWD3', true);
    }
  });

  it('forces a change of a password older than the maximum age while PWDEXPIRY3 is on', async () => {
    const account = await member();
    await app.services.identity.setPasswordChangedAt(account.id, new Date(clock.getTime() - 91 * 86_400_000));
    const off = await login(app, { username: account.username, password: strongPassword });
    expect(off.json().value).toMatchObject({ passwordExpired: false, mustChangePassword: false });
    await app.services.system.setFeature('PWDEXPIRY3', true);
    try {
      const on = await login(app, { username: account.username, password: strongPassword });
      expect(on.json().value).toMatchObject({ passwordExpired: true, mustChangePassword: true });
      expect((await memberInfo(app, on.json().value.token)).json().value.passwordExpired).toBe(true);
      const changed = await changePassword(on.json().value.token, {
        newPassword: 'Fresh#2026',
        confirmNewPassword: 'Fresh#2026',
      });
      expect(changed.statusCode).toBe(200);
      const after = await login(app, { username: account.username, password: 'Fresh#2026' });
      expect(after.json().value).toMatchObject({ passwordExpired: false, mustChangePassword: false });
    } finally {
      await app.services.system.setFeature('PWDEXPIRY3', false);
    }
  });

  it('lets free play in as a trial account and keeps it out of real-account calls', async () => {
    const play = await post(app, '/wps/session/login/freeplay', { os: 'linux', platform: 'W', random: 'x' });
    expect(play.json().value).toMatchObject({
      isTrial: true,
      accountType: 4,
      isAgent: false,
      mustChangePassword: false,
    });
    const token = play.json().value.token;
    expect((await memberInfo(app, token)).json().value).toMatchObject({ isTrial: true, playMoney: true, type: 4 });
    for (const response of [
      await changePassword(token, { newPassword: 'Trial#2026', confirmNewPassword: 'Trial#2026' }),
      await post(app, '/wps/member/info/icon', { avatarId: 2 }, { token }),
    ]) {
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({
        code: 'IDENTITY_REAL_ACCOUNT_REQUIRED',
        message: 'A real account is needed for this; please register or log in',
      });
    }
    expect((await setLanguage(token, 'en')).statusCode).toBe(200);
    await app.services.system.setFeature('FREEPLAY3', false);
    try {
      expect((await post(app, '/wps/session/login/freeplay', {})).json().code).toBe('SYSTEM_FUNCTION_NOT_ENABLED');
    } finally {
      await app.services.system.setFeature('FREEPLAY3', true);
    }
  });

  it('sets an avatar from the fixed set only', async () => {
    const { login: result } = await member();
    const chosen = await post(app, '/wps/member/info/icon', { avatarId: 7 }, { token: result.token });
    expect(chosen.json()).toEqual({ success: true, value: { avatar: 7 } });
    expect((await memberInfo(app, result.token)).json().value.avatar).toBe(7);
    const unknown = await post(app, '/wps/member/info/icon', { avatarId: 99 }, { token: result.token });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().issues[0].path).toBe('body.avatarId');
  });

  it('keeps a separate payment password', async () => {
    const account = await member();
    expect(await app.services.identity.verifyPaymentPassword(account.id, '123456')).toBe(false);
    await app.services.identity.setPaymentPassword(account.id, '123456');
    expect(await app.services.identity.verifyPaymentPassword(account.id, '123456')).toBe(true);
    expect(await app.services.identity.verifyPaymentPassword(account.id, strongPassword)).toBe(false);
    expect((await memberInfo(app, account.login.token)).json().value.hasPaymentPassword).toBe(true);
  });
});

describe('demo accounts', () => {
  it('seeds a member and an agent with three downline members, and exposes their logins', async () => {
    const app = await buildIdentityApp({ seedDemo: true });
    try {
      expect(app.demoLogins.map((entry) => [entry.role, entry.username])).toEqual([
        ['member', 'demo_player'],
        ['agent', 'demo_agent'],
        ['member', 'demo_member1'],
        ['member', 'demo_member2'],
        ['member', 'demo_member3'],
      ]);
      for (const entry of app.demoLogins) {
        const response = await login(app, { username: entry.username, password: entry.password });
        expect(response.json().value).toMatchObject({ isAgent: entry.role === 'agent', mustChangePassword: false });
      }
      const agent = await app.services.identity.findAccountByUsername('demo_agent');
      expect(agent?.type).toBe(1);
      const downline = await app.services.identity.listDownline(agent?.id ?? 0);
      expect(downline.map((account) => account.username)).toEqual(['demo_member1', 'demo_member2', 'demo_member3']);
      // Hashed side by side, created one after another: the ids follow the listed order on every database.
      const ids = [];
      for (const entry of app.demoLogins)
        ids.push((await app.services.identity.findAccountByUsername(entry.username))?.id);
      expect(ids).toEqual([...ids].sort((a, b) => (a ?? 0) - (b ?? 0)));
    } finally {
      await app.close();
    }
  });
});

import { accountTypes, captchaSchema } from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encryptPayloadForTest } from '../../testing/payload-client';
import {
  buildIdentityApp,
  login,
  memberInfo,
  post,
  registerMember,
  solveCaptcha,
  strongPassword,
  unique,
} from './identity.test-helpers';

describe('login', () => {
  let app: FastifyInstance;
  let clock = new Date('2026-11-22T10:00:00Z');
  beforeAll(async () => {
    app = await buildIdentityApp({}, { now: () => clock });
  });
  afterAll(() => app.close());

  const createAccount = async (type: number, password: string | undefined = strongPassword) => {
    const { username } = unique();
    const account = await app.services.identity.createAccount({ username, password, type });
    return { ...account, password: password ?? '{secret}' };
  };

  it('logs a member in and answers the login result', async () => {
    const member = await createAccount(accountTypes.MEMBER);
    const response = await login(app, { username: member.username, password: strongPassword, type: 'username' });
    expect(response.statusCode).toBe(200);
    expect(response.json().value).toEqual({
      token: expect.stringMatching(/^[\w-]{43}$/),
      firstTimeLogin: true,
      passwordExpired: false,
      mustChangePassword: false,
      accountType: 0,
      isAgent: false,
      isTrial: false,
    });
  });

  it('answers the same for an unknown username and a wrong password, in the asked language', async () => {
    const member = await createAccount(accountTypes.MEMBER);
    const wrong = await login(app, { username: member.username, password: 'Wrong#2026' }, { ip: unique().ip });
    const unknown = await login(app, { username: 'nobody_here', password: 'Wrong#2026' }, { ip: unique().ip });
    for (const response of [wrong, unknown]) {
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({
        code: 'IDENTITY_INVALID_CREDENTIALS',
        message: 'Incorrect username or password',
        params: { captchaRequired: false },
      });
    }
    const bn = await post(app, '/wps/session/login', { username: 'nobody_here', password: 'x' });
    expect(bn.json().code).toBe('IDENTITY_INVALID_CREDENTIALS');
    const bnText = await app.inject({
      method: 'POST',
      url: '/wps/session/login',
      payload: { username: 'nobody_here', password: 'x' },
      headers: { language: 'bn' },
      remoteAddress: unique().ip,
    });
    expect(bnText.json().message).toBe('ইউজারনেম বা পাসওয়ার্ড ভুল');
  });

  it('asks for username and password when either is empty', async () => {
    const response = await login(app, { username: ' ', password: '' });
    expect(response.statusCode).toBe(400);
    expect(response.json().issues).toEqual([
      expect.objectContaining({ path: 'body.username', message: 'Please enter the username and password' }),
      expect.objectContaining({ path: 'body.password', message: 'Please enter the username and password' }),
    ]);
  });

  it('needs a captcha after 3 failures of a username; the flag comes with the failure', async () => {
    const member = await createAccount(accountTypes.MEMBER);
    const attempt = (body: Record<string, unknown>) =>
      login(app, { username: member.username, ...body }, { ip: unique().ip });
    expect((await attempt({ password: 'Wrong#1' })).json().params).toEqual({ captchaRequired: false });
    expect((await attempt({ password: 'Wrong#2' })).json().params).toEqual({ captchaRequired: false });
    expect((await attempt({ password: 'Wrong#3' })).json().params).toEqual({ captchaRequired: true });

    const without = await attempt({ password: strongPassword });
    expect(without.statusCode).toBe(400);
    expect(without.json()).toMatchObject({
      code: 'IDENTITY_CAPTCHA_REQUIRED',
      message: 'Please enter the captcha',
      params: { captchaRequired: true },
    });
    const wrong = await attempt({
      password: strongPassword,
      captchaId: (await solveCaptcha(app)).captchaId,
      captcha: 'QQQQ',
    });
    expect(wrong.json()).toMatchObject({ code: 'IDENTITY_CAPTCHA_INVALID', params: { captchaRequired: true } });

    const solved = await solveCaptcha(app);
    const ok = await attempt({ password: strongPassword, ...solved });
    expect(ok.statusCode).toBe(200);
    // Used once: the same captcha does not pass twice. And the success starts the count again.
    await attempt({ password: 'Wrong#4' });
    const reused = await attempt({ password: 'Wrong#5', ...solved });
    expect(reused.json().code).toBe('IDENTITY_INVALID_CREDENTIALS');
    expect((await attempt({ password: strongPassword })).statusCode).toBe(200);
  });

  it('needs a captcha from an IP after 3 failures from it, whatever the usernames', async () => {
    const { ip } = unique();
    for (const name of ['ghost_a', 'ghost_b', 'ghost_c']) {
      await login(app, { username: name, password: 'Wrong#2026' }, { ip });
    }
    const member = await createAccount(accountTypes.MEMBER);
    const response = await login(app, { username: member.username, password: strongPassword }, { ip });
    expect(response.json()).toMatchObject({ code: 'IDENTITY_CAPTCHA_REQUIRED', params: { captchaRequired: true } });
    const elsewhere = await login(app, { username: member.username, password: strongPassword }, { ip: unique().ip });
    expect(elsewhere.statusCode).toBe(200);
  });

  it('refuses an expired captcha', async () => {
    const { ip } = unique();
    for (const name of ['late_a', 'late_b', 'late_c']) await login(app, { username: name, password: 'x' }, { ip });
    const member = await createAccount(accountTypes.MEMBER);
    const solved = await solveCaptcha(app);
    clock = new Date(clock.getTime() + 121_000);
    try {
      const response = await login(app, { username: member.username, password: strongPassword, ...solved }, { ip });
      expect(response.json().code).toBe('IDENTITY_CAPTCHA_INVALID');
    } finally {
      clock = new Date(clock.getTime() - 121_000);
    }
  });

  it('serves the captcha as a base64 PNG that is never cached', async () => {
    const response = await app.inject({ method: 'GET', url: '/wps/captcha' });
    expect(response.headers['cache-control']).toBe('no-store');
    const captcha = captchaSchema.parse(response.json().value);
    expect(captcha.expiresInSeconds).toBe(120);
    const png = PNG.sync.read(Buffer.from(captcha.image, 'base64'));
    expect(png.width).toBe(130);
    expect(png.height).toBe(44);
    expect(await app.services.identity.peekCaptchaAnswer(captcha.captchaId)).toMatch(/^[A-HJKMNP-Z2-9]{4}$/);
  });

  it('refuses the player site to trial and house accounts, and the agent area to non-agents', async () => {
    const member = await createAccount(accountTypes.MEMBER);
    const agent = await createAccount(accountTypes.AGENT_42);
    const house = await createAccount(9);
    const trial = await post(app, '/wps/session/login/freeplay', { os: 'linux', platform: 'W' });
    const trialName = (await memberInfo(app, trial.json().value.token)).json().value.account;

    const trialLogin = await login(app, { username: trialName, password: 'anything' });
    expect(trialLogin.statusCode).toBe(403);
    expect(trialLogin.json()).toMatchObject({
      code: 'IDENTITY_NON_MEMBER_LOGIN',
      message: 'Non-member account unable to login',
    });
    expect((await login(app, { username: house.username, password: strongPassword })).json().code).toBe(
      'IDENTITY_NON_MEMBER_LOGIN',
    );
    // A wrong password of a house account says nothing about its type.
    expect((await login(app, { username: house.username, password: 'Wrong#1' })).json().code).toBe(
      'IDENTITY_INVALID_CREDENTIALS',
    );

    const agentOnPlayerSite = await login(app, { username: agent.username, password: strongPassword });
    expect(agentOnPlayerSite.json().value).toMatchObject({ isAgent: true, accountType: 42 });

    for (const request of [
      () => login(app, { username: member.username, password: strongPassword }, { url: '/wps/agent/session/login' }),
      () => login(app, { username: member.username, password: strongPassword, scope: 'agent' }),
    ]) {
      const refused = await request();
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({ code: 'IDENTITY_NON_AGENT_LOGIN', message: 'Non-agents cannot log in' });
    }
    const agentArea = await login(
      app,
      { username: agent.username, password: strongPassword },
      { url: '/wps/agent/session/login' },
    );
    expect(agentArea.json().value).toMatchObject({ isAgent: true });
    const agentScope = await login(app, { username: agent.username, password: strongPassword, scope: 'agent' });
    expect(agentScope.statusCode).toBe(200);
  });

  it('refuses a disabled account and ends its sessions at once', async () => {
    const member = await createAccount(accountTypes.MEMBER);
    const token = (await login(app, { username: member.username, password: strongPassword })).json().value.token;
    expect((await memberInfo(app, token)).statusCode).toBe(200);
    await app.services.identity.setAccountStatus(member.id, 'disabled');
    expect((await memberInfo(app, token)).json().code).toBe('AUTH_REQUIRED');
    const refused = await login(app, { username: member.username, password: strongPassword });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('IDENTITY_ACCOUNT_DISABLED');
    await app.services.identity.setAccountStatus(member.id, 'active');
    expect((await login(app, { username: member.username, password: strongPassword })).statusCode).toBe(200);
  });

  it('accepts only an encrypted login body while payload encryption is on', async () => {
    const { form } = await registerMember(app);
    await app.services.system.setPayloadEncryption(true);
    try {
      const plain = await login(app, { username: form.username, password: strongPassword });
      expect(plain.json().code).toBe('CRYPTO_PAYLOAD_REQUIRED');
      const permission = (await app.inject({ method: 'GET', url: '/wps/system/whitelabel' })).json();
      const sealed = await encryptPayloadForTest(permission.value.info.payloadEncryption.publicKey, {
        username: form.username,
        password: strongPassword,
      });
      const response = await login(app, sealed);
      expect(response.statusCode).toBe(200);
      expect(response.json().value.token).toBeTruthy();
    } finally {
      await app.services.system.setPayloadEncryption(false);
    }
  });

  it('documents the identity calls in the OpenAPI document', async () => {
    const openapi = (await app.inject({ method: 'GET', url: '/docs/json' })).json();
    expect(Object.keys(openapi.paths)).toEqual(
      expect.arrayContaining([
        '/wps/session/login',
        '/wps/agent/session/login',
        '/wps/session/login/freeplay',
        '/wps/session/logout',
        '/wps/verification/sms/noLogin',
        '/wps/verification/sms/register',
        '/wps/member/info',
        '/wps/member/register',
        '/wps/member/register/mobile',
        '/wps/member/password',
        '/wps/member/password/email',
        '/wps/member/password/reset',
        '/wps/member/password/verification',
        '/wps/member/info/icon',
        '/wps/member/language',
        '/wps/agent/affiliate',
        '/wps/captcha',
      ]),
    );
    expect(openapi.paths['/wps/member/info'].get.security).toEqual([{ token: [] }]);
  });

  it('shows the previous login in member info', async () => {
    const member = await createAccount(accountTypes.MEMBER);
    await login(app, { username: member.username, password: strongPassword }, { ip: '203.0.113.9' });
    const second = await login(app, { username: member.username, password: strongPassword }, { ip: '203.0.113.10' });
    const info = (await memberInfo(app, second.json().value.token)).json().value;
    expect(info).toMatchObject({ firstTimeLogin: false, lastLogin: { ip: '203.0.113.9', at: clock.toISOString() } });
  });
});

describe('login lockout', () => {
  let app: FastifyInstance;
  let clock = new Date('2026-11-22T10:00:00Z');
  beforeAll(async () => {
    // The captcha rule is set out of the way so that only the lockout decides; 20 failures lock.
    app = await buildIdentityApp(
      { loginCaptchaAfterFailures: 1000, loginMaxFailures: 20, loginLockMinutes: 15 },
      { now: () => clock },
    );
  });
  afterAll(() => app.close());

  const failTimes = async (username: string, times: number) => {
    for (let attempt = 1; attempt <= times; attempt += 1) {
      expect((await login(app, { username, password: `Wrong#${attempt}` })).json().code).toBe(
        'IDENTITY_INVALID_CREDENTIALS',
      );
    }
  };

  it('locks the account for 15 minutes at the 20th wrong password, even against the right one', async () => {
    const { username } = unique();
    const account = await app.services.identity.createAccount({ username, password: strongPassword, type: 0 });
    await failTimes(username, 19);
    const last = await login(app, { username, password: 'Wrong#20' });
    expect(last.statusCode).toBe(423);
    expect(last.headers['retry-after']).toBe('900');
    expect(last.json()).toMatchObject({
      code: 'IDENTITY_ACCOUNT_LOCKED',
      params: { retryAfterSeconds: 900 },
      message: 'Too many failed attempts: this account is locked. Please try again in 900 seconds.',
    });
    clock = new Date(clock.getTime() + 60_000);
    const right = await login(app, { username, password: strongPassword });
    expect(right.json()).toMatchObject({ code: 'IDENTITY_ACCOUNT_LOCKED', params: { retryAfterSeconds: 840 } });
    clock = new Date(clock.getTime() + 14 * 60_000);
    expect((await login(app, { username, password: strongPassword })).statusCode).toBe(200);
    expect(await app.services.identity.loginFailureState(account.id)).toEqual({
      failedLoginCount: 0,
      lockedUntil: null,
    });
  });

  it('starts a fresh count once a lock has run out', async () => {
    const { username } = unique();
    const account = await app.services.identity.createAccount({ username, password: strongPassword, type: 0 });
    await failTimes(username, 19);
    await login(app, { username, password: 'Wrong#20' });
    clock = new Date(clock.getTime() + 16 * 60_000);
    expect((await login(app, { username, password: 'Wrong#21' })).json().code).toBe('IDENTITY_INVALID_CREDENTIALS');
    expect((await app.services.identity.loginFailureState(account.id)).failedLoginCount).toBe(1);
  });

  it('counts 20 concurrent wrong passwords exactly 20 times and locks the account', async () => {
    const { username } = unique();
    const account = await app.services.identity.createAccount({ username, password: strongPassword, type: 0 });
    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, index) => login(app, { username, password: `Wrong#${index}` })),
    );
    const codes = responses.map((response) => response.json().code);
    expect(codes.filter((code) => code === 'IDENTITY_INVALID_CREDENTIALS')).toHaveLength(19);
    expect(codes.filter((code) => code === 'IDENTITY_ACCOUNT_LOCKED')).toHaveLength(1);
    const state = await app.services.identity.loginFailureState(account.id);
    expect(state.failedLoginCount).toBe(20);
    expect(state.lockedUntil).not.toBeNull();
    expect((await login(app, { username, password: strongPassword })).json().code).toBe('IDENTITY_ACCOUNT_LOCKED');
  });
});

describe('per-client limits and development tools', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildIdentityApp({
      loginRateLimitPerMinute: 3,
      registerRateLimitPerMinute: 2,
      captchaRefreshIntervalMs: 1000,
      devTools: true,
    });
  });
  afterAll(() => app.close());

  it('limits login attempts per client IP', async () => {
    const { ip } = unique();
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const response = await login(app, { username: `someone${attempt}`, password: 'x' }, { ip });
      expect(response.statusCode, response.body).toBe(401);
    }
    const limited = await login(app, { username: 'someone', password: 'x' }, { ip });
    expect(limited.statusCode).toBe(429);
    expect(limited.json().code).toBe('RATE_LIMITED');
    expect((await login(app, { username: 'someone', password: 'x' }, { ip: unique().ip })).statusCode).toBe(401);
  });

  it('limits free-play accounts per client IP', async () => {
    const { ip } = unique();
    const play = () =>
      app.inject({ method: 'POST', url: '/wps/session/login/freeplay', payload: {}, remoteAddress: ip });
    expect((await play()).statusCode).toBe(200);
    expect((await play()).statusCode).toBe(200);
    expect((await play()).statusCode).toBe(429);
  });

  it('gives a client one captcha per second', async () => {
    const { ip } = unique();
    const fetchCaptcha = () => app.inject({ method: 'GET', url: '/wps/captcha', remoteAddress: ip });
    expect((await fetchCaptcha()).statusCode).toBe(200);
    const second = await fetchCaptcha();
    expect(second.statusCode).toBe(429);
    expect(second.json().code).toBe('RATE_LIMITED');
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect((await fetchCaptcha()).statusCode).toBe(200);
  });

  it('tells the answer of a live captcha under /dev without using it up', async () => {
    const captcha = (await app.inject({ method: 'GET', url: '/wps/captcha', remoteAddress: unique().ip })).json().value;
    const answer = await app.inject({ method: 'GET', url: `/dev/captcha/${captcha.captchaId}` });
    expect(answer.json().value).toEqual({
      captchaId: captcha.captchaId,
      answer: await app.services.identity.peekCaptchaAnswer(captcha.captchaId),
    });
    const unknown = await app.inject({ method: 'GET', url: '/dev/captcha/00000000-0000-0000-0000-000000000000' });
    expect(unknown.statusCode).toBe(404);
  });
});

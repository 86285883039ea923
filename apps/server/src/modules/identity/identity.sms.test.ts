import { accountTypes } from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  buildIdentityApp,
  e164,
  lastSmsCode,
  login,
  memberInfo,
  post,
  solveCaptcha,
  strongPassword,
  unique,
} from './identity.test-helpers';

describe('SMS codes, SMS login and password recovery', () => {
  let app: FastifyInstance;
  let clock = new Date('2026-11-22T10:00:00Z');
  const advance = (ms: number) => {
    clock = new Date(clock.getTime() + ms);
  };
  beforeAll(async () => {
    app = await buildIdentityApp({ smsDailyQuota: 1000 }, { now: () => clock });
  });
  afterAll(() => app.close());

  /** A member with a bound mobile; its password is the strong test password unless given. */
  const memberWithMobile = async (password: string | undefined = strongPassword) => {
    const { username, mobile } = unique();
    const account = await app.services.identity.createAccount({
      username,
      password,
      type: accountTypes.MEMBER,
      mobile: e164(mobile),
      email: `${username}@example.com`,
    });
    return { ...account, mobile };
  };
  /** Asks for a login code; each call after the first to one number must be a second later. */
  const requestCode = async (body: Record<string, unknown>, options: { ip?: string; captcha?: boolean } = {}) => {
    const captcha = options.captcha === false ? {} : await solveCaptcha(app);
    return post(app, '/wps/verification/sms/noLogin', { ...captcha, ...body }, { ip: options.ip ?? unique().ip });
  };
  const smsCount = async (mobile: string) =>
    (await app.services.outbox.list({ channel: 'SMS', recipient: e164(mobile) })).length;

  it('logs in with the code sent to the mobile, without the forced password step', async () => {
    const account = await memberWithMobile(undefined);
    const sent = await requestCode({ mobileNum: account.mobile, countryDialingCode: '+880' });
    expect(sent.json()).toEqual({ success: true, value: { expiredMinutes: 1 } });
    const [message] = await app.services.outbox.list({ channel: 'SMS', recipient: e164(account.mobile) });
    expect(message?.body).toMatch(/^Your verification code is \d{6}\. It is valid for 1 minute/);
    const code = await lastSmsCode(app, e164(account.mobile));
    const response = await login(app, { type: 'sms', mobileNum: account.mobile, verificationCode: code });
    expect(response.statusCode).toBe(200);
    // The account still has the default password, but an SMS login never forces the change step.
    expect(response.json().value).toMatchObject({ mustChangePassword: false, isTrial: false });
    // Single use.
    advance(1000);
    const again = await login(app, { type: 'sms', mobileNum: account.mobile, verificationCode: code });
    expect(again.json().code).toBe('IDENTITY_SMS_CODE_INVALID');
  });

  it("accepts the spec's login payload: the number in username and the code in password", async () => {
    const account = await memberWithMobile();
    advance(1000);
    await requestCode({ mobileNum: `+880 ${account.mobile.slice(1)}` });
    const code = await lastSmsCode(app, e164(account.mobile));
    const response = await login(app, { type: 'sms', username: account.mobile, password: code });
    expect(response.statusCode).toBe(200);
  });

  it('answers a number without an account like any other, but sends nothing', async () => {
    const { mobile } = unique();
    const response = await requestCode({ mobileNum: mobile });
    expect(response.json()).toEqual({ success: true, value: { expiredMinutes: 1 } });
    expect(await smsCount(mobile)).toBe(0);
    expect((await login(app, { type: 'sms', mobileNum: mobile, verificationCode: '123456' })).json().code).toBe(
      'IDENTITY_SMS_CODE_INVALID',
    );
  });

  it('refuses a missing and a malformed phone number', async () => {
    const missing = await requestCode({});
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ code: 'IDENTITY_PHONE_MISSING', message: 'Missing phone number' });
    for (const mobileNum of ['12ab5678901', '0171', '+999171234567', '017123456789012']) {
      const response = await requestCode({ mobileNum });
      expect(response.json(), mobileNum).toMatchObject({
        code: 'IDENTITY_PHONE_INVALID',
        message: 'Invalid phone number format',
      });
    }
    const unknownCountry = await requestCode({ mobileNum: '01712345678', countryDialingCode: '+1' });
    expect(unknownCountry.json().code).toBe('IDENTITY_PHONE_INVALID');
    const bn = await app.inject({
      method: 'POST',
      url: '/wps/verification/sms/noLogin',
      payload: {},
      headers: { language: 'bn' },
    });
    expect(bn.json().message).toBe('ফোন নম্বর দেওয়া হয়নি');
  });

  it('needs a solved captcha to send a code', async () => {
    const account = await memberWithMobile();
    const without = await requestCode({ mobileNum: account.mobile }, { captcha: false });
    expect(without.json().code).toBe('IDENTITY_CAPTCHA_REQUIRED');
    const wrong = await requestCode(
      { mobileNum: account.mobile, captchaId: (await solveCaptcha(app)).captchaId, captcha: 'ZZZZ' },
      { captcha: false },
    );
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({
      code: 'IDENTITY_CAPTCHA_INVALID',
      message: 'Captcha check failed, please try again',
    });
    expect(await smsCount(account.mobile)).toBe(0);
  });

  it('sends to a number at most once a second', async () => {
    const account = await memberWithMobile();
    expect((await requestCode({ mobileNum: account.mobile })).statusCode).toBe(200);
    const throttled = await requestCode({ mobileNum: account.mobile });
    expect(throttled.statusCode).toBe(429);
    expect(throttled.json()).toMatchObject({ code: 'RATE_LIMITED', params: { retryAfterSeconds: 1 } });
    advance(1000);
    expect((await requestCode({ mobileNum: account.mobile })).statusCode).toBe(200);
  });

  it('locks a number out for 5 minutes after 5 sends, and an IP after 5 sends to any numbers', async () => {
    const account = await memberWithMobile();
    for (let send = 0; send < 5; send += 1) {
      advance(1000);
      expect((await requestCode({ mobileNum: account.mobile })).statusCode).toBe(200);
    }
    advance(1000);
    const locked = await requestCode({ mobileNum: account.mobile });
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toMatchObject({
      code: 'IDENTITY_SMS_TOO_MANY_REQUESTS',
      message: 'Too many requests, please retry after 5 minutes',
      params: { retryAfterSeconds: 295 },
    });
    advance(5 * 60_000);
    expect((await requestCode({ mobileNum: account.mobile })).statusCode).toBe(200);

    const { ip } = unique();
    for (let send = 0; send < 5; send += 1) {
      expect((await requestCode({ mobileNum: unique().mobile }, { ip })).statusCode).toBe(200);
    }
    const byIp = await requestCode({ mobileNum: unique().mobile }, { ip });
    expect(byIp.json().code).toBe('IDENTITY_SMS_TOO_MANY_REQUESTS');
  });

  it('answers "unknown error" when the SMS provider fails, and the failed code cannot be used', async () => {
    const account = await memberWithMobile();
    const send = vi.spyOn(app.services.outbox.sms, 'send').mockRejectedValueOnce(new Error('gateway timeout'));
    try {
      advance(1000);
      const response = await requestCode({ mobileNum: account.mobile });
      expect(response.statusCode).toBe(502);
      expect(response.json()).toMatchObject({
        code: 'IDENTITY_SMS_SEND_FAILED',
        message: 'Unknown error, please try again later',
      });
    } finally {
      send.mockRestore();
    }
    expect(await smsCount(account.mobile)).toBe(0);
  });

  it('refuses a wrong or missing code, and voids the code after 5 wrong guesses', async () => {
    const account = await memberWithMobile();
    advance(1000);
    await requestCode({ mobileNum: account.mobile });
    const code = await lastSmsCode(app, e164(account.mobile));
    const wrong = `${code.slice(0, 5)}${(Number(code[5]) + 1) % 10}`;
    const missing = await login(app, { type: 'sms', mobileNum: account.mobile });
    expect(missing.json()).toMatchObject({
      code: 'IDENTITY_SMS_CODE_INVALID',
      message: 'Invalid or missing verification code',
    });
    for (let guess = 0; guess < 5; guess += 1) {
      expect((await login(app, { type: 'sms', mobileNum: account.mobile, verificationCode: wrong })).json().code).toBe(
        'IDENTITY_SMS_CODE_INVALID',
      );
    }
    const voided = await login(app, { type: 'sms', mobileNum: account.mobile, verificationCode: code });
    expect(voided.json()).toMatchObject({
      code: 'IDENTITY_SMS_CODE_EXPIRED',
      message: 'The verification code has expired, please resend',
    });
  });

  it('expires a code after expiredMinutes, and a new code voids the older one', async () => {
    const account = await memberWithMobile();
    advance(1000);
    await requestCode({ mobileNum: account.mobile });
    const first = await lastSmsCode(app, e164(account.mobile));
    advance(61_000);
    expect((await login(app, { type: 'sms', mobileNum: account.mobile, verificationCode: first })).json().code).toBe(
      'IDENTITY_SMS_CODE_EXPIRED',
    );
    await requestCode({ mobileNum: account.mobile });
    const second = await lastSmsCode(app, e164(account.mobile));
    if (second !== first) {
      expect((await login(app, { type: 'sms', mobileNum: account.mobile, verificationCode: first })).json().code).toBe(
        'IDENTITY_SMS_CODE_INVALID',
      );
    }
    expect((await login(app, { type: 'sms', mobileNum: account.mobile, verificationCode: second })).statusCode).toBe(
      200,
    );
  });

  it('answers "function not enabled" for SMS login while SMSLOGIN3 is off', async () => {
    const account = await memberWithMobile();
    await app.services.system.setFeature('SMSLOGIN3', false);
    try {
      const code = await requestCode({ mobileNum: account.mobile });
      expect(code.statusCode).toBe(403);
      expect(code.json()).toMatchObject({
        code: 'IDENTITY_SMS_NOT_ENABLED',
        message: 'Function not enabled or operation not allowed',
      });
      const sms = await login(app, { type: 'sms', mobileNum: account.mobile, verificationCode: '123456' });
      expect(sms.json().code).toBe('IDENTITY_SMS_NOT_ENABLED');
      // The reset code has its own switch and still works.
      advance(1000);
      expect((await requestCode({ mobileNum: account.mobile, purpose: 'resetPassword' })).statusCode).toBe(200);
    } finally {
      await app.services.system.setFeature('SMSLOGIN3', true);
    }
  });

  it('resets the password by mobile with a reset code, ends old sessions and logs the member in', async () => {
    const account = await memberWithMobile();
    const old = (await login(app, { username: account.username, password: strongPassword })).json().value.token;
    advance(1000);
    await requestCode({ mobileNum: account.mobile, purpose: 'resetPassword' });
    const code = await lastSmsCode(app, e164(account.mobile));
    // A reset code does not log in by itself.
    expect((await login(app, { type: 'sms', mobileNum: account.mobile, verificationCode: code })).json().code).toBe(
      'IDENTITY_SMS_CODE_INVALID',
    );
    const badPassword = await post(app, '/wps/member/password/verification', {
      mobileNum: account.mobile,
      verificationCode: code,
      newPassword: 'weak',
    });
    expect(badPassword.json().issues[0].path).toBe('body.newPassword');
    const response = await post(app, '/wps/member/password/verification', {
      mobileNum: account.mobile,
      verificationCode: code,
      newPassword: 'Recovered#2026',
    });
    expect(response.statusCode).toBe(200);
    expect((await memberInfo(app, response.json().value.token)).statusCode).toBe(200);
    expect((await memberInfo(app, old)).json().code).toBe('AUTH_REQUIRED');
    expect((await login(app, { username: account.username, password: 'Recovered#2026' })).statusCode).toBe(200);
    const reused = await post(app, '/wps/member/password/verification', {
      mobileNum: account.mobile,
      verificationCode: code,
      newPassword: 'Again#2026x',
    });
    expect(reused.json().code).toBe('IDENTITY_SMS_CODE_INVALID');
  });

  it('e-mails a reset link only when username and e-mail match, answering the same either way', async () => {
    const account = await memberWithMobile();
    const emails = async () =>
      (await app.services.outbox.list({ channel: 'EMAIL', recipient: `${account.username}@example.com` })).length;
    for (const payload of [
      { username: account.username, email: 'someone.else@example.com' },
      { username: 'no_such_user', email: `${account.username}@example.com` },
    ]) {
      const response = await post(app, '/wps/member/password/email', payload);
      expect(response.json()).toEqual({ success: true, value: { sent: true } });
    }
    expect(await emails()).toBe(0);
    const malformed = await post(app, '/wps/member/password/email', { username: account.username, email: 'nope' });
    expect(malformed.json().issues).toEqual([
      expect.objectContaining({ path: 'body.email', message: 'E-mail format is incorrect' }),
    ]);

    // The spec's client posts this one as a form.
    const form = await app.inject({
      method: 'POST',
      url: '/wps/member/password/email',
      payload: `username=${account.username}&email=${encodeURIComponent(`${account.username.toUpperCase()}@EXAMPLE.COM`)}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(form.json()).toEqual({ success: true, value: { sent: true } });
    const [mail] = await app.services.outbox.list({ channel: 'EMAIL', recipient: `${account.username}@example.com` });
    expect(mail?.subject).toBe('Reset your password');
    const token = mail?.body.match(/resetPasswordToken=([\w-]+)/)?.[1] ?? '';
    expect(token).toHaveLength(43);
    // A second request within a minute sends nothing more.
    await post(app, '/wps/member/password/email', {
      username: account.username,
      email: `${account.username}@example.com`,
    });
    expect(await emails()).toBe(1);

    const reset = await post(app, '/wps/member/password/reset', {
      token,
      newPassword: 'ByEmail#2026',
      confirmNewPassword: 'ByEmail#2026',
    });
    expect(reset.statusCode).toBe(200);
    expect(reset.json().value.token).toBeTruthy();
    expect((await login(app, { username: account.username, password: 'ByEmail#2026' })).statusCode).toBe(200);
    const again = await post(app, '/wps/member/password/reset', { token, newPassword: 'Other#2026x' });
    expect(again.json()).toMatchObject({ code: 'IDENTITY_RESET_LINK_INVALID' });
  });

  it('refuses an expired reset link', async () => {
    const account = await memberWithMobile();
    await post(app, '/wps/member/password/email', {
      username: account.username,
      email: `${account.username}@example.com`,
    });
    const [mail] = await app.services.outbox.list({ channel: 'EMAIL', recipient: `${account.username}@example.com` });
    const token = mail?.body.match(/resetPasswordToken=([\w-]+)/)?.[1] ?? '';
    advance(31 * 60_000);
    const response = await post(app, '/wps/member/password/reset', { token, newPassword: 'Late#2026xx' });
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('IDENTITY_RESET_LINK_INVALID');
  });
});

describe('SMS daily quota', () => {
  let app: FastifyInstance;
  let clock = new Date('2026-11-22T10:00:00Z');
  beforeAll(async () => {
    app = await buildIdentityApp({ smsDailyQuota: 2 }, { now: () => clock });
  });
  afterAll(() => app.close());

  it('answers "quota not sufficient" once the merchant sent its daily SMS, until the next day', async () => {
    const send = async () =>
      post(
        app,
        '/wps/verification/sms/register',
        { mobileNum: unique().mobile, ...(await solveCaptcha(app)) },
        { ip: unique().ip },
      );
    expect((await send()).statusCode).toBe(200);
    expect((await send()).statusCode).toBe(200);
    const over = await send();
    expect(over.statusCode).toBe(503);
    expect(over.json()).toMatchObject({
      code: 'IDENTITY_SMS_QUOTA_EXCEEDED',
      message: 'Quota not sufficient, please contact customer service',
    });
    clock = new Date('2026-11-23T00:00:01Z');
    expect((await send()).statusCode).toBe(200);
  });
});

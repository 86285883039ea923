import { accountTypes, type LoginChallenge, type MemberSecurity } from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ipPrefix } from './identity.ip';
import {
  buildIdentityApp,
  e164,
  lastEmailCode,
  lastSmsCode,
  memberInfo,
  post,
  strongPassword,
  unique,
} from './identity.test-helpers';
import { createTotpSecretBox, totpCodeAt } from './identity.totp';

describe('ipPrefix', () => {
  it('groups IPv4 by /24 and IPv6 by /64, IPv4-mapped as IPv4', () => {
    expect(ipPrefix('203.0.113.7')).toBe('203.0.113.0/24');
    expect(ipPrefix('::ffff:203.0.113.200')).toBe('203.0.113.0/24');
    expect(ipPrefix('2001:db8:1:2:3:4:5:6')).toBe('2001:db8:1:2::/64');
    expect(ipPrefix('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(ipPrefix('2001:0db8:0000:0002::9')).toBe('2001:db8:0:2::/64');
    expect(ipPrefix('::1')).toBe('0:0:0:0::/64');
    expect(ipPrefix('not an ip')).toBeNull();
    expect(ipPrefix(null)).toBeNull();
  });
});

describe('TOTP secret sealing (MEMBER_TOTP_KEY)', () => {
  const key = 'a'.repeat(64);
  it('seals with AES-256-GCM when a key is set, opens only with that key, and keeps secrets as they are without one', () => {
    const box = createTotpSecretBox(key);
    const sealed = box.seal('JBSWY3DPEHPK3PXP');
    expect(sealed).toMatch(/^sealed:v1:/);
    expect(sealed).not.toContain('JBSWY3DPEHPK3PXP');
    expect(box.open(sealed)).toBe('JBSWY3DPEHPK3PXP');
    expect(() => createTotpSecretBox('b'.repeat(64)).open(sealed)).toThrow();
    expect(() => createTotpSecretBox(undefined).open(sealed)).toThrow();
    expect(createTotpSecretBox(undefined).seal('JBSWY3DPEHPK3PXP')).toBe('JBSWY3DPEHPK3PXP');
  });
});

describe('new-IP verification and two-step login', () => {
  let app: FastifyInstance;
  let clock = new Date('2026-11-22T10:00:00Z');
  const advance = (ms: number) => {
    clock = new Date(clock.getTime() + ms);
  };
  beforeAll(async () => {
    // With a sealing key, so the two-step journeys below run through sealed secrets.
    app = await buildIdentityApp({ loginNewIpVerification: true, memberTotpKey: 'c'.repeat(64) }, { now: () => clock });
  });
  afterAll(() => app.close());

  /** A member with the given contacts, who has logged in once from `homeIp` (so that network is known). */
  async function memberAt(
    options: { mobile?: boolean; email?: boolean; bankName?: string; password?: string | null } = {},
  ) {
    const { username, mobile, ip } = unique();
    const email = options.email ? `${username}@example.com` : null;
    const password = options.password === null ? undefined : (options.password ?? strongPassword);
    const account = await app.services.identity.createAccount({
      username,
      ...(password ? { password } : {}),
      type: accountTypes.MEMBER,
      mobile: options.mobile ? e164(mobile) : null,
      email,
      mustChangePassword: false,
    });
    if (options.bankName) await app.services.identity.setPayeeNameIfEmpty(account.id, options.bankName);
    const homeIp = ip;
    const first = await post(app, '/wps/session/login', { username, password: password ?? '{secret}' }, { ip: homeIp });
    expect(first.statusCode).toBe(200);
    return { ...account, mobileE164: options.mobile ? e164(mobile) : null, email, homeIp, password };
  }

  const loginFrom = (username: string, ip: string, password = strongPassword) =>
    post(app, '/wps/session/login', { username, password }, { ip });

  async function challengeFor(username: string, ip: string, password = strongPassword): Promise<LoginChallenge> {
    const response = await loginFrom(username, ip, password);
    expect(response.statusCode).toBe(403);
    expect(response.json().code).toBe('IDENTITY_VERIFICATION_REQUIRED');
    return response.json().params as LoginChallenge;
  }

  const verify = (body: object, ip = '198.51.100.10') => post(app, '/wps/session/login/verification', body, { ip });
  const sendCode = (body: object, ip = '198.51.100.10') =>
    post(app, '/wps/session/login/verification/code', body, { ip });

  it('lets the first login and any login from a known /24 through, and holds back a new network', async () => {
    const member = await memberAt({ mobile: true });
    const sameBlock = member.homeIp.replace(/\.\d+$/, '.250');
    expect((await loginFrom(member.username, sameBlock)).statusCode).toBe(200);

    const response = await loginFrom(member.username, '198.51.100.10');
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({
      code: 'IDENTITY_VERIFICATION_REQUIRED',
      message: 'Please complete verification first',
      params: { reason: 'newIp', methods: ['sms'], mobile: expect.stringContaining('****') },
    });
    expect(response.json().params.expiresInSeconds).toBe(600);
    expect(response.json().value).toBeUndefined();
    const bn = await app.inject({
      method: 'POST',
      url: '/wps/session/login',
      payload: { username: member.username, password: strongPassword },
      headers: { language: 'bn' },
      remoteAddress: '198.51.100.11',
    });
    expect(bn.json().message).toBe('অনুগ্রহ করে আগে যাচাইকরণ সম্পন্ন করুন');
  });

  it('offers the methods the account allows: mobile code, e-mail code and bank account name', async () => {
    const member = await memberAt({ mobile: true, email: true, bankName: 'Rahim Uddin' });
    const challenge = await challengeFor(member.username, '198.51.100.20');
    expect(challenge.methods).toEqual(['sms', 'email', 'bankName']);
    expect(challenge.email).toMatch(/^u\*\*\*@example\.com$/);
  });

  it('lets an account with nothing to verify with through (it has no second factor)', async () => {
    const member = await memberAt();
    expect((await loginFrom(member.username, '198.51.100.30')).statusCode).toBe(200);
  });

  it('completes with the SMS code, logs in, remembers the network, and the challenge is single use', async () => {
    const member = await memberAt({ mobile: true });
    const newIp = '192.0.2.40';
    const challenge = await challengeFor(member.username, newIp);
    const sent = await sendCode({ challengeId: challenge.challengeId, method: 'sms' }, newIp);
    expect(sent.statusCode).toBe(200);
    expect(sent.json().value).toEqual({ expiredMinutes: 1 });
    const code = await lastSmsCode(app, member.mobileE164 ?? '');

    const wrongCode = code === '000000' ? '000001' : '000000';
    const wrong = await verify({ challengeId: challenge.challengeId, method: 'sms', answer: wrongCode }, newIp);
    expect(wrong.json().code).toBe('IDENTITY_SMS_CODE_INVALID');

    const done = await verify({ challengeId: challenge.challengeId, method: 'sms', answer: code }, newIp);
    expect(done.statusCode).toBe(200);
    const token = done.json().value.token as string;
    expect((await memberInfo(app, token)).statusCode).toBe(200);

    const again = await verify({ challengeId: challenge.challengeId, method: 'sms', answer: code }, newIp);
    expect(again.json().code).toBe('IDENTITY_VERIFICATION_EXPIRED');
    // The network is known now.
    expect((await loginFrom(member.username, '192.0.2.41')).statusCode).toBe(200);
  });

  it('completes with an e-mailed code; an expired code is refused and a new one must be sent', async () => {
    const member = await memberAt({ email: true });
    const newIp = '192.0.2.50';
    const challenge = await challengeFor(member.username, newIp);
    expect((await sendCode({ challengeId: challenge.challengeId, method: 'email' }, newIp)).statusCode).toBe(200);
    const tooSoon = await sendCode({ challengeId: challenge.challengeId, method: 'email' }, newIp);
    expect(tooSoon.json().code).toBe('RATE_LIMITED');
    const oldCode = await lastEmailCode(app, member.email ?? '');
    advance(70_000);
    const expired = await verify({ challengeId: challenge.challengeId, method: 'email', answer: oldCode }, newIp);
    expect(expired.json()).toMatchObject({
      code: 'IDENTITY_EMAIL_CODE_EXPIRED',
      message: 'The verification code has expired, please resend',
    });
    expect((await sendCode({ challengeId: challenge.challengeId, method: 'email' }, newIp)).statusCode).toBe(200);
    const code = await lastEmailCode(app, member.email ?? '');
    const done = await verify({ challengeId: challenge.challengeId, method: 'email', answer: code }, newIp);
    expect(done.statusCode).toBe(200);
  });

  it('refuses a method the account does not have, and an unknown challenge', async () => {
    const member = await memberAt({ mobile: true });
    const challenge = await challengeFor(member.username, '192.0.2.60');
    const unavailable = await verify({ challengeId: challenge.challengeId, method: 'bankName', answer: 'Someone' });
    expect(unavailable.json().code).toBe('IDENTITY_VERIFICATION_METHOD_UNAVAILABLE');
    const unknown = await verify({ challengeId: '6b0d5c1e-0000-4000-8000-000000000000', method: 'sms', answer: '1' });
    expect(unknown.json().code).toBe('IDENTITY_VERIFICATION_EXPIRED');
    const garbage = await verify({ challengeId: 'nonsense', method: 'sms', answer: '1' });
    expect(garbage.json().code).toBe('IDENTITY_VERIFICATION_EXPIRED');
  });

  it('checks the bank account holder name without regard to case and spacing', async () => {
    const member = await memberAt({ bankName: 'Rahim Uddin' });
    const challenge = await challengeFor(member.username, '192.0.2.70');
    const wrong = await verify({ challengeId: challenge.challengeId, method: 'bankName', answer: 'Karim Uddin' });
    expect(wrong.json()).toMatchObject({ code: 'IDENTITY_VERIFICATION_INVALID' });
    const right = await verify({ challengeId: challenge.challengeId, method: 'bankName', answer: '  rahim   UDDIN ' });
    expect(right.statusCode).toBe(200);
  });

  it('counts wrong answers like wrong passwords: the account locks and the challenge is dead', async () => {
    const member = await memberAt({ bankName: 'Rahim Uddin' });
    const challenge = await challengeFor(member.username, '192.0.2.80');
    const answers = await Promise.all(
      Array.from({ length: 5 }, () =>
        verify({ challengeId: challenge.challengeId, method: 'bankName', answer: 'Wrong Name' }),
      ),
    );
    const codes = answers.map((response) => response.json().code).sort();
    expect(codes).toContain('IDENTITY_ACCOUNT_LOCKED');
    const state = await app.services.identity.loginFailureState(member.id);
    expect(state.failedLoginCount).toBe(5);
    expect(state.lockedUntil).not.toBeNull();
    const late = await verify({ challengeId: challenge.challengeId, method: 'bankName', answer: 'Rahim Uddin' });
    expect(late.json().code).toBe('IDENTITY_VERIFICATION_LOCKED');
    advance(16 * 60_000);
  });

  it('expires a challenge after 10 minutes', async () => {
    const member = await memberAt({ bankName: 'Rahim Uddin' });
    const challenge = await challengeFor(member.username, '192.0.2.90');
    advance(10 * 60_000 + 1000);
    const late = await verify({ challengeId: challenge.challengeId, method: 'bankName', answer: 'Rahim Uddin' });
    expect(late.json()).toMatchObject({
      code: 'IDENTITY_VERIFICATION_EXPIRED',
      message: 'The verification has expired, please log in again',
    });
  });

  it('keeps the forced change-password step of a default password after the second step', async () => {
    const member = await memberAt({ bankName: 'Rahim Uddin', password: null });
    const challenge = await challengeFor(member.username, '192.0.2.100', '{secret}');
    const done = await verify({ challengeId: challenge.challengeId, method: 'bankName', answer: 'Rahim Uddin' });
    expect(done.json().value.mustChangePassword).toBe(true);
  });

  it('does not ask when LOGIN_NEW_IP_VERIFICATION or NEWIPVERIFY3 is off', async () => {
    const member = await memberAt({ mobile: true });
    await app.services.system.setFeature('NEWIPVERIFY3', false);
    try {
      expect((await loginFrom(member.username, '192.0.2.110')).statusCode).toBe(200);
    } finally {
      await app.services.system.setFeature('NEWIPVERIFY3', true);
    }
    const off = await buildIdentityApp({ loginNewIpVerification: false });
    try {
      const { username } = unique();
      await off.services.identity.createAccount({
        username,
        password: strongPassword,
        type: 0,
        mobile: '+8801711000001',
      });
      expect(
        (await post(off, '/wps/session/login', { username, password: strongPassword }, { ip: '10.9.9.9' })).statusCode,
      ).toBe(200);
      expect(
        (await post(off, '/wps/session/login', { username, password: strongPassword }, { ip: '192.0.2.1' })).statusCode,
      ).toBe(200);
    } finally {
      await off.close();
    }
  });

  // ------------------------------------------------------------ two-step verification (TOTP)

  async function tokenOf(username: string, ip: string): Promise<string> {
    const response = await loginFrom(username, ip);
    expect(response.statusCode).toBe(200);
    return response.json().value.token as string;
  }

  const call = (url: string, token: string, payload: object = {}) => post(app, url, payload, { token });
  const security = async (token: string): Promise<MemberSecurity> =>
    (await app.inject({ method: 'GET', url: '/wps/member/security', headers: { authorization: token } })).json()
      .value as MemberSecurity;

  it('turns two-step verification on with a confirmed code, then every login needs the authenticator', async () => {
    const member = await memberAt();
    const token = await tokenOf(member.username, member.homeIp);
    const setup = await call('/wps/member/security/2fa/setup', token);
    expect(setup.statusCode).toBe(200);
    const { secret, otpauthUri } = setup.json().value as { secret: string; otpauthUri: string };
    expect(otpauthUri).toMatch(/^otpauth:\/\/totp\/BDX88:/);
    expect(otpauthUri).toContain(`secret=${secret}`);

    const wrong = await call('/wps/member/security/2fa/enable', token, { code: '000000' });
    expect(wrong.json()).toMatchObject({ code: 'IDENTITY_TOTP_INVALID' });
    expect((await security(token)).twoFactorEnabled).toBe(false);

    const enabled = await call('/wps/member/security/2fa/enable', token, { code: totpCodeAt(secret, clock) });
    expect(enabled.statusCode).toBe(200);
    const recoveryCodes = enabled.json().value.recoveryCodes as string[];
    expect(recoveryCodes).toHaveLength(8);
    expect((await security(token)).twoFactorEnabled).toBe(true);
    expect((await call('/wps/member/security/2fa/setup', token)).json().code).toBe(
      'IDENTITY_TWO_FACTOR_ALREADY_ENABLED',
    );

    // Even from the home network, the login now asks for the authenticator only.
    const challenge = await challengeFor(member.username, member.homeIp);
    expect(challenge).toMatchObject({ reason: 'twoFactor', methods: ['totp'] });
    const bad = await verify({ challengeId: challenge.challengeId, method: 'totp', answer: '123456' }, member.homeIp);
    expect(bad.json().code).toBe('IDENTITY_TOTP_INVALID');
    advance(30_000);
    const code = totpCodeAt(secret, clock);
    const good = await verify({ challengeId: challenge.challengeId, method: 'totp', answer: code }, member.homeIp);
    expect(good.statusCode).toBe(200);

    // The same code cannot log in twice.
    const second = await challengeFor(member.username, member.homeIp);
    const replay = await verify({ challengeId: second.challengeId, method: 'totp', answer: code }, member.homeIp);
    expect(replay.json().code).toBe('IDENTITY_TOTP_INVALID');
    // A recovery code works once.
    const recovery = recoveryCodes[0] ?? '';
    const viaRecovery = await verify(
      { challengeId: second.challengeId, method: 'totp', answer: recovery.toUpperCase() },
      member.homeIp,
    );
    expect(viaRecovery.statusCode).toBe(200);
    const third = await challengeFor(member.username, member.homeIp);
    const reused = await verify({ challengeId: third.challengeId, method: 'totp', answer: recovery }, member.homeIp);
    expect(reused.json().code).toBe('IDENTITY_TOTP_INVALID');

    // Turning it off needs the password and a code.
    const newToken = viaRecovery.json().value.token as string;
    advance(30_000);
    const wrongPassword = await call('/wps/member/security/2fa/disable', newToken, {
      password: 'Wrong#2026',
      code: totpCodeAt(secret, clock),
    });
    expect(wrongPassword.json().code).toBe('IDENTITY_PASSWORD_INCORRECT');
    const wrongCode = await call('/wps/member/security/2fa/disable', newToken, {
      password: strongPassword,
      code: '000000',
    });
    expect(wrongCode.json().code).toBe('IDENTITY_TOTP_INVALID');
    expect((await security(newToken)).twoFactorEnabled).toBe(true);
    const off = await call('/wps/member/security/2fa/disable', newToken, {
      password: strongPassword,
      code: totpCodeAt(secret, clock),
    });
    expect(off.json().value).toEqual({ enabled: false });
    expect((await loginFrom(member.username, member.homeIp)).statusCode).toBe(200);
  });

  it('refuses to turn two-step verification on without a setup first', async () => {
    const member = await memberAt();
    const token = await tokenOf(member.username, member.homeIp);
    const response = await call('/wps/member/security/2fa/enable', token, { code: '123456' });
    expect(response.json().code).toBe('IDENTITY_TWO_FACTOR_NOT_ENABLED');
  });

  // ------------------------------------------------------------ bindings

  it('binds a mobile with a code sent to the new number; a wrong code changes nothing', async () => {
    const member = await memberAt();
    const token = await tokenOf(member.username, member.homeIp);
    const { mobile } = unique();
    expect((await call('/wps/member/security/mobile/code', token, { mobileNum: mobile })).statusCode).toBe(200);
    const code = await lastSmsCode(app, e164(mobile));
    const wrong = await call('/wps/member/security/mobile', token, {
      mobileNum: mobile,
      verificationCode: code === '111111' ? '222222' : '111111',
    });
    expect(wrong.json().code).toBe('IDENTITY_SMS_CODE_INVALID');
    expect((await security(token)).mobile).toBeNull();
    const bound = await call('/wps/member/security/mobile', token, { mobileNum: mobile, verificationCode: code });
    expect(bound.statusCode).toBe(200);
    const after = await security(token);
    expect(after.mobile).toMatch(/\*\*\*\*/);
    expect(after.mobileVerified).toBe(true);
    const reused = await call('/wps/member/security/mobile', token, { mobileNum: mobile, verificationCode: code });
    expect(reused.json().code).toBe('IDENTITY_SMS_CODE_INVALID');

    const other = await memberAt();
    const otherToken = await tokenOf(other.username, other.homeIp);
    const taken = await call('/wps/member/security/mobile/code', otherToken, { mobileNum: mobile });
    expect(taken.json().code).toBe('IDENTITY_MOBILE_TAKEN');
    const badFormat = await call('/wps/member/security/mobile/code', otherToken, { mobileNum: '12' });
    expect(badFormat.json().code).toBe('IDENTITY_PHONE_INVALID');
  });

  it('binds an e-mail address with a code sent to it', async () => {
    const member = await memberAt();
    const token = await tokenOf(member.username, member.homeIp);
    const invalid = await call('/wps/member/security/email/code', token, { email: 'not-an-email' });
    expect(invalid.json()).toMatchObject({ code: 'IDENTITY_EMAIL_INVALID', message: 'E-mail format is incorrect' });
    const address = `${member.username}.new@example.com`;
    expect((await call('/wps/member/security/email/code', token, { email: address })).statusCode).toBe(200);
    const code = await lastEmailCode(app, address);
    const elsewhere = await call('/wps/member/security/email', token, {
      email: `x${address}`,
      verificationCode: code,
    });
    expect(elsewhere.json().code).toBe('IDENTITY_EMAIL_CODE_INVALID');
    expect((await security(token)).email).toBeNull();
    const bound = await call('/wps/member/security/email', token, { email: address, verificationCode: code });
    expect(bound.json().value.email).toMatch(/^u\*\*\*@example\.com$/);
    expect((await security(token)).emailVerified).toBe(true);

    const other = await memberAt();
    const otherToken = await tokenOf(other.username, other.homeIp);
    const taken = await call('/wps/member/security/email/code', otherToken, { email: address.toUpperCase() });
    expect(taken.json().code).toBe('IDENTITY_EMAIL_TAKEN');
  });

  it('lists recent logins with IP and time, newest first', async () => {
    const member = await memberAt();
    advance(1000);
    const token = await tokenOf(member.username, member.homeIp);
    const logins = (await security(token)).recentLogins;
    expect(logins).toHaveLength(2);
    expect(logins[0]).toMatchObject({ ip: member.homeIp, method: 'password', at: clock.toISOString() });
  });

  it('keeps trial accounts out of the security centre', async () => {
    const trial = await app.inject({ method: 'POST', url: '/wps/session/login/freeplay', payload: {} });
    const token = trial.json().value.token as string;
    const response = await app.inject({
      method: 'GET',
      url: '/wps/member/security',
      headers: { authorization: token },
    });
    expect(response.json().code).toBe('IDENTITY_REAL_ACCOUNT_REQUIRED');
  });

  // ------------------------------------------------------------ profile

  it('saves the profile fields the merchant enables, each judged by its registration rule', async () => {
    await app.services.system.setRegisterFieldRules([
      { field: 'fullName', enabled: true, required: false, patternId: 'FULL_NAME', minLength: 3, maxLength: 50 },
      { field: 'birthday', enabled: true, required: true, patternId: 'DATE_YMD', minLength: 10, maxLength: 10 },
      { field: 'telegram', enabled: true, required: false, patternId: 'NO_SPACES', minLength: 5, maxLength: 32 },
    ]);
    const member = await memberAt();
    const token = await tokenOf(member.username, member.homeIp);
    const profile = await app.inject({ method: 'GET', url: '/wps/member/profile', headers: { authorization: token } });
    expect(profile.json().value.fields.map((field: { name: string }) => field.name)).toEqual([
      'fullName',
      'birthday',
      'telegram',
    ]);

    const bad = await call('/wps/member/profile', token, {
      fullName: 'Rahim',
      birthday: '22-11-1990',
      telegram: 'has space',
      zalo: '12345678',
    });
    expect(bad.statusCode).toBe(400);
    const paths = (bad.json().issues as { path: string }[]).map((issue) => issue.path).sort();
    expect(paths).toEqual(['body.birthday', 'body.fullName', 'body.telegram', 'body.zalo']);
    expect(
      (await app.inject({ method: 'GET', url: '/wps/member/profile', headers: { authorization: token } })).json().value
        .fields[0].value,
    ).toBe('');

    const saved = await call('/wps/member/profile', token, {
      nickname: 'Lucky Star',
      fullName: 'Rahim Uddin',
      birthday: '1990-11-22',
      telegram: '@rahim_u',
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().value).toMatchObject({
      nickname: 'Lucky Star',
      fields: [
        { name: 'fullName', value: 'Rahim Uddin', required: false },
        { name: 'birthday', value: '1990-11-22', required: true },
        { name: 'telegram', value: '@rahim_u', required: false },
      ],
    });
    expect((await memberInfo(app, token)).json().value.nickname).toBe('Lucky Star');
    const emptied = await call('/wps/member/profile', token, { birthday: '' });
    expect(emptied.json().issues[0]).toMatchObject({ path: 'body.birthday', message: 'Input cannot be empty' });
  });
});

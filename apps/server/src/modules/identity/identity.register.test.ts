import { accountTypes, loginResultSchema } from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildIdentityApp,
  e164,
  login,
  memberInfo,
  post,
  registerMember,
  registrationForm,
  sendRegisterCode,
  solveCaptcha,
  strongPassword,
  unique,
} from './identity.test-helpers';

describe('registration', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildIdentityApp();
  });
  afterAll(() => app.close());

  const register = (payload: Record<string, unknown>, headers: Record<string, string> = {}) =>
    app.inject({ method: 'PUT', url: '/wps/member/register', payload, headers });
  const issueMessages = (body: { issues?: { path: string; message: string }[] }) =>
    Object.fromEntries((body.issues ?? []).map((issue) => [issue.path, issue.message]));

  it('registers by username with the SMS code from the phone, and logs the member in', async () => {
    const form = await registrationForm(app, { email: 'Someone@Example.com', payeeName: 'Karim Rahman' });
    const response = await register(form);
    expect(response.statusCode).toBe(200);
    const result = loginResultSchema.parse(response.json().value);
    expect(result).toMatchObject({
      firstTimeLogin: true,
      passwordExpired: false,
      mustChangePassword: false,
      accountType: 0,
      isAgent: false,
      isTrial: false,
    });
    const info = (await memberInfo(app, result.token)).json().value;
    expect(info).toMatchObject({
      account: form.username,
      type: 0,
      isAgent: false,
      isTrial: false,
      email: 'S***@Example.com',
      firstTimeLogin: true,
      lastLogin: null,
      hasPassword: true,
    });
    expect(info.mobile).toMatch(/^\+880\d{3}\*{4}\d{3}$/);
    // The password chosen at registration logs in.
    const again = await login(app, { username: String(form.username).toUpperCase(), password: strongPassword });
    expect(again.json().value).toMatchObject({ firstTimeLogin: false, mustChangePassword: false });
  });

  it('registers by mobile number with the SMS code; without MOBILENUMPASSREG3 the member logs in by SMS', async () => {
    const { mobile } = unique();
    const code = await sendRegisterCode(app, mobile);
    const response = await app.inject({
      method: 'PUT',
      url: '/wps/member/register/mobile',
      payload: {
        mobileNum: mobile,
        countryDialingCode: '+880',
        verificationCode: code,
        termsAccepted: true,
        adultConfirmed: true,
        ...(await solveCaptcha(app)),
      },
    });
    expect(response.statusCode).toBe(200);
    const info = (await memberInfo(app, response.json().value.token)).json().value;
    expect(info.account).toBe(`m${e164(mobile).slice(1)}`);
    expect(info.hasPassword).toBe(false);
  });

  it('asks for a password in mobile mode when MOBILENUMPASSREG3 is on', async () => {
    await app.services.system.setFeature('MOBILENUMPASSREG3', true);
    try {
      const { mobile } = unique();
      const base = {
        mobileNum: mobile,
        verificationCode: await sendRegisterCode(app, mobile),
        termsAccepted: true,
        adultConfirmed: true,
      };
      const missing = await app.inject({
        method: 'PUT',
        url: '/wps/member/register/mobile',
        payload: { ...base, ...(await solveCaptcha(app)) },
      });
      expect(missing.statusCode).toBe(400);
      expect(issueMessages(missing.json())).toMatchObject({
        'body.password': 'Input cannot be empty',
        'body.confirmPassword': 'Input cannot be empty',
      });
      const done = await app.inject({
        method: 'PUT',
        url: '/wps/member/register/mobile',
        payload: { ...base, password: strongPassword, confirmPassword: strongPassword, ...(await solveCaptcha(app)) },
      });
      expect(done.statusCode).toBe(200);
      expect((await memberInfo(app, done.json().value.token)).json().value.hasPassword).toBe(true);
    } finally {
      await app.services.system.setFeature('MOBILENUMPASSREG3', false);
    }
  });

  it('reports every failing field with the message of its rule, bounds inserted, in the asked language', async () => {
    const form = await registrationForm(
      app,
      {
        username: '1abc',
        password: 'weakpass',
        confirmPassword: 'different',
        mobileNum: '12345',
        verificationCode: '12a',
        email: 'not-an-email',
        payeeName: 'Karim',
        captcha: 'TOOLONG',
      },
      { withCode: false },
    );
    const response = await register(form);
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('VALIDATION_FAILED');
    expect(issueMessages(response.json())).toEqual({
      'body.username': 'English letters or digits, starting with a letter (6 to 16 characters)',
      'body.password':
        'No spaces, with at least one uppercase letter, one lowercase letter, one digit and one special character (8 to 20 characters)',
      'body.confirmPassword': 'Confirmation password is not correct.',
      'body.mobileNum': 'Digits only (10 to 11 digits)',
      // min equals max: a single number.
      'body.verificationCode': 'Digits only (exactly 6 digits)',
      'body.captcha': 'English letters or digits only (exactly 4 characters)',
      'body.email': 'A valid e-mail address (6 to 60 characters)',
      'body.payeeName': 'First and last name separated by a space (3 to 50 characters)',
    });
    const bn = await register(form, { language: 'bn' });
    expect(issueMessages(bn.json())['body.verificationCode']).toBe('শুধু সংখ্যা (ঠিক 6 অঙ্ক)');
  });

  it('answers "Input cannot be empty" for required fields left out', async () => {
    const form = await registrationForm(
      app,
      { username: undefined, password: undefined, confirmPassword: undefined, mobileNum: undefined },
      { withCode: false },
    );
    const response = await register(form);
    expect(issueMessages(response.json())).toMatchObject({
      'body.username': 'Input cannot be empty',
      'body.password': 'Input cannot be empty',
      'body.confirmPassword': 'Input cannot be empty',
      'body.mobileNum': 'Input cannot be empty',
    });
  });

  it('refuses the form unless the terms are accepted and the member confirms being 18', async () => {
    const form = await registrationForm(app, { termsAccepted: undefined, adultConfirmed: false });
    const response = await register(form);
    expect(response.statusCode).toBe(400);
    expect(issueMessages(response.json())).toEqual({
      'body.termsAccepted': 'Please read and accept the terms and conditions',
      'body.adultConfirmed': 'Please confirm that you are at least 18 years old',
    });
  });

  it('checks the affiliate code first and puts the member in the agent downline', async () => {
    const agent = await app.services.identity.createAccount({
      username: unique().username,
      password: strongPassword,
      type: accountTypes.AGENT,
    });
    const code = agent.inviteCode ?? '';
    const check = await post(app, '/wps/agent/affiliate', { code: code.toLowerCase(), domain: 'localhost' });
    expect(check.json()).toEqual({ success: true, value: { valid: true, code } });
    const bad = await post(app, '/wps/agent/affiliate', { code: 'NOPE1234' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'IDENTITY_INVALID_INVITATION_CODE', message: 'Invalid invitation code' });

    // The invitation code is judged before anything else, even a broken form.
    const broken = await register({ affiliateCode: 'NOPE1234', username: '1' });
    expect(broken.json()).toMatchObject({
      code: 'IDENTITY_INVALID_INVITATION_CODE',
      params: { field: 'affiliateCode' },
    });

    const { result } = await registerMember(app, { affiliateCode: code });
    const info = (await memberInfo(app, result.token)).json().value;
    const downline = await app.services.identity.listDownline(agent.id);
    expect(downline.map((member) => member.id)).toEqual([info.id]);

    // A member's invite code is no affiliate code, but works as a referral code: the new member joins the
    // referrer's team (the same agent) and remembers who referred them.
    const memberCode = info.inviteCode;
    const asAffiliate = await register({ affiliateCode: memberCode });
    expect(asAffiliate.json().code).toBe('IDENTITY_INVALID_INVITATION_CODE');
    const referred = await registerMember(app, { referralCode: memberCode });
    const referredId = (await memberInfo(app, referred.result.token)).json().value.id;
    expect(await app.services.identity.getAccount(referredId)).toMatchObject({
      referrerId: info.id,
      uplineId: agent.id,
    });
    const byAgentReferral = await registerMember(app, { referralCode: code });
    const agentReferredId = (await memberInfo(app, byAgentReferral.result.token)).json().value.id;
    expect(await app.services.identity.getAccount(agentReferredId)).toMatchObject({ uplineId: agent.id });
    const unknownReferral = await register(
      await registrationForm(app, { referralCode: 'ZZZZ9999' }, { withCode: false }),
    );
    expect(unknownReferral.json()).toMatchObject({
      code: 'IDENTITY_INVALID_INVITATION_CODE',
      params: { field: 'referralCode' },
    });
  });

  it('refuses a username already registered (whatever its case) and a mobile already registered', async () => {
    const { form } = await registerMember(app);
    const sameName = await register(await registrationForm(app, { username: String(form.username).toUpperCase() }));
    expect(sameName.statusCode).toBe(409);
    expect(sameName.json()).toMatchObject({
      code: 'IDENTITY_USERNAME_TAKEN',
      message: 'This username is already registered',
    });
    const sameMobile = await register(
      await registrationForm(app, { mobileNum: form.mobileNum, verificationCode: '123456' }, { withCode: false }),
    );
    expect(sameMobile.json().code).toBe('IDENTITY_MOBILE_TAKEN');
    // No SMS code is sent to a number that already has an account.
    const code = await post(app, '/wps/verification/sms/register', {
      mobileNo: form.mobileNum,
      ...(await solveCaptcha(app)),
    });
    expect(code.json().code).toBe('IDENTITY_MOBILE_TAKEN');
  });

  it('refuses a wrong captcha and a wrong SMS code', async () => {
    const wrongCaptcha = await register(await registrationForm(app, { captcha: 'ZZZZ' }));
    expect(wrongCaptcha.json()).toMatchObject({
      code: 'IDENTITY_CAPTCHA_INVALID',
      message: 'Captcha check failed, please try again',
    });
    const form = await registrationForm(app);
    const real = String(form.verificationCode);
    const wrongCode = await register({ ...form, verificationCode: `${real.slice(0, 5)}${(Number(real[5]) + 1) % 10}` });
    expect(wrongCode.json().code).toBe('IDENTITY_SMS_CODE_INVALID');
    const noCodeSent = await register(await registrationForm(app, { verificationCode: '123456' }, { withCode: false }));
    expect(noCodeSent.json()).toMatchObject({
      code: 'IDENTITY_SMS_CODE_INVALID',
      message: 'Invalid or missing verification code',
    });
  });

  it('needs no SMS code when REGMOBVERF3 is off, and refuses username registration when USERNAMEREG3 is off', async () => {
    await app.services.system.setFeature('REGMOBVERF3', false);
    try {
      const form = await registrationForm(app, {}, { withCode: false });
      expect(form.verificationCode).toBeUndefined();
      expect((await register(form)).statusCode).toBe(200);
    } finally {
      await app.services.system.setFeature('REGMOBVERF3', true);
    }
    await app.services.system.setFeature('USERNAMEREG3', false);
    try {
      const off = await register(await registrationForm(app, {}, { withCode: false }));
      expect(off.statusCode).toBe(403);
      expect(off.json().code).toBe('SYSTEM_FUNCTION_NOT_ENABLED');
    } finally {
      await app.services.system.setFeature('USERNAMEREG3', true);
    }
  });
});

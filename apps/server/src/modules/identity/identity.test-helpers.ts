import type { LoginResult } from '@portal/contract';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { AppConfig } from '../../config';
import { buildTestApp } from '../../testing';

/**
 * Shared by the identity test files: an app with the per-IP limits out of the way (each limit has its own
 * test), and the steps a player takes (solve a captcha, read the SMS, register, log in).
 */
export const relaxedLimits: Partial<AppConfig> = {
  loginRateLimitPerMinute: 100_000,
  registerRateLimitPerMinute: 100_000,
  captchaRefreshIntervalMs: 0,
  // Most tests log in from a fresh address each time; the new-IP step has its own tests (identity.security.test.ts).
  loginNewIpVerification: false,
};

export function buildIdentityApp(
  overrides: Partial<AppConfig> = {},
  deps: Parameters<typeof buildTestApp>[1] = {},
): Promise<FastifyInstance> {
  return buildTestApp({ ...relaxedLimits, ...overrides }, deps);
}

let counter = 0;
/** A fresh username, mobile number (Bangladeshi, 11 digits with the trunk 0) and client IP per call. */
export function unique(): { username: string; mobile: string; ip: string } {
  counter += 1;
  const n = (Date.now() % 100_000) * 100 + counter;
  return {
    username: `user${String(n).padStart(7, '0')}`.slice(0, 16),
    mobile: `017${String(n).padStart(8, '0')}`.slice(0, 11),
    ip: `10.${(counter >> 8) & 255}.${counter & 255}.${(Date.now() >> 4) & 255}`,
  };
}

export const strongPassword = 'Secret#2026';

export async function solveCaptcha(app: FastifyInstance, ip?: string): Promise<{ captchaId: string; captcha: string }> {
  const response = await app.inject({ method: 'GET', url: '/wps/captcha', ...(ip ? { remoteAddress: ip } : {}) });
  if (response.statusCode !== 200) throw new Error(`captcha: ${response.body}`);
  const { captchaId } = response.json().value as { captchaId: string };
  const answer = await app.services.identity.peekCaptchaAnswer(captchaId);
  if (!answer) throw new Error('captcha answer not found');
  return { captchaId, captcha: answer.toLowerCase() };
}

/** The code of the newest SMS to a number (E.164), as the phone would show it. */
export async function lastSmsCode(app: FastifyInstance, e164: string): Promise<string> {
  const [message] = await app.services.outbox.list({ channel: 'SMS', recipient: e164, limit: 1 });
  const code = message?.body.match(/\b(\d{6})\b/)?.[1];
  if (!code) throw new Error(`no SMS code for ${e164}`);
  return code;
}

/** +880 and the national number without its trunk 0: the stored form of a Bangladeshi mobile. */
export function e164(mobile: string): string {
  return `+880${mobile.replace(/^0/, '')}`;
}

export function post(
  app: FastifyInstance,
  url: string,
  payload: object,
  options: { ip?: string; token?: string } = {},
) {
  return app.inject({
    method: 'POST',
    url,
    payload,
    ...(options.ip ? { remoteAddress: options.ip } : {}),
    headers: options.token ? { authorization: options.token } : {},
  });
}

export async function sendRegisterCode(
  app: FastifyInstance,
  mobile: string,
  ip: string = unique().ip,
): Promise<string> {
  const response = await post(
    app,
    '/wps/verification/sms/register',
    { mobileNum: mobile, ...(await solveCaptcha(app, ip)) },
    { ip },
  );
  if (response.statusCode !== 200) throw new Error(`register code: ${response.body}`);
  return lastSmsCode(app, e164(mobile));
}

/** A complete registration form for the seeded rules; pass fields to change or (undefined) drop. */
export async function registrationForm(
  app: FastifyInstance,
  fields: Record<string, unknown> = {},
  options: { withCode?: boolean; ip?: string } = {},
): Promise<Record<string, unknown>> {
  const { username, mobile, ip } = unique();
  const chosenMobile = (fields.mobileNum as string | undefined) ?? mobile;
  const settings = await app.services.system.registerSettings();
  // Each form's code comes from its own client IP, so the per-IP SMS limit does not add up across tests.
  const code =
    options.withCode !== false && settings.smsVerification
      ? await sendRegisterCode(app, chosenMobile, options.ip ?? ip)
      : undefined;
  const form: Record<string, unknown> = {
    username,
    password: strongPassword,
    confirmPassword: strongPassword,
    mobileNum: chosenMobile,
    verificationCode: code,
    termsAccepted: true,
    adultConfirmed: true,
    ...(await solveCaptcha(app, options.ip)),
    ...fields,
  };
  for (const [key, value] of Object.entries(form)) if (value === undefined) delete form[key];
  return form;
}

/** Registers a member by username and returns the form used and the login result. */
export async function registerMember(
  app: FastifyInstance,
  fields: Record<string, unknown> = {},
): Promise<{ form: Record<string, unknown>; result: LoginResult }> {
  const form = await registrationForm(app, fields);
  const response = await app.inject({ method: 'PUT', url: '/wps/member/register', payload: form });
  if (response.statusCode !== 200) throw new Error(`register: ${response.body}`);
  return { form, result: response.json().value as LoginResult };
}

export function login(
  app: FastifyInstance,
  body: Record<string, unknown>,
  options: { ip?: string; url?: string } = {},
): Promise<LightMyRequestResponse> {
  // A fresh client IP unless the test means one: failures from one IP add up towards its captcha.
  return post(app, options.url ?? '/wps/session/login', body, { ip: options.ip ?? unique().ip });
}

export function memberInfo(app: FastifyInstance, token: string) {
  return app.inject({ method: 'GET', url: '/wps/member/info', headers: { authorization: token } });
}

/** The code of the newest e-mail to an address. */
export async function lastEmailCode(app: FastifyInstance, address: string): Promise<string> {
  const [message] = await app.services.outbox.list({ channel: 'EMAIL', recipient: address, limit: 1 });
  const code = message?.body.match(/\b(\d{6})\b/)?.[1];
  if (!code) throw new Error(`no e-mailed code for ${address}`);
  return code;
}

import {
  affiliateCheckInputSchema,
  affiliateCheckResultSchema,
  bindEmailCodeInputSchema,
  bindEmailInputSchema,
  bindMobileCodeInputSchema,
  bindMobileInputSchema,
  type CallEntry,
  calls,
  captchaSchema,
  changePasswordInputSchema,
  contactsBoundSchema,
  forgotPasswordByEmailInputSchema,
  forgotPasswordByEmailResultSchema,
  forgotPasswordByPhoneInputSchema,
  freePlayInputSchema,
  loginInputSchema,
  loginResultSchema,
  loginVerificationInputSchema,
  loginVerificationSendInputSchema,
  logoutResultSchema,
  memberIconInputSchema,
  memberIconResultSchema,
  memberInfoSchema,
  memberProfileSchema,
  memberSecuritySchema,
  oidcCallbackQuerySchema,
  oidcProviderParamsSchema,
  oidcProvidersSchema,
  oidcStartQuerySchema,
  okEnvelope,
  passwordChangedSchema,
  registerInputSchema,
  requestHeaders,
  resetPasswordByEmailInputSchema,
  smsCodeSentSchema,
  smsLoginCodeInputSchema,
  smsRegisterCodeInputSchema,
  twoFactorDisabledSchema,
  twoFactorDisableInputSchema,
  twoFactorEnabledSchema,
  twoFactorEnableInputSchema,
  twoFactorSetupSchema,
  updateLanguageInputSchema,
  updateLanguageResultSchema,
  updateProfileInputSchema,
} from '@portal/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '../../platform/http/auth-context';
import { ok } from '../../platform/http/envelope';
import { requireRealAccount } from './identity.auth';
import type { IdentityService, RequestContext } from './identity.service';

export type IdentityRoutesOptions = {
  identity: IdentityService;
  /** Per client IP: login, agent login and the password resets. */
  loginRateLimitPerMinute: number;
  /** Per client IP: registration, free play, affiliate checks and reset e-mails. */
  registerRateLimitPerMinute: number;
  /** One captcha per client per this interval; 0 leaves only the global limit. */
  captchaRefreshIntervalMs: number;
};

function header(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

function context(request: FastifyRequest): RequestContext {
  return {
    ip: request.ip ?? null,
    language: header(request, requestHeaders.language),
    userAgent: header(request, 'user-agent'),
    device: header(request, requestHeaders.device),
  };
}

const route = (entry: CallEntry) => ({ method: entry.method, url: entry.path });
const tokenSecurity = [{ token: [] }];

/** Session, member and verification calls of spec section 7 that belong to the identity module. */
export const identityRoutes: FastifyPluginAsyncZod<IdentityRoutesOptions> = async (app, options) => {
  const { identity } = options;
  const loginLimit = { rateLimit: { max: options.loginRateLimitPerMinute, timeWindow: 60_000 } };
  const registerLimit = { rateLimit: { max: options.registerRateLimitPerMinute, timeWindow: 60_000 } };

  // The spec's client posts the forgot-password form as a form (section 7 "form POST forget password");
  // JSON works too. Scoped to this plugin, so no other module accepts form bodies by accident.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(String(body))));
  });

  app.route({
    ...route(calls.login),
    config: loginLimit,
    schema: {
      tags: ['identity'],
      summary: 'Log in with username and password, or with a mobile number and SMS code (type sms)',
      description:
        'After failed attempts of the username or from the IP, a captcha (`captchaId` and `captcha` from /wps/captcha) is needed: failures then carry `params.captchaRequired: true`. Too many wrong passwords lock the account (IDENTITY_ACCOUNT_LOCKED with `params.retryAfterSeconds`). `scope: "agent"` logs in to the agent area.',
      body: loginInputSchema,
      response: { 200: okEnvelope(loginResultSchema) },
    },
    handler: async (request) => ok(await identity.login(request.body, context(request))),
  });

  app.route({
    ...route(calls.agentLogin),
    config: loginLimit,
    schema: {
      tags: ['identity'],
      summary: 'Agent area login: only agent accounts (types 1, 2, 41, 42); others get "Non-agents cannot log in"',
      body: loginInputSchema,
      response: { 200: okEnvelope(loginResultSchema) },
    },
    handler: async (request) => ok(await identity.login(request.body, context(request), 'agent')),
  });

  app.route({
    ...route(calls.smsLoginCode),
    schema: {
      tags: ['identity'],
      summary: 'Send an SMS code for SMS login (purpose login) or for resetting the password by phone',
      description:
        'Throttled to one per second per number; after too many sends per number or IP the answer is IDENTITY_SMS_TOO_MANY_REQUESTS for 5 minutes. Needs a solved captcha unless SMS_REQUIRE_CAPTCHA is off. A number without an account gets the same answer and no SMS.',
      body: smsLoginCodeInputSchema,
      response: { 200: okEnvelope(smsCodeSentSchema) },
    },
    handler: async (request) => ok(await identity.sendLoginCode(request.body, context(request))),
  });

  app.route({
    ...route(calls.registerSmsCode),
    schema: {
      tags: ['identity'],
      summary: 'Send the registration SMS code (REGMOBVERF3)',
      body: smsRegisterCodeInputSchema,
      response: { 200: okEnvelope(smsCodeSentSchema) },
    },
    handler: async (request) => ok(await identity.sendRegisterCode(request.body, context(request))),
  });

  app.route({
    ...route(calls.freePlay),
    config: registerLimit,
    schema: {
      tags: ['identity'],
      summary: 'Free play: a new trial account with play money, logged in',
      body: freePlayInputSchema.optional(),
      response: { 200: okEnvelope(loginResultSchema) },
    },
    handler: async (request) => ok(await identity.freePlay(request.body ?? {}, context(request))),
  });

  app.route({
    ...route(calls.logout),
    schema: {
      tags: ['identity'],
      summary: 'Log out: the session token stops working at once',
      security: tokenSecurity,
      response: { 200: okEnvelope(logoutResultSchema) },
    },
    handler: async (request) => {
      await identity.logout(requireAuth(request));
      return ok({ loggedOut: true as const });
    },
  });

  app.route({
    ...route(calls.memberInfo),
    schema: {
      tags: ['identity'],
      summary: 'The logged-in account: type, agent and trial flags, masked contacts, password state, last login',
      security: tokenSecurity,
      response: { 200: okEnvelope(memberInfoSchema) },
    },
    handler: async (request) => ok(await identity.memberInfo(requireAuth(request))),
  });

  for (const [entry, mode] of [
    [calls.register, 'username'],
    [calls.registerByMobile, 'mobile'],
  ] as const) {
    app.route({
      ...route(entry),
      config: registerLimit,
      schema: {
        tags: ['identity'],
        summary:
          mode === 'username'
            ? 'Register with username and password (USERNAMEREG3); logs the member in'
            : 'Register with a mobile number (MOBILENUMREG3; with a password when MOBILENUMPASSREG3 is on); logs the member in',
        description:
          'Fields follow the merchant rules of /wps/system/setting/register; each failing field comes back as an issue `body.<field>` with a translated message. `termsAccepted` and `adultConfirmed` must be true. An affiliate code is checked first (IDENTITY_INVALID_INVITATION_CODE).',
        body: registerInputSchema,
        response: { 200: okEnvelope(loginResultSchema) },
      },
      handler: async (request) => ok(await identity.register(request.body, mode, context(request))),
    });
  }

  app.route({
    ...route(calls.affiliateCheck),
    config: registerLimit,
    schema: {
      tags: ['identity'],
      summary: "Check an agent's affiliate (invitation) code before registering",
      body: affiliateCheckInputSchema,
      response: { 200: okEnvelope(affiliateCheckResultSchema) },
    },
    handler: async (request) => ok(await identity.checkAffiliateCode(request.body.code)),
  });

  app.route({
    ...route(calls.captcha),
    ...(options.captchaRefreshIntervalMs > 0
      ? { config: { rateLimit: { max: 1, timeWindow: options.captchaRefreshIntervalMs } } }
      : {}),
    schema: {
      tags: ['identity'],
      summary: 'A new captcha image (PNG, base64) and its id; single use, expiring; one per client per second',
      response: { 200: okEnvelope(captchaSchema) },
    },
    handler: async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return ok(await identity.issueCaptcha());
    },
  });

  app.route({
    ...route(calls.changePassword),
    schema: {
      tags: ['identity'],
      summary: 'Change the password (real accounts); ends the other sessions of the account',
      security: tokenSecurity,
      body: changePasswordInputSchema,
      response: { 200: okEnvelope(passwordChangedSchema) },
    },
    handler: async (request) => {
      await identity.changePassword(requireRealAccount(request), request.body, context(request));
      return ok({ passwordChanged: true as const });
    },
  });

  app.route({
    ...route(calls.forgotPasswordByEmail),
    config: registerLimit,
    schema: {
      tags: ['identity'],
      summary: 'Forgot password by e-mail: e-mails a reset link when username and e-mail match; same answer either way',
      body: forgotPasswordByEmailInputSchema,
      response: { 200: okEnvelope(forgotPasswordByEmailResultSchema) },
    },
    handler: async (request) => ok(await identity.forgotPasswordByEmail(request.body, context(request))),
  });

  app.route({
    ...route(calls.resetPasswordByEmail),
    config: loginLimit,
    schema: {
      tags: ['identity'],
      summary: 'Set a new password with the token of the e-mailed link; logs the member in',
      body: resetPasswordByEmailInputSchema,
      response: { 200: okEnvelope(loginResultSchema) },
    },
    handler: async (request) => ok(await identity.resetPasswordByEmail(request.body, context(request))),
  });

  app.route({
    ...route(calls.forgotPasswordByPhone),
    config: loginLimit,
    schema: {
      tags: ['identity'],
      summary: 'Forgot password by mobile: SMS code (purpose resetPassword) and new password; logs the member in',
      body: forgotPasswordByPhoneInputSchema,
      response: { 200: okEnvelope(loginResultSchema) },
    },
    handler: async (request) => ok(await identity.forgotPasswordByPhone(request.body, context(request))),
  });

  app.route({
    ...route(calls.memberIcon),
    schema: {
      tags: ['identity'],
      summary: 'Choose an avatar from the fixed set (real accounts)',
      security: tokenSecurity,
      body: memberIconInputSchema,
      response: { 200: okEnvelope(memberIconResultSchema) },
    },
    handler: async (request) => ok(await identity.setAvatar(requireRealAccount(request), request.body.avatarId)),
  });

  app.route({
    ...route(calls.updateLanguage),
    schema: {
      tags: ['identity'],
      summary: "Remember the member's language (the update-language action of a language change)",
      security: tokenSecurity,
      body: updateLanguageInputSchema,
      response: { 200: okEnvelope(updateLanguageResultSchema) },
    },
    handler: async (request) => ok(await identity.setLanguage(requireAuth(request), request.body.language)),
  });

  // ---------------------------------------------------------- second login step (new IP, two-step verification)

  app.route({
    ...route(calls.loginVerificationSend),
    config: loginLimit,
    schema: {
      tags: ['identity'],
      summary: 'Send the code of a login challenge to the bound mobile (sms) or e-mail (email)',
      description:
        'The challenge comes in `params` of IDENTITY_VERIFICATION_REQUIRED, the answer to a correct password from a new network (NEWIPVERIFY3) or with two-step verification on. SMS codes follow the SMS throttles and quota; e-mail codes go at most once a minute.',
      body: loginVerificationSendInputSchema,
      response: { 200: okEnvelope(smsCodeSentSchema) },
    },
    handler: async (request) => ok(await identity.sendLoginVerificationCode(request.body, context(request))),
  });

  app.route({
    ...route(calls.loginVerification),
    config: loginLimit,
    schema: {
      tags: ['identity'],
      summary: 'Complete a login challenge (code, bank account holder name or authenticator code); logs in',
      description:
        'Single use and valid 10 minutes. Wrong answers count towards the account lockout like wrong passwords; after LOGIN_MAX_FAILURES of them the challenge answers IDENTITY_VERIFICATION_LOCKED and the member logs in again.',
      body: loginVerificationInputSchema,
      response: { 200: okEnvelope(loginResultSchema) },
    },
    handler: async (request) => ok(await identity.completeLoginVerification(request.body, context(request))),
  });

  // ---------------------------------------------------------- security centre and profile (real accounts)

  app.route({
    ...route(calls.memberSecurity),
    schema: {
      tags: ['identity'],
      summary: 'Security centre: bound contacts, payment password and two-step state, recent logins with IP and time',
      security: tokenSecurity,
      response: { 200: okEnvelope(memberSecuritySchema) },
    },
    handler: async (request) => ok(await identity.memberSecurity(requireRealAccount(request))),
  });

  app.route({
    ...route(calls.twoFactorSetup),
    schema: {
      tags: ['identity'],
      summary: 'Start turning on two-step verification: a new authenticator secret and its otpauth:// URI',
      security: tokenSecurity,
      response: { 200: okEnvelope(twoFactorSetupSchema) },
    },
    handler: async (request) => ok(await identity.setupTwoFactor(requireRealAccount(request))),
  });

  app.route({
    ...route(calls.twoFactorEnable),
    config: loginLimit,
    schema: {
      tags: ['identity'],
      summary: 'Turn two-step verification on with a code of the new authenticator; answers one-time recovery codes',
      security: tokenSecurity,
      body: twoFactorEnableInputSchema,
      response: { 200: okEnvelope(twoFactorEnabledSchema) },
    },
    handler: async (request) => ok(await identity.enableTwoFactor(requireRealAccount(request), request.body.code)),
  });

  app.route({
    ...route(calls.twoFactorDisable),
    config: loginLimit,
    schema: {
      tags: ['identity'],
      summary: 'Turn two-step verification off (login password and an authenticator or recovery code)',
      security: tokenSecurity,
      body: twoFactorDisableInputSchema,
      response: { 200: okEnvelope(twoFactorDisabledSchema) },
    },
    handler: async (request) => ok(await identity.disableTwoFactor(requireRealAccount(request), request.body)),
  });

  app.route({
    ...route(calls.bindMobileCode),
    schema: {
      tags: ['identity'],
      summary: 'Send a code to a mobile number to bind (or change to)',
      security: tokenSecurity,
      body: bindMobileCodeInputSchema,
      response: { 200: okEnvelope(smsCodeSentSchema) },
    },
    handler: async (request) =>
      ok(await identity.sendBindMobileCode(requireRealAccount(request), request.body, context(request))),
  });

  app.route({
    ...route(calls.bindMobile),
    config: loginLimit,
    schema: {
      tags: ['identity'],
      summary: 'Bind (or change to) the mobile number that received the code',
      security: tokenSecurity,
      body: bindMobileInputSchema,
      response: { 200: okEnvelope(contactsBoundSchema) },
    },
    handler: async (request) => ok(await identity.bindMobile(requireRealAccount(request), request.body)),
  });

  app.route({
    ...route(calls.bindEmailCode),
    config: registerLimit,
    schema: {
      tags: ['identity'],
      summary: 'E-mail a code to an address to bind (or change to); once a minute',
      security: tokenSecurity,
      body: bindEmailCodeInputSchema,
      response: { 200: okEnvelope(smsCodeSentSchema) },
    },
    handler: async (request) =>
      ok(await identity.sendBindEmailCode(requireRealAccount(request), request.body.email, context(request))),
  });

  app.route({
    ...route(calls.bindEmail),
    config: loginLimit,
    schema: {
      tags: ['identity'],
      summary: 'Bind (or change to) the e-mail address that received the code',
      security: tokenSecurity,
      body: bindEmailInputSchema,
      response: { 200: okEnvelope(contactsBoundSchema) },
    },
    handler: async (request) => ok(await identity.bindEmail(requireRealAccount(request), request.body)),
  });

  app.route({
    ...route(calls.memberProfile),
    schema: {
      tags: ['identity'],
      summary: 'Profile page: nickname, avatar and the personal fields the merchant enables',
      security: tokenSecurity,
      response: { 200: okEnvelope(memberProfileSchema) },
    },
    handler: async (request) => ok(await identity.memberProfile(requireRealAccount(request))),
  });

  app.route({
    ...route(calls.updateMemberProfile),
    schema: {
      tags: ['identity'],
      summary: 'Save the profile page; each field is judged by its registration rule (`body.<field>` issues)',
      security: tokenSecurity,
      body: updateProfileInputSchema,
      response: { 200: okEnvelope(memberProfileSchema) },
    },
    handler: async (request) =>
      ok(await identity.updateProfile(requireRealAccount(request), request.body, context(request))),
  });

  // ---------------------------------------------------------- one-click login (OpenID Connect)

  app.route({
    ...route(calls.oidcProviders),
    schema: {
      tags: ['identity'],
      summary: 'The one-click login providers (OIDC_PROVIDERS) for the login popup',
      response: { 200: okEnvelope(oidcProvidersSchema) },
    },
    handler: async () => ok(identity.oidcProviders()),
  });

  app.route({
    ...route(calls.oidcStart),
    config: loginLimit,
    schema: {
      tags: ['identity'],
      summary: 'Browser navigation: redirects to the provider to sign in (authorization code with PKCE, state, nonce)',
      params: oidcProviderParamsSchema,
      querystring: oidcStartQuerySchema,
    },
    handler: async (request, reply) => {
      const location = await identity.oidcStart(request.params.provider, request.query.returnTo);
      return reply.header('cache-control', 'no-store').redirect(location, 302);
    },
  });

  app.route({
    ...route(calls.oidcCallback),
    config: loginLimit,
    schema: {
      tags: ['identity'],
      summary: "Browser navigation: the provider's redirect back; logs in and redirects to the site with the token",
      description:
        'On success the browser goes to `<returnTo>?token=<session token>` (the web app adopts it and removes it from the address); on any failure (bad or reused state, wrong nonce, bad ID token signature, provider error) to `/login?oidcError=<code>`, and nothing is changed.',
      params: oidcProviderParamsSchema,
      querystring: oidcCallbackQuerySchema,
    },
    handler: async (request, reply) => {
      const query = Object.fromEntries(
        Object.entries(request.query).map(([key, value]) => [key, typeof value === 'string' ? value : undefined]),
      );
      const location = await identity.oidcCallback(request.params.provider, query, context(request));
      return reply.header('cache-control', 'no-store').header('referrer-policy', 'no-referrer').redirect(location, 302);
    },
  });
};

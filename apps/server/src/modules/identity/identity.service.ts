import { createHash, randomBytes, randomInt, randomUUID } from 'node:crypto';
import {
  type AccountRole,
  accountRoleOf,
  accountTypes,
  type Captcha,
  type ChangePasswordInput,
  type ForgotPasswordByEmailInput,
  type ForgotPasswordByPhoneInput,
  type FreePlayInput,
  interpolate,
  type LoginInput,
  type LoginResult,
  lookupMessage,
  type MemberInfo,
  type RegisterInput,
  type RegisterSettings,
  type RegistrationFieldName,
  type RegistrationFieldRule,
  type ResetPasswordByEmailInput,
  resolveLanguage,
  type SmsLoginCodeInput,
  type SmsRegisterCodeInput,
  type ValidationIssue,
  validateRegistrationField,
} from '@portal/contract';
import type { OidcProviderSetting } from '../../config';
import { type Db, isUniqueViolation } from '../../platform/db';
import { AppError } from '../../platform/http/app-error';
import type { AuthContext } from '../../platform/http/auth-context';
import type { EmailProvider, SmsProvider } from '../../platform/notify/notify.types';
import type { SystemService } from '../system';
import { createCaptchaService } from './identity.captcha';
import { maskEmail, maskMobile, normaliseMobile } from './identity.contact';
import { createOidcService } from './identity.oidc';
import {
  hashPassword,
  passwordNeedsRehash,
  setMaxConcurrentHashes,
  spendVerificationTime,
  verifyPassword,
} from './identity.passwords';
import * as repo from './identity.repository';
import { createSecurityService } from './identity.security';
import { createSmsCodeService, type SmsCodePurpose } from './identity.sms';
import type { AccountProfile } from './identity.tables';
import { createTotpSecretBox } from './identity.totp';

/** The identity settings of AppConfig (see config.ts for what each means). */
export type IdentitySettings = {
  publicUrl: string;
  sessionIdleMinutes: number;
  sessionAbsoluteHours: number;
  loginMaxFailures: number;
  loginLockMinutes: number;
  loginCaptchaAfterFailures: number;
  loginFailureWindowMinutes: number;
  defaultMemberPassword: string;
  passwordMaxAgeDays: number;
  passwordResetTtlMinutes: number;
  captchaTtlSeconds: number;
  smsCodeTtlMinutes: number;
  smsMaxSends: number;
  smsSendWindowMinutes: number;
  smsMaxCodeAttempts: number;
  smsDailyQuota: number;
  smsRequireCaptcha: boolean;
  /** Issuer shown by authenticator apps next to the member's TOTP entry. */
  siteName: string;
  loginNewIpVerification: boolean;
  loginMaxConcurrentHashes: number;
  oidcProviders: OidcProviderSetting[];
  memberTotpKey: string | undefined;
};

export type IdentityServiceDeps = {
  db: Db;
  merchantCode: string;
  defaultLanguage: string;
  system: Pick<SystemService, 'registerSettings' | 'isModuleEnabled'>;
  sms: SmsProvider;
  email: EmailProvider;
  settings: IdentitySettings;
  log: { warn(details: object, message: string): void };
  now?: () => Date;
};

/** Where a request comes from; what the service records and answers in. */
export type RequestContext = {
  ip: string | null;
  language?: string | undefined;
  userAgent?: string | undefined;
  device?: string | undefined;
};

export type LoginScope = 'member' | 'agent';
type LoginMethod = 'password' | 'sms' | 'register' | 'freeplay' | 'reset' | 'oidc';

/** An account as other modules see it (through this module's index.ts). */
export type AccountSummary = {
  id: number;
  username: string;
  type: number;
  role: AccountRole | null;
  status: 'active' | 'disabled';
  playMoney: boolean;
  uplineId: number | null;
  referrerId: number | null;
  inviteCode: string | null;
  nickname: string | null;
  language: string;
};

export type CreateAccountInput = {
  username: string;
  /** Without one the account gets the default password and must change it at its first login. */
  password?: string;
  type: number;
  uplineId?: number | null;
  mobile?: string | null;
  email?: string | null;
  nickname?: string | null;
  language?: string;
  /** The password was chosen by someone else than the owner: force a change at the next login. */
  mustChangePassword?: boolean;
  /**
   * `password` already hashed by `hashPassword` (the demo seeding hashes its accounts' passwords side by side, then
   * creates the accounts in a fixed order). `password` is still given: it decides `mustChangePassword` as usual.
   */
  passwordHash?: string;
};

const inviteAlphabet = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
/** Fields of the registration form stored in the profile column; the rest have columns or are not stored. */
const profileFields = [
  'qqNum',
  'line',
  'whatsapp',
  'facebook',
  'wechat',
  'telegram',
  'zalo',
  'idNumber',
  'fullName',
  'birthday',
  'address',
  'nationality',
  'occupation',
  'sourceOfIncome',
  'placeOfBirth',
  'recommenderId',
] as const satisfies readonly (keyof AccountProfile & RegistrationFieldName)[];
/** A reset e-mail per account at most this often, so the form cannot be used to flood someone's inbox. */
const resetEmailIntervalMs = 60_000;

function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

function randomCode(length: number, alphabet: string): string {
  return Array.from({ length }, () => alphabet[randomInt(alphabet.length)]).join('');
}

function summarise(account: repo.AccountRow): AccountSummary {
  return {
    id: account.id,
    username: account.username,
    type: account.type,
    role: accountRoleOf(account.type),
    status: account.status === 'active' ? 'active' : 'disabled',
    playMoney: account.playMoney,
    uplineId: account.uplineId,
    referrerId: account.referrerId,
    inviteCode: account.inviteCode,
    nickname: account.nickname,
    language: account.language,
  };
}

/** A field error in the request's language, pointing at `body.<field>` like schema errors do. */
function fieldIssue(
  language: string | undefined,
  field: string,
  key: string,
  params: Record<string, unknown> = {},
): ValidationIssue {
  const template = lookupMessage(language, key) ?? key;
  return {
    path: `body.${field}`,
    code: key === 'validation.required' ? 'required' : 'invalid_format',
    message: interpolate(template, params),
  };
}

/**
 * Accounts, sessions, passwords, registration, captcha and SMS codes: the identity module's rules.
 * Routes call it with plain inputs and a RequestContext; it answers with values or throws AppError codes.
 */
export function createIdentityService(deps: IdentityServiceDeps) {
  const now = deps.now ?? (() => new Date());
  const { settings, db, merchantCode } = deps;
  const captcha = createCaptchaService({ db, now, ttlSeconds: settings.captchaTtlSeconds });
  const smsCodes = createSmsCodeService({
    db,
    merchantCode,
    now,
    sms: deps.sms,
    log: deps.log,
    settings: {
      ttlMinutes: settings.smsCodeTtlMinutes,
      maxSends: settings.smsMaxSends,
      windowMinutes: settings.smsSendWindowMinutes,
      maxAttempts: settings.smsMaxCodeAttempts,
      dailyQuota: settings.smsDailyQuota,
    },
  });

  setMaxConcurrentHashes(settings.loginMaxConcurrentHashes);
  const security = createSecurityService({
    db,
    merchantCode,
    now,
    siteName: settings.siteName,
    newIpVerification: settings.loginNewIpVerification,
    loginMaxFailures: settings.loginMaxFailures,
    defaultMemberPassword: settings.defaultMemberPassword,
    emailCodeTtlMinutes: settings.smsCodeTtlMinutes,
    totpBox: createTotpSecretBox(settings.memberTotpKey),
    system: deps.system,
    email: deps.email,
    smsCodes,
    log: deps.log,
    startSession: (account, input) => startSession(account, input),
    countPasswordFailure: (account) => countPasswordFailure(account),
    lockedError: (lockedUntil) => lockedError(lockedUntil),
    assertMayLogIn: (account, scope) => {
      assertMayLogIn(account, scope);
    },
    fieldIssue,
  });
  const oidc = createOidcService({
    db,
    merchantCode,
    now,
    publicUrl: settings.publicUrl,
    providers: settings.oidcProviders,
    log: deps.log,
    startSession: (account, input) => startSession(account, input),
    assertMayLogIn: (account, scope) => {
      assertMayLogIn(account, scope);
    },
    createExternalMember: async (input) => {
      const at = now();
      return insertAccount({
        merchantCode,
        username: input.username,
        type: accountTypes.MEMBER,
        passwordHash: null,
        email: input.email,
        emailVerified: input.email !== null && input.emailVerified,
        nickname: input.nickname,
        language: input.language ? resolveLanguage(input.language) : deps.defaultLanguage,
        inviteCode: await generateInviteCode(),
        registerMethod: 'OIDC',
        createdAt: at,
        updatedAt: at,
      });
    },
  });

  // ------------------------------------------------------------ helpers

  function throwIssues(issues: ValidationIssue[]): void {
    if (issues.length > 0) throw new AppError('VALIDATION_FAILED', {}, issues);
  }

  /** Judges a value with the merchant's rule of a field; `required` overrides the rule's own flag. */
  function checkField(
    issues: ValidationIssue[],
    language: string | undefined,
    rules: RegisterSettings['fields'],
    field: RegistrationFieldName,
    value: string | undefined,
    options: { required?: boolean; issuePath?: string } = {},
  ): string | undefined {
    const rule: RegistrationFieldRule | undefined = rules[field];
    const path = options.issuePath ?? field;
    const trimmed = value ?? '';
    if (!rule?.enabled) {
      if (options.required && trimmed === '') issues.push(fieldIssue(language, path, 'validation.required'));
      return options.required ? trimmed : undefined;
    }
    const effective = options.required === undefined ? rule : { ...rule, required: options.required };
    const failure = validateRegistrationField(effective, trimmed);
    if (failure) issues.push(fieldIssue(language, path, failure.key, failure.params));
    return trimmed === '' ? undefined : trimmed;
  }

  function passwordExpired(account: repo.AccountRow, expiryOn: boolean): boolean {
    if (!expiryOn || !account.passwordHash || !account.passwordChangedAt) return false;
    return account.passwordChangedAt.getTime() + settings.passwordMaxAgeDays * 86_400_000 <= now().getTime();
  }

  async function recordAttempt(
    username: string,
    accountId: number | null,
    ip: string | null,
    success: boolean,
    reason: string,
  ): Promise<void> {
    await repo.insertLoginAttempt(db, {
      merchantCode,
      username: username.toLowerCase().slice(0, 64),
      accountId,
      ip,
      success,
      reason,
      at: now(),
    });
  }

  /** Spec section 4: after failures of this username, or from this IP, the login form shows a captcha. */
  async function captchaNeeded(username: string, account: repo.AccountRow | null, ip: string | null) {
    const threshold = settings.loginCaptchaAfterFailures;
    if (threshold === 0) return true;
    if (account && account.failedLoginCount >= threshold) return true;
    const failures = await repo.countLoginFailures(db, {
      merchantCode,
      username: username.toLowerCase(),
      ip,
      since: new Date(now().getTime() - settings.loginFailureWindowMinutes * 60_000),
    });
    return failures.byUsername >= threshold || failures.byIp >= threshold;
  }

  function lockedError(lockedUntil: Date): AppError {
    const retryAfterSeconds = Math.max(1, Math.ceil((lockedUntil.getTime() - now().getTime()) / 1000));
    return Object.assign(new AppError('IDENTITY_ACCOUNT_LOCKED', { retryAfterSeconds }), {
      headers: { 'retry-after': String(retryAfterSeconds) },
    });
  }

  /**
   * Counts a wrong password against the account (one SQL statement, see the repository).
   * @throws IDENTITY_ACCOUNT_LOCKED when this failure reached the limit.
   */
  async function countPasswordFailure(account: repo.AccountRow): Promise<void> {
    const at = now();
    const result = await repo.recordPasswordFailure(db, account.id, {
      now: at,
      maxFailures: settings.loginMaxFailures,
      lockUntil: new Date(at.getTime() + settings.loginLockMinutes * 60_000),
    });
    if (result.lockedUntil && result.lockedUntil > at) throw lockedError(result.lockedUntil);
  }

  /** Refuses accounts that may not log in where they ask to. */
  function assertMayLogIn(account: repo.AccountRow, scope: LoginScope): AccountRole {
    if (account.status !== 'active') throw new AppError('IDENTITY_ACCOUNT_DISABLED');
    const role = accountRoleOf(account.type);
    if (scope === 'agent') {
      if (role !== 'agent') throw new AppError('IDENTITY_NON_AGENT_LOGIN');
    } else if (role !== 'member' && role !== 'agent') {
      throw new AppError('IDENTITY_NON_MEMBER_LOGIN');
    }
    return role;
  }

  async function generateInviteCode(): Promise<string> {
    for (let attempt = 0; attempt < 10; attempt += 1) {
      const code = randomCode(8, inviteAlphabet);
      if (!(await repo.findAccountByInviteCode(db, merchantCode, code))) return code;
    }
    throw new Error('could not find a free invite code');
  }

  /** Inserts an account; a clash on the invite code (two registrations drew the same one) is retried. */
  async function insertAccount(values: repo.NewAccountRow): Promise<repo.AccountRow> {
    for (let attempt = 0; ; attempt += 1) {
      try {
        return await repo.insertAccount(db, values);
      } catch (error) {
        const constraint = String((error as { cause?: { constraint?: string } }).cause?.constraint ?? '');
        if (attempt < 3 && isUniqueViolation(error) && constraint.includes('invite_code') && values.inviteCode) {
          values.inviteCode = await generateInviteCode();
          continue;
        }
        throw error;
      }
    }
  }

  /**
   * Opens a session for an account that has proven who it is, and answers the login result.
   * The forced change-password step (spec section 4) applies to password logins only: the default password
   * (FORCEPWD3), a password someone else set (FORCEPWD3) or an expired one (PWDEXPIRY3).
   */
  async function startSession(
    account: repo.AccountRow,
    input: { method: LoginMethod; scope: LoginScope; ctx: RequestContext; password?: string },
  ): Promise<LoginResult> {
    const at = now();
    const [forcedOn, expiryOn] = await Promise.all([
      deps.system.isModuleEnabled('FORCEPWD3'),
      deps.system.isModuleEnabled('PWDEXPIRY3'),
    ]);
    const expired = passwordExpired(account, expiryOn);
    const isDefault = input.password !== undefined && input.password === settings.defaultMemberPassword;
    const forced = input.method === 'password' && (expired || (forcedOn && (isDefault || account.mustChangePassword)));
    const token = randomBytes(32).toString('base64url');
    await repo.insertSession(db, {
      id: randomUUID(),
      accountId: account.id,
      tokenHash: sha256(token),
      loginMethod: input.method,
      scope: input.scope,
      passwordChangeRequired: forced,
      firstLogin: account.lastLoginAt === null,
      previousLoginAt: account.lastLoginAt,
      previousLoginIp: account.lastLoginIp,
      ip: input.ctx.ip,
      userAgent: input.ctx.userAgent?.slice(0, 300) ?? null,
      device: input.ctx.device ?? null,
      createdAt: at,
      lastSeenAt: at,
      expiresAt: new Date(at.getTime() + settings.sessionAbsoluteHours * 3_600_000),
    });
    if (input.method !== 'freeplay') await security.rememberLoginIp(account.id, input.ctx.ip);
    // An SMS login proves the phone, not the password: it leaves the password failure count alone.
    await repo.recordLoginSuccess(db, account.id, { now: at, ip: input.ctx.ip, resetFailures: input.method !== 'sms' });
    if (input.method === 'password' || input.method === 'sms') {
      await recordAttempt(account.username, account.id, input.ctx.ip, true, input.method);
    }
    const role = accountRoleOf(account.type);
    return {
      token,
      firstTimeLogin: account.lastLoginAt === null,
      passwordExpired: expired,
      mustChangePassword: forced,
      accountType: account.type,
      isAgent: role === 'agent',
      isTrial: role === 'trial',
    };
  }

  /** A new password must follow the merchant's password rule and match its confirmation. */
  function checkNewPassword(
    issues: ValidationIssue[],
    language: string | undefined,
    rules: RegisterSettings['fields'],
    input: { newPassword: string; confirm?: string | undefined; field: string; confirmField: string },
  ): void {
    if (input.newPassword === '') {
      issues.push(fieldIssue(language, input.field, 'registration.form.newPasswordRequired'));
    } else {
      checkField(issues, language, rules, 'password', input.newPassword, { required: true, issuePath: input.field });
    }
    if (input.confirm !== undefined && input.confirm !== input.newPassword) {
      issues.push(fieldIssue(language, input.confirmField, 'registration.form.confirmPasswordMismatch'));
    }
  }

  async function requireCaptcha(input: { captcha?: string | undefined; captchaId?: string | undefined }) {
    if (!input.captcha || !input.captchaId) throw new AppError('IDENTITY_CAPTCHA_REQUIRED');
    if (!(await captcha.verify(input.captchaId, input.captcha))) throw new AppError('IDENTITY_CAPTCHA_INVALID');
  }

  /** Sets a new password, clears any lock and ends the account's sessions (all, or all but one). */
  async function replacePassword(accountId: number, newPassword: string, keepSessionId?: string): Promise<void> {
    const at = now();
    await repo.updateAccount(db, accountId, {
      passwordHash: await hashPassword(newPassword),
      passwordChangedAt: at,
      mustChangePassword: false,
      failedLoginCount: 0,
      lockedUntil: null,
      updatedAt: at,
    });
    await repo.revokeAccountSessions(db, accountId, at, keepSessionId);
    if (keepSessionId) await repo.clearPasswordChangeRequired(db, keepSessionId);
  }

  /**
   * Finds the account behind an invitation code: an agent's affiliate code, or (for `referral`) any real
   * account's invite code.
   * @throws IDENTITY_INVALID_INVITATION_CODE
   */
  async function findInviter(code: string, kind: 'affiliate' | 'referral', field: string): Promise<repo.AccountRow> {
    const normalised = code.trim().toUpperCase();
    const inviter = /^[A-Z0-9]{1,16}$/.test(normalised)
      ? await repo.findAccountByInviteCode(db, merchantCode, normalised)
      : null;
    const role = inviter ? accountRoleOf(inviter.type) : null;
    const fits = kind === 'affiliate' ? role === 'agent' : role === 'agent' || role === 'member';
    if (inviter?.status !== 'active' || !fits) throw new AppError('IDENTITY_INVALID_INVITATION_CODE', { field });
    return inviter;
  }

  // ------------------------------------------------------------ login

  async function passwordLogin(
    input: Extract<LoginInput, { username: string; password: string }>,
    scope: LoginScope,
    ctx: RequestContext,
  ): Promise<LoginResult> {
    const username = input.username.trim();
    const password = input.password;
    if (username === '' || password === '') {
      throwIssues([
        ...(username === ''
          ? [fieldIssue(ctx.language, 'username', 'registration.form.usernamePasswordRequired')]
          : []),
        ...(password === ''
          ? [fieldIssue(ctx.language, 'password', 'registration.form.usernamePasswordRequired')]
          : []),
      ]);
    }
    const account = await repo.findAccountByUsername(db, merchantCode, username);
    if (await captchaNeeded(username, account, ctx.ip)) {
      if (!input.captcha || !input.captchaId) {
        throw new AppError('IDENTITY_CAPTCHA_REQUIRED', { captchaRequired: true });
      }
      if (!(await captcha.verify(input.captchaId, input.captcha))) {
        throw new AppError('IDENTITY_CAPTCHA_INVALID', { captchaRequired: true });
      }
    }
    const invalid = async (accountId: number | null, reason: string) => {
      await recordAttempt(username, accountId, ctx.ip, false, reason);
      const fresh = accountId === null ? null : await repo.findAccountById(db, accountId);
      return new AppError('IDENTITY_INVALID_CREDENTIALS', {
        captchaRequired: await captchaNeeded(username, fresh, ctx.ip),
      });
    };
    if (!account) {
      await spendVerificationTime(password);
      throw await invalid(null, 'unknown_username');
    }
    if (account.lockedUntil && account.lockedUntil > now()) {
      await recordAttempt(username, account.id, ctx.ip, false, 'locked');
      throw lockedError(account.lockedUntil);
    }
    // Trial accounts have no password: they only ever come from free play, never through this form.
    if (accountRoleOf(account.type) === 'trial') {
      await recordAttempt(username, account.id, ctx.ip, false, 'trial');
      throw new AppError('IDENTITY_NON_MEMBER_LOGIN');
    }
    let matches = false;
    if (account.passwordHash) matches = await verifyPassword(account.passwordHash, password);
    else await spendVerificationTime(password);
    if (!matches) {
      try {
        await countPasswordFailure(account);
      } catch (error) {
        await recordAttempt(username, account.id, ctx.ip, false, 'locked_now');
        throw error;
      }
      throw await invalid(account.id, 'wrong_password');
    }
    // Status and role are told only to someone who knows the password, so they reveal nothing to a guesser.
    try {
      assertMayLogIn(account, scope);
    } catch (error) {
      await recordAttempt(username, account.id, ctx.ip, false, (error as AppError).code.toLowerCase());
      throw error;
    }
    if (account.passwordHash && passwordNeedsRehash(account.passwordHash)) {
      await repo.updateAccount(db, account.id, { passwordHash: await hashPassword(password), updatedAt: now() });
    }
    // Spec section 4: a login from an unregistered IP, or with two-step verification on, needs a second step.
    await security.gatePasswordLogin(account, {
      scope,
      ctx,
      passwordIsDefault: password === settings.defaultMemberPassword,
    });
    return startSession(account, { method: 'password', scope, ctx, password });
  }

  async function smsLogin(
    input: Extract<LoginInput, { type: 'sms' }>,
    scope: LoginScope,
    ctx: RequestContext,
  ): Promise<LoginResult> {
    if (!(await deps.system.isModuleEnabled('SMSLOGIN3'))) throw new AppError('IDENTITY_SMS_NOT_ENABLED');
    const rules = await deps.system.registerSettings();
    const mobile = normaliseMobile(
      { mobileNum: input.mobileNum ?? input.username, countryDialingCode: input.countryDialingCode },
      rules,
    );
    await smsCodes.verify({ mobile, purpose: 'LOGIN', code: input.verificationCode ?? input.password });
    const account = await repo.findAccountByMobile(db, merchantCode, mobile);
    if (!account) throw new AppError('IDENTITY_SMS_CODE_INVALID');
    assertMayLogIn(account, scope);
    return startSession(account, { method: 'sms', scope, ctx });
  }

  return {
    /**
     * Logs in with username and password, or with a mobile number and SMS code (`type: 'sms'`).
     * @throws VALIDATION_FAILED when username or password is empty.
     * @throws IDENTITY_CAPTCHA_REQUIRED / IDENTITY_CAPTCHA_INVALID (with `params.captchaRequired`) after failures.
     * @throws IDENTITY_INVALID_CREDENTIALS (with `params.captchaRequired`) for an unknown username or wrong password.
     * @throws IDENTITY_ACCOUNT_LOCKED (with `params.retryAfterSeconds`) after too many wrong passwords.
     * @throws IDENTITY_ACCOUNT_DISABLED, IDENTITY_NON_MEMBER_LOGIN, IDENTITY_NON_AGENT_LOGIN by account.
     * @throws IDENTITY_SMS_NOT_ENABLED, IDENTITY_PHONE_*, IDENTITY_SMS_CODE_* for SMS logins.
     */
    async login(input: LoginInput, ctx: RequestContext, scopeOverride?: LoginScope): Promise<LoginResult> {
      const scope = scopeOverride ?? input.scope ?? 'member';
      if (scope === 'agent' && !scopeOverride && !(await deps.system.isModuleEnabled('AGENTCENTER3'))) {
        throw new AppError('SYSTEM_FUNCTION_NOT_ENABLED', { module: 'AGENTCENTER3' });
      }
      if (input.type === 'sms') return smsLogin(input, scope, ctx);
      return passwordLogin(input, scope, ctx);
    },

    /**
     * Free play (spec section 4): a new trial account with play money, logged in at once.
     * The spec's `os`, `platform` and random string carry nothing the server needs.
     */
    async freePlay(_input: FreePlayInput, ctx: RequestContext): Promise<LoginResult> {
      const at = now();
      const account = await insertAccount({
        merchantCode,
        username: `guest${randomCode(10, 'abcdefghijkmnpqrstuvwxyz23456789')}`,
        type: accountTypes.TRIAL,
        playMoney: true,
        language: ctx.language ? resolveLanguage(ctx.language) : deps.defaultLanguage,
        registerIp: ctx.ip,
        registerMethod: ctx.device ?? null,
        createdAt: at,
        updatedAt: at,
      });
      return startSession(account, { method: 'freeplay', scope: 'member', ctx });
    },

    oidcProviders: oidc.providers,
    oidcStart: oidc.start,
    oidcCallback: oidc.callback,
    sendLoginVerificationCode: security.sendChallengeCode,
    completeLoginVerification: security.completeChallenge,
    memberSecurity: security.memberSecurity,
    setupTwoFactor: security.setupTwoFactor,
    enableTwoFactor: security.enableTwoFactor,
    disableTwoFactor: security.disableTwoFactor,
    sendBindMobileCode: security.sendBindMobileCode,
    bindMobile: security.bindMobile,
    sendBindEmailCode: security.sendBindEmailCode,
    bindEmail: security.bindEmail,
    memberProfile: security.memberProfile,
    updateProfile: security.updateProfile,

    async logout(auth: AuthContext): Promise<void> {
      await repo.revokeSession(db, auth.sessionId, now());
    },

    /**
     * The session behind a token, or null when there is none: unknown, revoked, idle too long, past its
     * absolute end, or its account disabled. Moves the idle deadline on.
     */
    async resolveSession(token: string): Promise<{ auth: AuthContext; passwordChangeRequired: boolean } | null> {
      if (token.length > 200) return null;
      const found = await repo.findSessionByTokenHash(db, sha256(token));
      if (!found) return null;
      const { session, account } = found;
      const at = now().getTime();
      const idleMs = settings.sessionIdleMinutes * 60_000;
      if (session.revokedAt || session.expiresAt.getTime() <= at || session.lastSeenAt.getTime() + idleMs <= at) {
        return null;
      }
      const role = accountRoleOf(account.type);
      if (account.status !== 'active' || !role) return null;
      const touchEveryMs = Math.min(60_000, idleMs / 10);
      await repo.touchSession(db, session.id, new Date(at), new Date(at - touchEveryMs));
      return {
        auth: { accountId: account.id, sessionId: session.id, accountType: account.type, role },
        passwordChangeRequired: session.passwordChangeRequired,
      };
    },

    async memberInfo(auth: AuthContext): Promise<MemberInfo> {
      const [account, session] = await Promise.all([
        repo.findAccountById(db, auth.accountId),
        repo.findSessionById(db, auth.sessionId),
      ]);
      if (!account || !session) throw new AppError('AUTH_REQUIRED');
      const role = accountRoleOf(account.type);
      return {
        id: account.id,
        account: account.username,
        nickname: account.nickname,
        type: account.type,
        isAgent: role === 'agent',
        isTrial: role === 'trial',
        playMoney: account.playMoney,
        mobile: maskMobile(account.mobile),
        email: maskEmail(account.email),
        language: account.language,
        avatar: account.avatarId,
        inviteCode: account.inviteCode,
        firstTimeLogin: session.firstLogin,
        passwordExpired: passwordExpired(account, await deps.system.isModuleEnabled('PWDEXPIRY3')),
        mustChangePassword: session.passwordChangeRequired,
        hasPassword: account.passwordHash !== null,
        hasPaymentPassword: account.paymentPasswordHash !== null,
        lastLogin: session.previousLoginAt
          ? { ip: session.previousLoginIp, at: session.previousLoginAt.toISOString() }
          : null,
      };
    },

    // ---------------------------------------------------------- captcha and SMS codes

    /** A captcha as long as the merchant's captcha field rule asks (4 to 8 characters). */
    async issueCaptcha(): Promise<Captcha> {
      const rule = (await deps.system.registerSettings()).fields.captcha;
      const length = Math.min(8, Math.max(4, rule?.minLength ?? 4));
      return captcha.issue(length);
    },

    /** The answer of a live captcha: for the development tools (DEV_TOOLS) and tests only. */
    peekCaptchaAnswer(captchaId: string): Promise<string | null> {
      return captcha.peek(captchaId);
    },

    /**
     * Checks (and uses up) a captcha for another module's form, such as feedback.
     * @throws IDENTITY_CAPTCHA_REQUIRED when the answer or the image id is missing.
     * @throws IDENTITY_CAPTCHA_INVALID when the answer is wrong or the captcha expired or was used.
     */
    verifyCaptcha(input: { captcha?: string | undefined; captchaId?: string | undefined }): Promise<void> {
      return requireCaptcha(input);
    },

    /**
     * Sends a code for SMS login or for resetting the password by phone. A number without a usable account
     * gets the same answer and no SMS, so this call does not reveal who is registered.
     * @throws IDENTITY_SMS_NOT_ENABLED when the purpose's switch (SMSLOGIN3, FORGOTPWDMOBILE3) is off.
     * @throws IDENTITY_PHONE_MISSING, IDENTITY_PHONE_INVALID, IDENTITY_CAPTCHA_REQUIRED, IDENTITY_CAPTCHA_INVALID
     * and the sending errors of the SMS code service.
     */
    async sendLoginCode(input: SmsLoginCodeInput, ctx: RequestContext): Promise<{ expiredMinutes: number }> {
      const purpose: SmsCodePurpose = input.purpose === 'resetPassword' ? 'RESET' : 'LOGIN';
      if (!(await deps.system.isModuleEnabled(purpose === 'LOGIN' ? 'SMSLOGIN3' : 'FORGOTPWDMOBILE3'))) {
        throw new AppError('IDENTITY_SMS_NOT_ENABLED');
      }
      const mobile = normaliseMobile(input, await deps.system.registerSettings());
      if (settings.smsRequireCaptcha) await requireCaptcha(input);
      const account = await repo.findAccountByMobile(db, merchantCode, mobile);
      const role = account ? accountRoleOf(account.type) : null;
      const deliver = account !== null && account.status === 'active' && (role === 'member' || role === 'agent');
      return smsCodes.send({ mobile, purpose, ip: ctx.ip, language: ctx.language, deliver });
    },

    /**
     * Sends the registration code (REGMOBVERF3).
     * @throws IDENTITY_MOBILE_TAKEN when the number already has an account; and the errors of sendLoginCode.
     */
    async sendRegisterCode(input: SmsRegisterCodeInput, ctx: RequestContext): Promise<{ expiredMinutes: number }> {
      const mobile = normaliseMobile(
        { mobileNum: input.mobileNum ?? input.mobileNo, countryDialingCode: input.countryDialingCode },
        await deps.system.registerSettings(),
      );
      if (settings.smsRequireCaptcha) await requireCaptcha(input);
      if (await repo.findAccountByMobile(db, merchantCode, mobile)) throw new AppError('IDENTITY_MOBILE_TAKEN');
      return smsCodes.send({ mobile, purpose: 'REGISTER', ip: ctx.ip, language: ctx.language, deliver: true });
    },

    // ---------------------------------------------------------- registration

    /**
     * Checks an affiliate (agent invitation) code before the form is sent.
     * @throws IDENTITY_INVALID_INVITATION_CODE
     */
    async checkAffiliateCode(code: string): Promise<{ valid: true; code: string }> {
      const agent = await findInviter(code, 'affiliate', 'code');
      return { valid: true, code: agent.inviteCode ?? code };
    },

    /**
     * Registers a member and logs them in. `username` mode needs username and password; `mobile` mode needs
     * the mobile number, and a password only with MOBILENUMPASSREG3 (otherwise the member logs in by SMS).
     * Every other field follows the merchant's rules; the SMS code is needed when REGMOBVERF3 is on and a
     * number is given. An affiliate code puts the member in that agent's downline; a referral code records
     * the referrer and puts the member in the referrer's team (the referrer itself when an agent).
     * @throws IDENTITY_INVALID_INVITATION_CODE first, for an unknown affiliate or referral code.
     * @throws VALIDATION_FAILED with one translated issue per field (`body.<field>`).
     * @throws IDENTITY_CAPTCHA_INVALID, IDENTITY_USERNAME_TAKEN, IDENTITY_MOBILE_TAKEN, IDENTITY_SMS_CODE_*.
     */
    async register(input: RegisterInput, mode: 'username' | 'mobile', ctx: RequestContext): Promise<LoginResult> {
      const language = ctx.language;
      const registerSettings = await deps.system.registerSettings();
      const rules = registerSettings.fields;

      // Spec section 5: the affiliate code is checked by the server first.
      const affiliate = input.affiliateCode?.trim()
        ? await findInviter(input.affiliateCode, 'affiliate', 'affiliateCode')
        : null;
      const referrer = input.referralCode?.trim()
        ? await findInviter(input.referralCode, 'referral', 'referralCode')
        : null;

      const issues: ValidationIssue[] = [];
      const username =
        mode === 'username'
          ? checkField(issues, language, rules, 'username', input.username?.trim(), { required: true })
          : undefined;
      const passwordNeeded = mode === 'username' || registerSettings.mobileWithPassword;
      const password = passwordNeeded
        ? checkField(issues, language, rules, 'password', input.password, { required: true })
        : undefined;
      if (passwordNeeded) {
        if (!input.confirmPassword) issues.push(fieldIssue(language, 'confirmPassword', 'validation.required'));
        else if (input.confirmPassword !== input.password) {
          issues.push(fieldIssue(language, 'confirmPassword', 'registration.form.confirmPasswordMismatch'));
        }
      }

      let mobile: string | undefined;
      const mobileRule = rules.mobileNum;
      const mobileRequired = mode === 'mobile' || (mobileRule?.enabled === true && mobileRule.required);
      const mobileTyped = input.mobileNum?.trim() ?? '';
      if (mode === 'mobile' || (mobileRule?.enabled && mobileTyped !== '') || mobileRequired) {
        try {
          mobile = normaliseMobile(input, registerSettings);
        } catch (error) {
          const code = (error as AppError).code;
          if (code === 'IDENTITY_PHONE_MISSING') {
            if (mobileRequired) issues.push(fieldIssue(language, 'mobileNum', 'validation.required'));
          } else {
            const national = mobileTyped.replace(/[\s\-().]/g, '');
            const failure =
              mobileRule && /^\d+$/.test(national)
                ? validateRegistrationField({ ...mobileRule, required: true }, national)
                : null;
            issues.push(
              failure
                ? fieldIssue(language, 'mobileNum', failure.key, failure.params)
                : fieldIssue(language, 'mobileNum', 'registration.form.phoneNumberFormat'),
            );
          }
        }
      }
      const codeNeeded = registerSettings.smsVerification && (mode === 'mobile' || mobileTyped !== '');
      if (codeNeeded)
        checkField(issues, language, rules, 'verificationCode', input.verificationCode, { required: true });
      const captchaOn = rules.captcha?.enabled === true;
      if (captchaOn) {
        checkField(issues, language, rules, 'captcha', input.captcha, { required: true });
        if (!input.captchaId) issues.push(fieldIssue(language, 'captchaId', 'validation.required'));
      }
      const email = checkField(issues, language, rules, 'email', input.email?.trim());
      const realName = checkField(issues, language, rules, 'payeeName', input.payeeName?.trim());
      const nickname = checkField(issues, language, rules, 'nickname', input.nickname?.trim());
      const paymentPassword = checkField(issues, language, rules, 'paymentPassword', input.paymentPassword);
      checkField(issues, language, rules, 'affiliateCode', input.affiliateCode?.trim());
      const profile: AccountProfile = {};
      for (const field of profileFields) {
        const value = checkField(issues, language, rules, field, input[field]?.trim());
        if (value !== undefined) profile[field] = value;
      }
      if (input.termsAccepted !== true) issues.push(fieldIssue(language, 'termsAccepted', 'identity.termsRequired'));
      if (input.adultConfirmed !== true) issues.push(fieldIssue(language, 'adultConfirmed', 'identity.adultRequired'));
      throwIssues(issues);

      if (captchaOn && !(await captcha.verify(input.captchaId, input.captcha))) {
        throw new AppError('IDENTITY_CAPTCHA_INVALID');
      }
      if (username && (await repo.findAccountByUsername(db, merchantCode, username))) {
        throw new AppError('IDENTITY_USERNAME_TAKEN');
      }
      if (mobile && (await repo.findAccountByMobile(db, merchantCode, mobile))) {
        throw new AppError('IDENTITY_MOBILE_TAKEN');
      }
      if (codeNeeded && mobile) await smsCodes.verify({ mobile, purpose: 'REGISTER', code: input.verificationCode });

      const upline = affiliate ?? (referrer ? (accountRoleOf(referrer.type) === 'agent' ? referrer : null) : null);
      const at = now();
      const values: repo.NewAccountRow = {
        merchantCode,
        username: username ?? `m${(mobile ?? '').replace(/\D/g, '').slice(-14)}`,
        type: accountTypes.MEMBER,
        passwordHash: password ? await hashPassword(password) : null,
        passwordChangedAt: password ? at : null,
        paymentPasswordHash: paymentPassword ? await hashPassword(paymentPassword) : null,
        mobile: mobile ?? null,
        mobileVerified: mobile !== undefined && codeNeeded,
        email: email ?? null,
        nickname: nickname ?? null,
        realName: realName ?? null,
        language: ctx.language ? resolveLanguage(ctx.language) : deps.defaultLanguage,
        profile,
        inviteCode: await generateInviteCode(),
        uplineId: upline ? upline.id : (referrer?.uplineId ?? null),
        referrerId: referrer?.id ?? null,
        registerIp: ctx.ip,
        registerMethod: input.registerMethod ?? ctx.device ?? null,
        registerDomain: input.domain ?? null,
        registerUrl: input.registerUrl ?? null,
        createdAt: at,
        updatedAt: at,
      };
      let account: repo.AccountRow;
      try {
        account = await insertAccount(values);
      } catch (error) {
        if (!isUniqueViolation(error)) throw error;
        const constraint = String((error as { cause?: { constraint?: string } }).cause?.constraint ?? '');
        if (constraint.includes('mobile')) throw new AppError('IDENTITY_MOBILE_TAKEN');
        if (mode === 'mobile') {
          // The name made from the number was taken by a username registration: add a random tail.
          account = await insertAccount({
            ...values,
            username: `${values.username.slice(0, 10)}${randomCode(6, '0123456789')}`,
          });
        } else {
          throw new AppError('IDENTITY_USERNAME_TAKEN');
        }
      }
      return startSession(account, { method: 'register', scope: 'member', ctx });
    },

    // ---------------------------------------------------------- passwords

    /**
     * Changes the password of the calling account and ends its other sessions. The old password is needed
     * unless the session is in the forced change step (it just logged in with that password) or the account
     * has none yet (mobile registration without a password).
     * @throws VALIDATION_FAILED, IDENTITY_OLD_PASSWORD_INCORRECT, IDENTITY_ACCOUNT_LOCKED, IDENTITY_PASSWORD_NOT_ALLOWED
     */
    async changePassword(auth: AuthContext, input: ChangePasswordInput, ctx: RequestContext): Promise<void> {
      const [account, session] = await Promise.all([
        repo.findAccountById(db, auth.accountId),
        repo.findSessionById(db, auth.sessionId),
      ]);
      if (!account || !session) throw new AppError('AUTH_REQUIRED');
      const rules = (await deps.system.registerSettings()).fields;
      const oldNeeded = account.passwordHash !== null && !session.passwordChangeRequired;
      const issues: ValidationIssue[] = [];
      if (oldNeeded && !input.oldPassword) issues.push(fieldIssue(ctx.language, 'oldPassword', 'validation.required'));
      checkNewPassword(issues, ctx.language, rules, {
        newPassword: input.newPassword,
        confirm: input.confirmNewPassword,
        field: 'newPassword',
        confirmField: 'confirmNewPassword',
      });
      throwIssues(issues);
      if (oldNeeded && account.passwordHash) {
        if (account.lockedUntil && account.lockedUntil > now()) throw lockedError(account.lockedUntil);
        if (!(await verifyPassword(account.passwordHash, input.oldPassword ?? ''))) {
          await countPasswordFailure(account);
          throw new AppError('IDENTITY_OLD_PASSWORD_INCORRECT');
        }
      }
      if (
        input.newPassword === settings.defaultMemberPassword ||
        (account.passwordHash && (await verifyPassword(account.passwordHash, input.newPassword)))
      ) {
        throw new AppError('IDENTITY_PASSWORD_NOT_ALLOWED');
      }
      await replacePassword(account.id, input.newPassword, session.id);
    },

    /**
     * Forgot password by e-mail: when the username and e-mail belong to one real, active account, e-mails it
     * a single-use reset link. The answer is the same whether or not they do.
     *
     * The spec lists the message 'Username/Email does not exist'. Answering it would let anyone test which
     * usernames exist and which e-mail address each one has, so the safe reading is: that message is never
     * sent by this call; the client shows its "sent" notice either way and the e-mail only reaches the
     * account's owner. Format errors (empty or malformed fields) are still reported, since they say nothing
     * about any account.
     */
    async forgotPasswordByEmail(input: ForgotPasswordByEmailInput, ctx: RequestContext): Promise<{ sent: true }> {
      const rules = (await deps.system.registerSettings()).fields;
      const issues: ValidationIssue[] = [];
      const username = input.username.trim();
      const email = input.email.trim();
      if (username === '') issues.push(fieldIssue(ctx.language, 'username', 'validation.required'));
      if (email === '') issues.push(fieldIssue(ctx.language, 'email', 'validation.required'));
      else if (rules.email && validateRegistrationField({ ...rules.email, required: true }, email)) {
        issues.push(fieldIssue(ctx.language, 'email', 'registration.form.emailFormat'));
      }
      throwIssues(issues);
      const account = await repo.findAccountByUsername(db, merchantCode, username);
      const role = account ? accountRoleOf(account.type) : null;
      if (
        !account?.email ||
        account.email.toLowerCase() !== email.toLowerCase() ||
        account.status !== 'active' ||
        (role !== 'member' && role !== 'agent')
      ) {
        return { sent: true };
      }
      const at = now();
      const last = await repo.latestPasswordResetAt(db, account.id);
      if (last && at.getTime() - last.getTime() < resetEmailIntervalMs) return { sent: true };
      const token = randomBytes(32).toString('base64url');
      await repo.insertPasswordReset(db, {
        accountId: account.id,
        tokenHash: sha256(token),
        ip: ctx.ip,
        createdAt: at,
        expiresAt: new Date(at.getTime() + settings.passwordResetTtlMinutes * 60_000),
      });
      const language = ctx.language ?? account.language;
      const link = `${settings.publicUrl}/?resetPasswordToken=${token}`;
      try {
        await deps.email.send({
          to: account.email,
          subject: lookupMessage(language, 'identity.resetEmailSubject') ?? 'Reset your password',
          text: interpolate(lookupMessage(language, 'identity.resetEmailText') ?? '{{link}}', {
            username: account.username,
            minutes: settings.passwordResetTtlMinutes,
            link,
          }),
        });
      } catch (error) {
        // The answer must not differ from the no-account case; the failure is for the operators' logs.
        deps.log.warn({ err: error, provider: deps.email.name }, 'e-mail provider failed to send a reset link');
      }
      return { sent: true };
    },

    /**
     * Completes an e-mail reset: sets the new password, ends every session and logs the member in.
     * @throws VALIDATION_FAILED, IDENTITY_RESET_LINK_INVALID (unknown, used or expired token), IDENTITY_PASSWORD_NOT_ALLOWED
     */
    async resetPasswordByEmail(input: ResetPasswordByEmailInput, ctx: RequestContext): Promise<LoginResult> {
      const rules = (await deps.system.registerSettings()).fields;
      const issues: ValidationIssue[] = [];
      checkNewPassword(issues, ctx.language, rules, {
        newPassword: input.newPassword,
        confirm: input.confirmNewPassword,
        field: 'newPassword',
        confirmField: 'confirmNewPassword',
      });
      throwIssues(issues);
      if (input.newPassword === settings.defaultMemberPassword) throw new AppError('IDENTITY_PASSWORD_NOT_ALLOWED');
      const accountId = await repo.usePasswordReset(db, sha256(input.token.trim()), now());
      const account = accountId === null ? null : await repo.findAccountById(db, accountId);
      if (!account) throw new AppError('IDENTITY_RESET_LINK_INVALID');
      assertMayLogIn(account, 'member');
      await replacePassword(account.id, input.newPassword);
      const fresh = (await repo.findAccountById(db, account.id)) ?? account;
      return startSession(fresh, { method: 'reset', scope: 'member', ctx });
    },

    /**
     * Forgot password by mobile (spec section 4: "success: auto login"): the code from
     * `/wps/verification/sms/noLogin` with purpose resetPassword, and the new password.
     * @throws IDENTITY_PHONE_*, VALIDATION_FAILED, IDENTITY_SMS_CODE_*, IDENTITY_ACCOUNT_DISABLED, IDENTITY_PASSWORD_NOT_ALLOWED
     */
    async forgotPasswordByPhone(input: ForgotPasswordByPhoneInput, ctx: RequestContext): Promise<LoginResult> {
      const registerSettings = await deps.system.registerSettings();
      const mobile = normaliseMobile(input, registerSettings);
      const issues: ValidationIssue[] = [];
      checkNewPassword(issues, ctx.language, registerSettings.fields, {
        newPassword: input.newPassword,
        confirm: input.confirmNewPassword,
        field: 'newPassword',
        confirmField: 'confirmNewPassword',
      });
      throwIssues(issues);
      if (input.newPassword === settings.defaultMemberPassword) throw new AppError('IDENTITY_PASSWORD_NOT_ALLOWED');
      await smsCodes.verify({ mobile, purpose: 'RESET', code: input.verificationCode });
      const account = await repo.findAccountByMobile(db, merchantCode, mobile);
      if (!account) throw new AppError('IDENTITY_SMS_CODE_INVALID');
      assertMayLogIn(account, 'member');
      await replacePassword(account.id, input.newPassword);
      const fresh = (await repo.findAccountById(db, account.id)) ?? account;
      return startSession(fresh, { method: 'reset', scope: 'member', ctx });
    },

    // ---------------------------------------------------------- profile

    async setAvatar(auth: AuthContext, avatarId: number): Promise<{ avatar: number }> {
      await repo.updateAccount(db, auth.accountId, { avatarId, updatedAt: now() });
      return { avatar: avatarId };
    },

    async setLanguage(auth: AuthContext, language: string): Promise<{ language: string }> {
      await repo.updateAccount(db, auth.accountId, { language, updatedAt: now() });
      return { language };
    },

    // ---------------------------------------------------------- for other modules and operators

    async getAccount(accountId: number): Promise<AccountSummary | null> {
      const account = await repo.findAccountById(db, accountId);
      return account ? summarise(account) : null;
    },

    async findAccountByUsername(username: string): Promise<AccountSummary | null> {
      const account = await repo.findAccountByUsername(db, merchantCode, username);
      return account ? summarise(account) : null;
    },

    async listDownline(agentId: number): Promise<AccountSummary[]> {
      return (await repo.listDownline(db, agentId)).map(summarise);
    },

    /**
     * Creates an account without the registration form: demo data, agents registering downline members,
     * the back office. Without a password the account gets the default one and must change it.
     * @throws IDENTITY_USERNAME_TAKEN, IDENTITY_MOBILE_TAKEN
     */
    async createAccount(input: CreateAccountInput): Promise<AccountSummary> {
      const at = now();
      const role = accountRoleOf(input.type);
      const password = input.password ?? settings.defaultMemberPassword;
      try {
        const account = await insertAccount({
          merchantCode,
          username: input.username,
          type: input.type,
          playMoney: role === 'trial',
          passwordHash: role === 'trial' ? null : (input.passwordHash ?? (await hashPassword(password))),
          passwordChangedAt: role === 'trial' ? null : at,
          mustChangePassword: input.mustChangePassword ?? input.password === undefined,
          mobile: input.mobile ?? null,
          email: input.email ?? null,
          nickname: input.nickname ?? null,
          language: input.language ?? deps.defaultLanguage,
          inviteCode: role === 'agent' || role === 'member' ? await generateInviteCode() : null,
          uplineId: input.uplineId ?? null,
          createdAt: at,
          updatedAt: at,
        });
        return summarise(account);
      } catch (error) {
        if (!isUniqueViolation(error)) throw error;
        const constraint = String((error as { cause?: { constraint?: string } }).cause?.constraint ?? '');
        throw new AppError(constraint.includes('mobile') ? 'IDENTITY_MOBILE_TAKEN' : 'IDENTITY_USERNAME_TAKEN');
      }
    },

    /** Disables or re-enables an account; disabling ends all its sessions at once. */
    async setAccountStatus(accountId: number, status: 'active' | 'disabled'): Promise<void> {
      const at = now();
      await repo.updateAccount(db, accountId, { status, updatedAt: at });
      if (status === 'disabled') await repo.revokeAccountSessions(db, accountId, at);
    },

    /** Operator reset: sets a password, optionally forcing a change at the next login, and ends all sessions. */
    async setPassword(accountId: number, password: string, options: { mustChange: boolean }): Promise<void> {
      await replacePassword(accountId, password);
      if (options.mustChange) await repo.updateAccount(db, accountId, { mustChangePassword: true, updatedAt: now() });
    },

    /** Backdates the password (operator tooling and tests of PWDEXPIRY3). */
    async setPasswordChangedAt(accountId: number, changedAt: Date): Promise<void> {
      await repo.updateAccount(db, accountId, { passwordChangedAt: changedAt, updatedAt: now() });
    },

    /** Checks the separate payment (withdrawal) password, for the wallet module. False when none is set. */
    async verifyPaymentPassword(accountId: number, password: string): Promise<boolean> {
      const account = await repo.findAccountById(db, accountId);
      if (!account?.paymentPasswordHash) {
        await spendVerificationTime(password);
        return false;
      }
      return verifyPassword(account.paymentPasswordHash, password);
    },

    async setPaymentPassword(accountId: number, password: string): Promise<void> {
      await repo.updateAccount(db, accountId, { paymentPasswordHash: await hashPassword(password), updatedAt: now() });
    },

    /** Whether the member has a payment (withdrawal) password, for the wallet module. */
    async hasPaymentPassword(accountId: number): Promise<boolean> {
      const account = await repo.findAccountById(db, accountId);
      return Boolean(account?.paymentPasswordHash);
    },

    /**
     * Checks the login password for a step that needs it again (the wallet's first payment password). Wrong
     * passwords count towards the same lockout as logins, so this is no way around it.
     * @throws IDENTITY_ACCOUNT_LOCKED while the account is locked, or when this failure locks it.
     */
    async checkLoginPassword(accountId: number, password: string): Promise<boolean> {
      const account = await repo.findAccountById(db, accountId);
      if (!account?.passwordHash) {
        await spendVerificationTime(password);
        return false;
      }
      if (account.lockedUntil && account.lockedUntil > now()) throw lockedError(account.lockedUntil);
      if (await verifyPassword(account.passwordHash, password)) return true;
      await countPasswordFailure(account);
      return false;
    },

    /**
     * Sends a code for a step of the member's own account (the wallet's payment-password reset) to the bound
     * mobile, with the SMS throttles and quota, and answers the masked number.
     * @throws IDENTITY_VERIFICATION_METHOD_UNAVAILABLE when no mobile is bound; RATE_LIMITED,
     *   IDENTITY_SMS_TOO_MANY_REQUESTS, IDENTITY_SMS_QUOTA_EXCEEDED, IDENTITY_SMS_SEND_FAILED.
     */
    async sendAccountSmsCode(
      accountId: number,
      purpose: 'PAYPWD',
      ctx: RequestContext,
    ): Promise<{ mobile: string; expiredMinutes: number }> {
      const account = await repo.findAccountById(db, accountId);
      if (!account?.mobile) throw new AppError('IDENTITY_VERIFICATION_METHOD_UNAVAILABLE', { method: 'sms' });
      const sent = await smsCodes.send({
        mobile: account.mobile,
        purpose,
        ip: ctx.ip,
        language: ctx.language,
        deliver: true,
      });
      return { mobile: maskMobile(account.mobile) ?? '', expiredMinutes: sent.expiredMinutes };
    },

    /**
     * Checks (and uses up) a code sent by `sendAccountSmsCode` to the member's bound mobile.
     * @throws IDENTITY_VERIFICATION_METHOD_UNAVAILABLE when no mobile is bound; IDENTITY_SMS_CODE_INVALID,
     *   IDENTITY_SMS_CODE_EXPIRED.
     */
    async verifyAccountSmsCode(accountId: number, purpose: 'PAYPWD', code: string | undefined): Promise<void> {
      const account = await repo.findAccountById(db, accountId);
      if (!account?.mobile) throw new AppError('IDENTITY_VERIFICATION_METHOD_UNAVAILABLE', { method: 'sms' });
      await smsCodes.verify({ mobile: account.mobile, purpose, code });
    },

    /** Whether the member has a bound mobile (where account codes go). */
    async hasMobile(accountId: number): Promise<boolean> {
      return Boolean((await repo.findAccountById(db, accountId))?.mobile);
    },

    /** The payee (real) name: the name on the member's bank accounts; null until one is set. */
    async payeeName(accountId: number): Promise<string | null> {
      return (await repo.findAccountById(db, accountId))?.realName ?? null;
    },

    /**
     * Sets the payee name when the account has none yet (the first bound bank account names it) and returns the
     * name the account now has, which is another one when it was already set.
     * @throws NOT_FOUND for an unknown account.
     */
    async setPayeeNameIfEmpty(accountId: number, name: string): Promise<string> {
      const account = await repo.setRealNameIfEmpty(db, accountId, name, now());
      if (!account?.realName) throw new AppError('NOT_FOUND', { accountId });
      return account.realName;
    },

    /** The failure count and lock of an account, for operators (and the lockout tests). */
    async loginFailureState(accountId: number): Promise<{ failedLoginCount: number; lockedUntil: Date | null }> {
      const account = await repo.findAccountById(db, accountId);
      if (!account) throw new AppError('NOT_FOUND', { accountId });
      return { failedLoginCount: account.failedLoginCount, lockedUntil: account.lockedUntil };
    },
  };
}

export type IdentityService = ReturnType<typeof createIdentityService>;

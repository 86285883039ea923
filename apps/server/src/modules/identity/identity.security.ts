import { createHash, randomBytes, randomInt, randomUUID, timingSafeEqual } from 'node:crypto';
import {
  type BindEmailInput,
  type BindMobileCodeInput,
  type BindMobileInput,
  interpolate,
  type LoginChallenge,
  type LoginResult,
  type LoginVerificationInput,
  type LoginVerificationMethod,
  type LoginVerificationSendInput,
  lookupMessage,
  type MemberProfile,
  type MemberSecurity,
  profileFieldNames,
  type RegisterSettings,
  type RegistrationFieldName,
  type TwoFactorEnabled,
  type TwoFactorSetup,
  type UpdateProfileInput,
  type ValidationIssue,
  validateRegistrationField,
} from '@portal/contract';
import { type Db, isUniqueViolation } from '../../platform/db';
import { AppError } from '../../platform/http/app-error';
import type { AuthContext } from '../../platform/http/auth-context';
import type { EmailProvider } from '../../platform/notify/notify.types';
import type { SystemService } from '../system';
import { maskEmail, maskMobile, normaliseMobile } from './identity.contact';
import { ipPrefix } from './identity.ip';
import { verifyPassword } from './identity.passwords';
import type * as repo from './identity.repository';
import * as accountsRepo from './identity.repository';
import * as securityRepo from './identity.security.repository';
import type { SmsCodeService } from './identity.sms';
import type { AccountProfile } from './identity.tables';
import {
  generateRecoveryCodes,
  generateTotpSecret,
  hashRecoveryCode,
  looksLikeRecoveryCode,
  matchTotpStep,
  type TotpSecretBox,
  totpUri,
} from './identity.totp';

/** What the security part of the module needs from the rest of it (identity.service.ts hands these in). */
export type SecurityDeps = {
  db: Db;
  merchantCode: string;
  now: () => Date;
  siteName: string;
  /** LOGIN_NEW_IP_VERIFICATION; the whitelabel switch NEWIPVERIFY3 must be on as well. */
  newIpVerification: boolean;
  loginMaxFailures: number;
  defaultMemberPassword: string;
  emailCodeTtlMinutes: number;
  /** Seals and opens the stored TOTP secrets (MEMBER_TOTP_KEY). */
  totpBox: TotpSecretBox;
  system: Pick<SystemService, 'registerSettings' | 'isModuleEnabled'>;
  email: EmailProvider;
  smsCodes: SmsCodeService;
  log: { warn(details: object, message: string): void };
  startSession(
    account: repo.AccountRow,
    input: { method: 'password'; scope: 'member' | 'agent'; ctx: SecurityRequestContext; password?: string },
  ): Promise<LoginResult>;
  /** Counts a wrong answer against the account's lockout, like a wrong password; throws when it locks. */
  countPasswordFailure(account: repo.AccountRow): Promise<void>;
  lockedError(lockedUntil: Date): AppError;
  assertMayLogIn(account: repo.AccountRow, scope: 'member' | 'agent'): void;
  fieldIssue(
    language: string | undefined,
    field: string,
    key: string,
    params?: Record<string, unknown>,
  ): ValidationIssue;
};

export type SecurityRequestContext = {
  ip: string | null;
  language?: string | undefined;
  userAgent?: string | undefined;
  device?: string | undefined;
};

/** A second login step stays open this long. */
const challengeTtlMinutes = 10;
/** One e-mailed code per address and purpose per this interval (the countdown of the screen). */
const emailResendIntervalMs = 60_000;
/** Wrong guesses of one e-mailed code before it is void. */
const emailCodeMaxAttempts = 5;
const recentLoginsShown = 10;

function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

function hashCode(salt: string, code: string): string {
  return sha256(`${salt}:${code}`);
}

/** Names as people type them: case, surrounding and repeated spaces do not matter. */
function normaliseName(name: string): string {
  return name.normalize('NFKC').trim().replace(/\s+/g, ' ').toLocaleLowerCase();
}

function sameText(a: string, b: string): boolean {
  const left = Buffer.from(sha256(a), 'hex');
  const right = Buffer.from(sha256(b), 'hex');
  return timingSafeEqual(left, right);
}

/**
 * The account-security rules: remembered login networks and the new-IP step (spec section 4), the member's
 * authenticator (TOTP) two-step login, binding a mobile or e-mail with a code, and the profile page's fields.
 */
export function createSecurityService(deps: SecurityDeps) {
  const { db, now } = deps;

  // ------------------------------------------------------------ e-mailed codes

  /**
   * E-mails a six-digit code for a purpose (BIND to the new address, LOGIN to the bound one).
   * @throws RATE_LIMITED within a minute of the last code of the purpose (with `retryAfterSeconds`).
   * @throws IDENTITY_SMS_SEND_FAILED when the e-mail provider failed (the phone-verification "unknown error").
   */
  async function sendEmailCode(
    account: repo.AccountRow,
    purpose: 'BIND' | 'LOGIN',
    email: string,
    language: string | undefined,
  ): Promise<{ expiredMinutes: number }> {
    const at = now();
    const last = await securityRepo.findLatestEmailCode(db, account.id, purpose);
    if (last && at.getTime() - last.createdAt.getTime() < emailResendIntervalMs) {
      const retryAfterSeconds = Math.ceil((last.createdAt.getTime() + emailResendIntervalMs - at.getTime()) / 1000);
      throw Object.assign(new AppError('RATE_LIMITED', { retryAfterSeconds }), {
        headers: { 'retry-after': String(retryAfterSeconds) },
      });
    }
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    const salt = randomBytes(8).toString('hex');
    await securityRepo.insertEmailCode(db, {
      accountId: account.id,
      email,
      purpose,
      codeHash: hashCode(salt, code),
      codeSalt: salt,
      createdAt: at,
      expiresAt: new Date(at.getTime() + deps.emailCodeTtlMinutes * 60_000),
    });
    const lang = language ?? account.language;
    try {
      await deps.email.send({
        to: email,
        subject: lookupMessage(lang, 'identity.emailCodeSubject') ?? 'Your verification code',
        text: interpolate(lookupMessage(lang, 'identity.emailCodeText') ?? '{{code}}', {
          username: account.username,
          code,
          minutes: deps.emailCodeTtlMinutes,
        }),
      });
    } catch (error) {
      deps.log.warn({ err: error, provider: deps.email.name }, 'e-mail provider failed to send a verification code');
      throw new AppError('IDENTITY_SMS_SEND_FAILED');
    }
    return { expiredMinutes: deps.emailCodeTtlMinutes };
  }

  /**
   * Checks the newest e-mailed code of the purpose (for that address) and uses it up.
   * @throws IDENTITY_EMAIL_CODE_INVALID for a missing, wrong, used or other address's code.
   * @throws IDENTITY_EMAIL_CODE_EXPIRED when it ran out of time or of attempts.
   */
  async function verifyEmailCode(
    accountId: number,
    purpose: 'BIND' | 'LOGIN',
    email: string,
    code: string,
  ): Promise<void> {
    const trimmed = code.trim();
    if (!/^\d{6}$/.test(trimmed)) throw new AppError('IDENTITY_EMAIL_CODE_INVALID');
    const row = await securityRepo.findLatestEmailCode(db, accountId, purpose);
    if (!row || row.consumedAt || row.email.toLowerCase() !== email.toLowerCase()) {
      throw new AppError('IDENTITY_EMAIL_CODE_INVALID');
    }
    if (row.expiresAt <= now() || row.attempts >= emailCodeMaxAttempts)
      throw new AppError('IDENTITY_EMAIL_CODE_EXPIRED');
    if (!sameText(hashCode(row.codeSalt, trimmed), row.codeHash)) {
      await securityRepo.countEmailCodeMiss(db, row.id);
      throw new AppError('IDENTITY_EMAIL_CODE_INVALID');
    }
    if (!(await securityRepo.consumeEmailCode(db, row.id, now()))) throw new AppError('IDENTITY_EMAIL_CODE_INVALID');
  }

  // ------------------------------------------------------------ TOTP

  /** Accepts a fresh authenticator code, or (when `allowRecovery`) one unused recovery code. */
  async function checkSecondFactor(accountId: number, code: string, allowRecovery: boolean): Promise<boolean> {
    const twoFactor = await securityRepo.findTwoFactor(db, accountId);
    if (!twoFactor) return false;
    const trimmed = code.trim();
    if (allowRecovery && twoFactor.enabledAt && looksLikeRecoveryCode(trimmed)) {
      return securityRepo.useRecoveryCode(db, accountId, hashRecoveryCode(trimmed), now());
    }
    const step = matchTotpStep(deps.totpBox.open(twoFactor.secret), trimmed, now());
    if (step === null) return false;
    return securityRepo.useTotpStep(db, accountId, step, now());
  }

  async function twoFactorOn(accountId: number): Promise<boolean> {
    const twoFactor = await securityRepo.findTwoFactor(db, accountId);
    return Boolean(twoFactor?.enabledAt) && (await deps.system.isModuleEnabled('TWOFA3'));
  }

  // ------------------------------------------------------------ login challenges

  async function challengeMethods(account: repo.AccountRow): Promise<LoginVerificationMethod[]> {
    const methods: LoginVerificationMethod[] = [];
    if (account.mobile) methods.push('sms');
    if (account.email) methods.push('email');
    // The payee name is set by the first bank account the member binds (the wallet module), and every later
    // bank account must carry the same holder name: it is there exactly when a bank account exists.
    if (account.realName) methods.push('bankName');
    return methods;
  }

  function challengeOf(row: securityRepo.ChallengeRow, account: repo.AccountRow): LoginChallenge {
    return {
      challengeId: row.id,
      reason: row.reason === 'twoFactor' ? 'twoFactor' : 'newIp',
      methods: row.methods as LoginVerificationMethod[],
      expiresInSeconds: Math.max(1, Math.ceil((row.expiresAt.getTime() - now().getTime()) / 1000)),
      mobile: maskMobile(account.mobile),
      email: maskEmail(account.email),
    };
  }

  /**
   * The open challenge and its account.
   * @throws IDENTITY_VERIFICATION_EXPIRED for an unknown, used or timed-out challenge.
   * @throws IDENTITY_VERIFICATION_LOCKED after too many wrong answers.
   * @throws IDENTITY_VERIFICATION_METHOD_UNAVAILABLE for a method the challenge does not offer.
   */
  async function openChallenge(challengeId: string, method: LoginVerificationMethod) {
    const row = /^[0-9a-f-]{36}$/i.test(challengeId) ? await securityRepo.findChallenge(db, challengeId) : null;
    if (!row || row.completedAt || row.expiresAt <= now()) throw new AppError('IDENTITY_VERIFICATION_EXPIRED');
    if (row.failedAttempts >= deps.loginMaxFailures) throw new AppError('IDENTITY_VERIFICATION_LOCKED');
    if (!row.methods.includes(method)) throw new AppError('IDENTITY_VERIFICATION_METHOD_UNAVAILABLE', { method });
    const account = await accountsRepo.findAccountById(db, row.accountId);
    if (!account) throw new AppError('IDENTITY_VERIFICATION_EXPIRED');
    return { row, account };
  }

  return {
    /** Remembers the network of a successful login (every login method), for the new-IP rule. */
    async rememberLoginIp(accountId: number, ip: string | null): Promise<void> {
      const prefix = ipPrefix(ip);
      if (prefix) await securityRepo.rememberIp(db, accountId, prefix, now());
    },

    /**
     * Holds a correct password login back when a second step is due: always with two-step verification on
     * (TWOFA3 and the member's authenticator; only the authenticator answers), otherwise when the login comes
     * from a network the account has not logged in from and it has logged in from at least one (NEWIPVERIFY3
     * and LOGIN_NEW_IP_VERIFICATION). An account with nothing bound to verify with (no mobile, e-mail or bank
     * account) is let through: there is nothing it could prove.
     * @throws IDENTITY_VERIFICATION_REQUIRED with the challenge as `params`.
     */
    async gatePasswordLogin(
      account: repo.AccountRow,
      input: { scope: 'member' | 'agent'; ctx: SecurityRequestContext; passwordIsDefault: boolean },
    ): Promise<void> {
      let reason: 'newIp' | 'twoFactor' | null = null;
      let methods: LoginVerificationMethod[] = [];
      if (await twoFactorOn(account.id)) {
        reason = 'twoFactor';
        methods = ['totp'];
      } else if (deps.newIpVerification && (await deps.system.isModuleEnabled('NEWIPVERIFY3'))) {
        const prefix = ipPrefix(input.ctx.ip);
        if (
          prefix &&
          (await securityRepo.countKnownIps(db, account.id)) > 0 &&
          !(await securityRepo.isKnownIp(db, account.id, prefix))
        ) {
          methods = await challengeMethods(account);
          if (methods.length > 0) reason = 'newIp';
        }
      }
      if (!reason) return;
      const at = now();
      const row: securityRepo.ChallengeRow = {
        id: randomUUID(),
        accountId: account.id,
        reason,
        scope: input.scope,
        methods,
        ip: input.ctx.ip,
        passwordIsDefault: input.passwordIsDefault,
        failedAttempts: 0,
        createdAt: at,
        expiresAt: new Date(at.getTime() + challengeTtlMinutes * 60_000),
        completedAt: null,
      };
      await securityRepo.insertChallenge(db, row);
      throw new AppError('IDENTITY_VERIFICATION_REQUIRED', challengeOf(row, account));
    },

    /**
     * Sends the code of a challenge to the bound mobile (through the SMS code service, with its throttles and
     * quota) or e-mail address.
     * @throws IDENTITY_VERIFICATION_EXPIRED, IDENTITY_VERIFICATION_LOCKED, IDENTITY_VERIFICATION_METHOD_UNAVAILABLE,
     * and the sending errors (RATE_LIMITED, IDENTITY_SMS_TOO_MANY_REQUESTS, IDENTITY_SMS_QUOTA_EXCEEDED,
     * IDENTITY_SMS_SEND_FAILED).
     */
    async sendChallengeCode(
      input: LoginVerificationSendInput,
      ctx: SecurityRequestContext,
    ): Promise<{ expiredMinutes: number }> {
      const { account } = await openChallenge(input.challengeId, input.method);
      if (input.method === 'sms' && account.mobile) {
        return deps.smsCodes.send({
          mobile: account.mobile,
          purpose: 'VERIFY',
          ip: ctx.ip,
          language: ctx.language,
          deliver: true,
        });
      }
      if (input.method === 'email' && account.email) {
        return sendEmailCode(account, 'LOGIN', account.email, ctx.language);
      }
      throw new AppError('IDENTITY_VERIFICATION_METHOD_UNAVAILABLE', { method: input.method });
    },

    /**
     * Answers a challenge. A right answer opens the session (once: the challenge is used up) and remembers the
     * network; a wrong one counts towards the challenge's limit and the account's password lockout alike.
     * @throws IDENTITY_VERIFICATION_EXPIRED, IDENTITY_VERIFICATION_LOCKED, IDENTITY_VERIFICATION_METHOD_UNAVAILABLE
     * @throws IDENTITY_SMS_CODE_INVALID / _EXPIRED, IDENTITY_EMAIL_CODE_INVALID / _EXPIRED, IDENTITY_TOTP_INVALID,
     * IDENTITY_VERIFICATION_INVALID (bank name) for wrong answers; IDENTITY_ACCOUNT_LOCKED when one locks it.
     */
    async completeChallenge(input: LoginVerificationInput, ctx: SecurityRequestContext): Promise<LoginResult> {
      const { row, account } = await openChallenge(input.challengeId, input.method);
      if (account.lockedUntil && account.lockedUntil > now()) throw deps.lockedError(account.lockedUntil);
      let wrong: AppError | null = null;
      try {
        if (input.method === 'sms') {
          if (!account.mobile) throw new AppError('IDENTITY_VERIFICATION_METHOD_UNAVAILABLE');
          await deps.smsCodes.verify({ mobile: account.mobile, purpose: 'VERIFY', code: input.answer });
        } else if (input.method === 'email') {
          if (!account.email) throw new AppError('IDENTITY_VERIFICATION_METHOD_UNAVAILABLE');
          await verifyEmailCode(account.id, 'LOGIN', account.email, input.answer);
        } else if (input.method === 'bankName') {
          const given = normaliseName(input.answer);
          if (!account.realName || given === '' || !sameText(given, normaliseName(account.realName))) {
            throw new AppError('IDENTITY_VERIFICATION_INVALID');
          }
        } else if (!(await checkSecondFactor(account.id, input.answer, true))) {
          throw new AppError('IDENTITY_TOTP_INVALID');
        }
      } catch (error) {
        const code = error instanceof AppError ? error.code : null;
        // An expired code is no guess; everything else wrong is, and counts.
        if (
          code !== 'IDENTITY_SMS_CODE_INVALID' &&
          code !== 'IDENTITY_EMAIL_CODE_INVALID' &&
          code !== 'IDENTITY_VERIFICATION_INVALID' &&
          code !== 'IDENTITY_TOTP_INVALID'
        ) {
          throw error;
        }
        wrong = error as AppError;
      }
      if (wrong) {
        const failures = await securityRepo.countChallengeFailure(db, row.id);
        await deps.countPasswordFailure(account);
        if (failures !== null && failures >= deps.loginMaxFailures) throw new AppError('IDENTITY_VERIFICATION_LOCKED');
        throw wrong;
      }
      if (!(await securityRepo.completeChallenge(db, row.id, now(), deps.loginMaxFailures))) {
        throw new AppError('IDENTITY_VERIFICATION_EXPIRED');
      }
      const fresh = (await accountsRepo.findAccountById(db, account.id)) ?? account;
      const scope = row.scope === 'agent' ? 'agent' : 'member';
      deps.assertMayLogIn(fresh, scope);
      return deps.startSession(fresh, {
        method: 'password',
        scope,
        ctx,
        // The forced change step after a default password (FORCEPWD3) still follows the second step.
        ...(row.passwordIsDefault ? { password: deps.defaultMemberPassword } : {}),
      });
    },

    // ---------------------------------------------------------- security centre

    async memberSecurity(auth: AuthContext): Promise<MemberSecurity> {
      const [account, twoFactor, logins] = await Promise.all([
        accountsRepo.findAccountById(db, auth.accountId),
        securityRepo.findTwoFactor(db, auth.accountId),
        securityRepo.recentSessions(db, auth.accountId, recentLoginsShown),
      ]);
      if (!account) throw new AppError('AUTH_REQUIRED');
      return {
        mobile: maskMobile(account.mobile),
        mobileVerified: account.mobileVerified,
        email: maskEmail(account.email),
        emailVerified: account.emailVerified,
        hasPaymentPassword: account.paymentPasswordHash !== null,
        twoFactorEnabled: Boolean(twoFactor?.enabledAt),
        recoveryCodesLeft: twoFactor?.enabledAt ? twoFactor.recoveryCodeHashes.length : 0,
        recentLogins: logins.map((login) => ({
          at: login.createdAt.toISOString(),
          ip: login.ip,
          device: login.device,
          method: login.loginMethod,
        })),
      };
    },

    /**
     * Starts turning on two-step verification: a new secret for the authenticator app (not yet required).
     * @throws IDENTITY_TWO_FACTOR_ALREADY_ENABLED
     */
    async setupTwoFactor(auth: AuthContext): Promise<TwoFactorSetup> {
      const account = await accountsRepo.findAccountById(db, auth.accountId);
      if (!account) throw new AppError('AUTH_REQUIRED');
      if ((await securityRepo.findTwoFactor(db, account.id))?.enabledAt) {
        throw new AppError('IDENTITY_TWO_FACTOR_ALREADY_ENABLED');
      }
      const secret = generateTotpSecret();
      await securityRepo.upsertPendingTwoFactor(db, account.id, deps.totpBox.seal(secret), now());
      return { secret, otpauthUri: totpUri(secret, deps.siteName, account.username) };
    },

    /**
     * Turns two-step verification on with a code from the app just set up; answers the recovery codes, once.
     * @throws IDENTITY_TWO_FACTOR_ALREADY_ENABLED, IDENTITY_TWO_FACTOR_NOT_ENABLED (no setup first), IDENTITY_TOTP_INVALID
     */
    async enableTwoFactor(auth: AuthContext, code: string): Promise<TwoFactorEnabled> {
      const twoFactor = await securityRepo.findTwoFactor(db, auth.accountId);
      if (!twoFactor) throw new AppError('IDENTITY_TWO_FACTOR_NOT_ENABLED');
      if (twoFactor.enabledAt) throw new AppError('IDENTITY_TWO_FACTOR_ALREADY_ENABLED');
      if (!(await checkSecondFactor(auth.accountId, code, false))) throw new AppError('IDENTITY_TOTP_INVALID');
      const recoveryCodes = generateRecoveryCodes();
      if (!(await securityRepo.enableTwoFactor(db, auth.accountId, recoveryCodes.map(hashRecoveryCode), now()))) {
        throw new AppError('IDENTITY_TWO_FACTOR_ALREADY_ENABLED');
      }
      return { enabled: true, recoveryCodes };
    },

    /**
     * Turns two-step verification off; needs the login password and a current authenticator (or recovery) code.
     * A wrong password counts towards the lockout.
     * @throws IDENTITY_TWO_FACTOR_NOT_ENABLED, IDENTITY_PASSWORD_INCORRECT, IDENTITY_TOTP_INVALID, IDENTITY_ACCOUNT_LOCKED
     */
    async disableTwoFactor(auth: AuthContext, input: { password: string; code: string }): Promise<{ enabled: false }> {
      const [account, twoFactor] = await Promise.all([
        accountsRepo.findAccountById(db, auth.accountId),
        securityRepo.findTwoFactor(db, auth.accountId),
      ]);
      if (!account) throw new AppError('AUTH_REQUIRED');
      if (!twoFactor?.enabledAt) throw new AppError('IDENTITY_TWO_FACTOR_NOT_ENABLED');
      if (account.lockedUntil && account.lockedUntil > now()) throw deps.lockedError(account.lockedUntil);
      if (!account.passwordHash || !(await verifyPassword(account.passwordHash, input.password))) {
        await deps.countPasswordFailure(account);
        throw new AppError('IDENTITY_PASSWORD_INCORRECT');
      }
      if (!(await checkSecondFactor(account.id, input.code, true))) throw new AppError('IDENTITY_TOTP_INVALID');
      await securityRepo.deleteTwoFactor(db, account.id);
      return { enabled: false };
    },

    /**
     * Sends a code to a mobile number the member wants to bind (a new one, or a change).
     * @throws IDENTITY_PHONE_MISSING, IDENTITY_PHONE_INVALID, IDENTITY_MOBILE_TAKEN and the SMS sending errors.
     */
    async sendBindMobileCode(
      auth: AuthContext,
      input: BindMobileCodeInput,
      ctx: SecurityRequestContext,
    ): Promise<{ expiredMinutes: number }> {
      const mobile = normaliseMobile(input, await deps.system.registerSettings());
      const owner = await accountsRepo.findAccountByMobile(db, deps.merchantCode, mobile);
      if (owner && owner.id !== auth.accountId) throw new AppError('IDENTITY_MOBILE_TAKEN');
      return deps.smsCodes.send({ mobile, purpose: 'BIND', ip: ctx.ip, language: ctx.language, deliver: true });
    },

    /**
     * Binds (or changes to) the mobile number that received the code; it counts as verified.
     * @throws IDENTITY_PHONE_*, IDENTITY_SMS_CODE_INVALID, IDENTITY_SMS_CODE_EXPIRED, IDENTITY_MOBILE_TAKEN
     */
    async bindMobile(
      auth: AuthContext,
      input: BindMobileInput,
    ): Promise<{ mobile: string | null; email: string | null }> {
      const mobile = normaliseMobile(input, await deps.system.registerSettings());
      const owner = await accountsRepo.findAccountByMobile(db, deps.merchantCode, mobile);
      if (owner && owner.id !== auth.accountId) throw new AppError('IDENTITY_MOBILE_TAKEN');
      await deps.smsCodes.verify({ mobile, purpose: 'BIND', code: input.verificationCode });
      try {
        await accountsRepo.updateAccount(db, auth.accountId, { mobile, mobileVerified: true, updatedAt: now() });
      } catch (error) {
        if (isUniqueViolation(error)) throw new AppError('IDENTITY_MOBILE_TAKEN');
        throw error;
      }
      const account = await accountsRepo.findAccountById(db, auth.accountId);
      return { mobile: maskMobile(account?.mobile ?? null), email: maskEmail(account?.email ?? null) };
    },

    /**
     * E-mails a code to an address the member wants to bind.
     * @throws IDENTITY_EMAIL_INVALID, IDENTITY_EMAIL_TAKEN, RATE_LIMITED, IDENTITY_SMS_SEND_FAILED
     */
    async sendBindEmailCode(
      auth: AuthContext,
      emailInput: string,
      ctx: SecurityRequestContext,
    ): Promise<{ expiredMinutes: number }> {
      const email = await checkEmail(emailInput, auth.accountId);
      const account = await accountsRepo.findAccountById(db, auth.accountId);
      if (!account) throw new AppError('AUTH_REQUIRED');
      return sendEmailCode(account, 'BIND', email, ctx.language);
    },

    /**
     * Binds (or changes to) the address that received the code; it counts as verified.
     * @throws IDENTITY_EMAIL_INVALID, IDENTITY_EMAIL_TAKEN, IDENTITY_EMAIL_CODE_INVALID, IDENTITY_EMAIL_CODE_EXPIRED
     */
    async bindEmail(
      auth: AuthContext,
      input: BindEmailInput,
    ): Promise<{ mobile: string | null; email: string | null }> {
      const email = await checkEmail(input.email, auth.accountId);
      await verifyEmailCode(auth.accountId, 'BIND', email, input.verificationCode);
      await accountsRepo.updateAccount(db, auth.accountId, { email, emailVerified: true, updatedAt: now() });
      const account = await accountsRepo.findAccountById(db, auth.accountId);
      return { mobile: maskMobile(account?.mobile ?? null), email: maskEmail(account?.email ?? null) };
    },

    // ---------------------------------------------------------- profile

    memberProfile,

    /**
     * Saves the profile page: the nickname (the registration rule of `nickname` when the merchant enables it,
     * otherwise 1 to 64 characters) and the personal fields the merchant enables, each judged by the same rule
     * as at registration. A field the merchant has not enabled is refused rather than stored.
     * @throws VALIDATION_FAILED with one translated issue per field.
     */
    async updateProfile(
      auth: AuthContext,
      input: UpdateProfileInput,
      ctx: SecurityRequestContext,
    ): Promise<MemberProfile> {
      const account = await accountsRepo.findAccountById(db, auth.accountId);
      if (!account) throw new AppError('AUTH_REQUIRED');
      const rules: RegisterSettings['fields'] = (await deps.system.registerSettings()).fields;
      const issues: ValidationIssue[] = [];
      const judge = (field: RegistrationFieldName, value: string) => {
        const rule = rules[field];
        if (!rule?.enabled) {
          issues.push(deps.fieldIssue(ctx.language, field, 'validation.invalid'));
          return;
        }
        const failure = validateRegistrationField(rule, value);
        if (failure) issues.push(deps.fieldIssue(ctx.language, field, failure.key, failure.params));
      };
      let nickname: string | null | undefined;
      if (input.nickname !== undefined) {
        const value = input.nickname.trim();
        const rule = rules.nickname;
        if (rule?.enabled) judge('nickname', value);
        else if (value.length > 64) issues.push(deps.fieldIssue(ctx.language, 'nickname', 'validation.invalid'));
        nickname = value === '' ? null : value;
      }
      const profile: AccountProfile = { ...account.profile };
      for (const name of profileFieldNames) {
        const raw = input[name];
        if (raw === undefined) continue;
        const value = raw.trim();
        judge(name, value);
        if (value === '') delete profile[name];
        else profile[name] = value;
      }
      if (issues.length > 0) throw new AppError('VALIDATION_FAILED', {}, issues);
      await accountsRepo.updateAccount(db, account.id, {
        ...(nickname !== undefined ? { nickname } : {}),
        profile,
        updatedAt: now(),
      });
      return memberProfile(auth);
    },
  };

  async function memberProfile(auth: AuthContext): Promise<MemberProfile> {
    const account = await accountsRepo.findAccountById(db, auth.accountId);
    if (!account) throw new AppError('AUTH_REQUIRED');
    const rules = (await deps.system.registerSettings()).fields;
    return {
      nickname: account.nickname,
      avatar: account.avatarId,
      fields: profileFieldNames
        .filter((name) => rules[name]?.enabled)
        .map((name) => ({ name, value: account.profile[name] ?? '', required: Boolean(rules[name]?.required) })),
    };
  }

  async function checkEmail(value: string, accountId: number): Promise<string> {
    const email = value.trim();
    const rule = (await deps.system.registerSettings()).fields.email;
    const formatOk = rule
      ? validateRegistrationField({ ...rule, enabled: true, required: true }, email) === null
      : /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email);
    if (email === '' || !formatOk || !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email))
      throw new AppError('IDENTITY_EMAIL_INVALID');
    // A verified address belongs to one account: it is what a one-click login would be linked by.
    if (await accountsRepo.verifiedEmailUsedByOther(db, deps.merchantCode, email, accountId)) {
      throw new AppError('IDENTITY_EMAIL_TAKEN');
    }
    return email;
  }
}

export type SecurityService = ReturnType<typeof createSecurityService>;

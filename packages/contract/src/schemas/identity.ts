import { z } from 'zod';
import { devices } from '../headers';
import { knownLanguages } from '../languages';

/**
 * Accounts, sessions, registration, passwords, captcha and SMS codes (spec sections 3 to 9).
 * Request schemas accept what the spec's client sends; the server judges registration fields with the
 * merchant's rules (`validateRegistrationField`), so the length limits here only bound the input.
 */

/** Account types (spec section 4): members 0, agents 1, 2, 41 and 42, trial (free play) 4. */
export const accountTypes = { MEMBER: 0, AGENT: 1, AGENT_2: 2, TRIAL: 4, AGENT_41: 41, AGENT_42: 42 } as const;
export const agentAccountTypes: readonly number[] = [1, 2, 41, 42];

export const accountRoles = ['member', 'agent', 'trial'] as const;
export type AccountRole = (typeof accountRoles)[number];

/**
 * The role an account type plays, or null for a type that is none of them (a house or operator account
 * created by the back office): such accounts cannot log in to the player site or the agent area.
 */
export function accountRoleOf(type: number): AccountRole | null {
  if (type === accountTypes.MEMBER) return 'member';
  if (type === accountTypes.TRIAL) return 'trial';
  return agentAccountTypes.includes(type) ? 'agent' : null;
}

/** The fixed set of avatars a member picks from (`/wps/member/info/icon`); the web app ships the images. */
export const avatarIds = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12] as const;
export const avatarIdSchema = z
  .number()
  .int()
  .refine((value) => (avatarIds as readonly number[]).includes(value), { message: 'unknown avatar' });

const text = (max: number) => z.string().max(max);
const dialingCode = z
  .string()
  .regex(/^\+\d{1,4}$/)
  .describe('Country dialing code such as +880; the merchant lists the accepted ones in the register settings');
/** Captcha answer and the id `/wps/captcha` gave with the image. */
const captchaFields = {
  captcha: text(16).optional().describe('The characters shown in the captcha image (case-insensitive)'),
  captchaId: text(64).optional().describe('`captchaId` of the captcha image the answer is for'),
};

// ---------------------------------------------------------------- login

export const loginScopes = ['member', 'agent'] as const;

/** Username and password (the default login type). */
export const passwordLoginInputSchema = z.strictObject({
  type: z.literal('username').optional(),
  username: text(64),
  password: text(128),
  /**
   * `agent` logs in to the agent area (only agent accounts); the same as calling `/wps/agent/session/login`.
   * Default `member`: the player site, for members and agents.
   */
  scope: z.enum(loginScopes).optional(),
  ...captchaFields,
});

/**
 * Mobile number and the code from `/wps/verification/sms/noLogin`. The spec's client sends the number in
 * `username` and the code in `password`; `mobileNum` and `verificationCode` are the clearer names, and
 * either pair is accepted.
 */
export const smsLoginInputSchema = z.strictObject({
  type: z.literal('sms'),
  mobileNum: text(32).optional(),
  countryDialingCode: dialingCode.optional(),
  verificationCode: text(16).optional(),
  username: text(32).optional(),
  password: text(16).optional(),
  scope: z.enum(loginScopes).optional(),
  ...captchaFields,
});

export const loginInputSchema = z.union([passwordLoginInputSchema, smsLoginInputSchema]);
export type LoginInput = z.infer<typeof loginInputSchema>;

/** Login result (spec section 3) plus what the client needs to route the user. */
export const loginResultSchema = z.object({
  /** Send it as `Authorization: <token>` (or `Bearer <token>`) on calls marked T. */
  token: z.string(),
  /** True on the account's first login ever: the client runs its first-login action (audience F popups). */
  firstTimeLogin: z.boolean(),
  /** The password is older than the merchant's maximum age and password expiry (PWDEXPIRY3) is on. */
  passwordExpired: z.boolean(),
  /**
   * The change-password step is forced (default password, expired password, or a password someone else set);
   * never after an SMS login. Until the password is changed every T call except change-password, member info
   * and logout answers IDENTITY_PASSWORD_CHANGE_REQUIRED.
   */
  mustChangePassword: z.boolean(),
  accountType: z.number().int(),
  isAgent: z.boolean(),
  isTrial: z.boolean(),
});
export type LoginResult = z.infer<typeof loginResultSchema>;

export const freePlayInputSchema = z.strictObject({
  os: text(40).optional(),
  platform: text(10).optional().describe('W for web'),
  random: text(200).optional().describe("The spec's client sends a random string; it is not needed"),
  gatewayVersion: z.union([z.string().max(10), z.number()]).optional(),
});
export type FreePlayInput = z.infer<typeof freePlayInputSchema>;

export const logoutResultSchema = z.object({ loggedOut: z.literal(true) });

// ---------------------------------------------------------------- SMS codes

export const smsCodePurposes = ['login', 'resetPassword'] as const;

/** `/wps/verification/sms/noLogin`: a code for SMS login or for resetting the password by phone. */
export const smsLoginCodeInputSchema = z.strictObject({
  mobileNum: text(32).optional(),
  countryDialingCode: dialingCode.optional(),
  /** What the code is for; default `login`. A code only works for the purpose it was sent for. */
  purpose: z.enum(smsCodePurposes).optional(),
  ...captchaFields,
});
export type SmsLoginCodeInput = z.infer<typeof smsLoginCodeInputSchema>;

/** `/wps/verification/sms/register`; the spec names the number `mobileNo` here, `mobileNum` elsewhere. */
export const smsRegisterCodeInputSchema = z.strictObject({
  mobileNum: text(32).optional(),
  mobileNo: text(32).optional(),
  countryDialingCode: dialingCode.optional(),
  ...captchaFields,
});
export type SmsRegisterCodeInput = z.infer<typeof smsRegisterCodeInputSchema>;

export const smsCodeSentSchema = z.object({
  /** Minutes the code stays valid; the client counts down 60 seconds per minute before it offers a resend. */
  expiredMinutes: z.number().int().positive(),
});

// ---------------------------------------------------------------- captcha

export const captchaSchema = z.object({
  captchaId: z.string(),
  /** The PNG image, base64 without a data-URL prefix: show it as `data:image/png;base64,<image>`. */
  image: z.string(),
  expiresInSeconds: z.number().int().positive(),
});
export type Captcha = z.infer<typeof captchaSchema>;

// ---------------------------------------------------------------- registration

/**
 * The registration form (spec section 3). Both `/wps/member/register` (username mode) and
 * `/wps/member/register/mobile` (mobile mode) take it; which fields are needed follows the merchant's
 * registration settings. Field errors come back as `issues` with paths `body.<field>`.
 */
export const registerInputSchema = z.strictObject({
  username: text(64).optional(),
  password: text(128).optional(),
  confirmPassword: text(128).optional(),
  paymentPassword: text(64).optional(),
  payeeName: text(120).optional(),
  email: text(160).optional(),
  mobileNum: text(32).optional(),
  countryDialingCode: dialingCode.optional(),
  verificationCode: text(16).optional(),
  affiliateCode: text(32).optional(),
  referralCode: text(32).optional().describe('From the registration link query'),
  recommenderId: text(64).optional(),
  qqNum: text(64).optional(),
  line: text(64).optional(),
  whatsapp: text(64).optional(),
  facebook: text(120).optional(),
  wechat: text(64).optional(),
  telegram: text(64).optional(),
  zalo: text(64).optional(),
  idNumber: text(64).optional(),
  nickname: text(64).optional(),
  fullName: text(120).optional(),
  birthday: text(20).optional(),
  address: text(240).optional(),
  nationality: text(80).optional(),
  occupation: text(80).optional(),
  sourceOfIncome: text(120).optional(),
  placeOfBirth: text(120).optional(),
  /** The terms and conditions checkbox; registration is refused unless true. */
  termsAccepted: z.boolean().optional(),
  /** The "I am at least 18" checkbox; registration is refused unless true. */
  adultConfirmed: z.boolean().optional(),
  registerUrl: text(500).optional(),
  domain: text(255).optional(),
  registerMethod: z.enum(devices).optional(),
  /** The spec's client sends `login: true`; registration always logs the new member in. */
  login: z.boolean().optional(),
  ...captchaFields,
});
export type RegisterInput = z.infer<typeof registerInputSchema>;

export const affiliateCheckInputSchema = z.strictObject({
  code: text(32),
  domain: text(255).optional(),
});
export const affiliateCheckResultSchema = z.object({ valid: z.literal(true), code: z.string() });

// ---------------------------------------------------------------- member

export const memberInfoSchema = z.object({
  id: z.number().int(),
  /** The login name. */
  account: z.string(),
  nickname: z.string().nullable(),
  type: z.number().int(),
  isAgent: z.boolean(),
  isTrial: z.boolean(),
  /** Play money only (free-play trial accounts). */
  playMoney: z.boolean(),
  /** Masked, such as +880171****678; null when none is bound. */
  mobile: z.string().nullable(),
  /** Masked, such as j***@example.com; null when none is bound. */
  email: z.string().nullable(),
  language: z.string(),
  avatar: z.number().int().nullable(),
  /** The code others register with to join this account's team (agents) or as its referrals. */
  inviteCode: z.string().nullable(),
  firstTimeLogin: z.boolean(),
  passwordExpired: z.boolean(),
  mustChangePassword: z.boolean(),
  hasPassword: z.boolean(),
  hasPaymentPassword: z.boolean(),
  /** The login before this session's, or null when this is the first. */
  lastLogin: z.object({ ip: z.string().nullable(), at: z.string() }).nullable(),
});
export type MemberInfo = z.infer<typeof memberInfoSchema>;

export const memberIconInputSchema = z.strictObject({ avatarId: avatarIdSchema });
export const memberIconResultSchema = z.object({ avatar: z.number().int() });

export const updateLanguageInputSchema = z.strictObject({ language: z.enum(knownLanguages) });
export const updateLanguageResultSchema = z.object({ language: z.string() });

// ---------------------------------------------------------------- passwords

export const changePasswordInputSchema = z.strictObject({
  /** Needed unless the session is in the forced change step right after logging in with the old one. */
  oldPassword: text(128).optional(),
  newPassword: text(128),
  confirmNewPassword: text(128),
});
export type ChangePasswordInput = z.infer<typeof changePasswordInputSchema>;
export const passwordChangedSchema = z.object({ passwordChanged: z.literal(true) });

export const forgotPasswordByEmailInputSchema = z.strictObject({
  username: text(64),
  email: text(160),
});
export type ForgotPasswordByEmailInput = z.infer<typeof forgotPasswordByEmailInputSchema>;
/** Always the same answer, whether or not the pair names an account (no account discovery). */
export const forgotPasswordByEmailResultSchema = z.object({ sent: z.literal(true) });

/** Completes the e-mail reset with the token from the e-mailed link; logs the member in. */
export const resetPasswordByEmailInputSchema = z.strictObject({
  token: text(128),
  newPassword: text(128),
  confirmNewPassword: text(128).optional(),
});
export type ResetPasswordByEmailInput = z.infer<typeof resetPasswordByEmailInputSchema>;

/** Forgot by mobile (spec section 3 "By phone"): code from `/wps/verification/sms/noLogin` purpose resetPassword. */
export const forgotPasswordByPhoneInputSchema = z.strictObject({
  mobileNum: text(32).optional(),
  countryDialingCode: dialingCode.optional(),
  verificationCode: text(16).optional(),
  newPassword: text(128),
  confirmNewPassword: text(128).optional(),
});
export type ForgotPasswordByPhoneInput = z.infer<typeof forgotPasswordByPhoneInputSchema>;

// ---------------------------------------------------------------- new-IP verification and two-factor login

/**
 * Ways to answer a login challenge: a code sent to the bound mobile (`sms`) or e-mail (`email`), the holder
 * name of the member's bank accounts (`bankName`), or the authenticator app's code (`totp`, which also takes a
 * recovery code).
 */
export const loginVerificationMethods = ['sms', 'email', 'bankName', 'totp'] as const;
export type LoginVerificationMethod = (typeof loginVerificationMethods)[number];

/**
 * `params` of IDENTITY_VERIFICATION_REQUIRED, the answer to a correct password when a second step is needed
 * (no session yet): `newIp` for a login from a network the account has not used (spec section 4), `twoFactor`
 * when the member turned on two-step verification (then only `totp`).
 */
export const loginChallengeSchema = z.object({
  challengeId: z.string(),
  reason: z.enum(['newIp', 'twoFactor']),
  methods: z.array(z.enum(loginVerificationMethods)),
  expiresInSeconds: z.number().int().positive(),
  /** Masked, to tell the member where a code goes. */
  mobile: z.string().nullable(),
  email: z.string().nullable(),
});
export type LoginChallenge = z.infer<typeof loginChallengeSchema>;

export const loginVerificationSendInputSchema = z.strictObject({
  challengeId: text(64),
  method: z.enum(['sms', 'email']),
});
export type LoginVerificationSendInput = z.infer<typeof loginVerificationSendInputSchema>;

export const loginVerificationInputSchema = z.strictObject({
  challengeId: text(64),
  method: z.enum(loginVerificationMethods),
  /** The code, the bank account holder name, or the authenticator (or recovery) code. */
  answer: text(120),
});
export type LoginVerificationInput = z.infer<typeof loginVerificationInputSchema>;

// ---------------------------------------------------------------- security centre

export const memberSecuritySchema = z.object({
  mobile: z.string().nullable(),
  mobileVerified: z.boolean(),
  email: z.string().nullable(),
  emailVerified: z.boolean(),
  hasPaymentPassword: z.boolean(),
  twoFactorEnabled: z.boolean(),
  recoveryCodesLeft: z.number().int(),
  /** The account's latest logins, newest first. */
  recentLogins: z.array(
    z.object({ at: z.string(), ip: z.string().nullable(), device: z.string().nullable(), method: z.string() }),
  ),
});
export type MemberSecurity = z.infer<typeof memberSecuritySchema>;

/** A new authenticator secret: show `otpauthUri` as a QR code, and `secret` for typing in by hand. */
export const twoFactorSetupSchema = z.object({ secret: z.string(), otpauthUri: z.string() });
export type TwoFactorSetup = z.infer<typeof twoFactorSetupSchema>;

export const twoFactorEnableInputSchema = z.strictObject({ code: text(16) });
/** Recovery codes are shown once; each logs in once instead of an authenticator code. */
export const twoFactorEnabledSchema = z.object({ enabled: z.literal(true), recoveryCodes: z.array(z.string()) });
export type TwoFactorEnabled = z.infer<typeof twoFactorEnabledSchema>;

export const twoFactorDisableInputSchema = z.strictObject({ password: text(128), code: text(16) });
export const twoFactorDisabledSchema = z.object({ enabled: z.literal(false) });

export const bindMobileCodeInputSchema = z.strictObject({
  mobileNum: text(32).optional(),
  countryDialingCode: dialingCode.optional(),
});
export type BindMobileCodeInput = z.infer<typeof bindMobileCodeInputSchema>;
export const bindMobileInputSchema = bindMobileCodeInputSchema.extend({ verificationCode: text(16) });
export type BindMobileInput = z.infer<typeof bindMobileInputSchema>;

export const bindEmailCodeInputSchema = z.strictObject({ email: text(160) });
export const bindEmailInputSchema = z.strictObject({ email: text(160), verificationCode: text(16) });
export type BindEmailInput = z.infer<typeof bindEmailInputSchema>;

/** The bound contacts after a change, masked. */
export const contactsBoundSchema = z.object({ mobile: z.string().nullable(), email: z.string().nullable() });

// ---------------------------------------------------------------- profile

/** Personal fields of the profile page (spec section 3): shown when the merchant's registration rules enable them. */
export const profileFieldNames = [
  'fullName',
  'birthday',
  'address',
  'nationality',
  'occupation',
  'sourceOfIncome',
  'placeOfBirth',
  'telegram',
  'zalo',
  'line',
  'whatsapp',
  'facebook',
  'wechat',
] as const;
export type ProfileFieldName = (typeof profileFieldNames)[number];

export const memberProfileSchema = z.object({
  nickname: z.string().nullable(),
  avatar: z.number().int().nullable(),
  /** The enabled fields, in display order, with their values (empty string when not set). */
  fields: z.array(z.object({ name: z.enum(profileFieldNames), value: z.string(), required: z.boolean() })),
});
export type MemberProfile = z.infer<typeof memberProfileSchema>;

/** Only the fields sent change; an empty string clears an optional field. */
export const updateProfileInputSchema = z.strictObject({
  nickname: text(64).optional(),
  fullName: text(120).optional(),
  birthday: text(20).optional(),
  address: text(240).optional(),
  nationality: text(80).optional(),
  occupation: text(80).optional(),
  sourceOfIncome: text(120).optional(),
  placeOfBirth: text(120).optional(),
  telegram: text(64).optional(),
  zalo: text(64).optional(),
  line: text(64).optional(),
  whatsapp: text(64).optional(),
  facebook: text(120).optional(),
  wechat: text(64).optional(),
});
export type UpdateProfileInput = z.infer<typeof updateProfileInputSchema>;

// ---------------------------------------------------------------- one-click login (OpenID Connect)

export const oidcProviderSummarySchema = z.object({ id: z.string(), label: z.string() });
export const oidcProvidersSchema = z.array(oidcProviderSummarySchema);
export type OidcProviderSummary = z.infer<typeof oidcProviderSummarySchema>;

export const oidcStartQuerySchema = z.strictObject({
  /** Where the browser lands after the login (a path of this site); `/` by default. */
  returnTo: text(300).optional(),
});
export const oidcProviderParamsSchema = z.strictObject({ provider: text(40) });
export const oidcCallbackQuerySchema = z.looseObject({
  code: text(2000).optional(),
  state: text(200).optional(),
  iss: text(500).optional(),
  error: text(200).optional(),
});

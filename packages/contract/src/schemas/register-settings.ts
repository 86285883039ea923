import { z } from 'zod';

/** Fields of the registration form (spec section 3 "Registration form" and its other labelled fields). */
export const registrationFieldNames = [
  'username',
  'password',
  'confirmPassword',
  'payeeName',
  'email',
  'qqNum',
  'mobileNum',
  'recommenderId',
  'captcha',
  'verificationCode',
  'affiliateCode',
  'paymentPassword',
  'line',
  'whatsapp',
  'facebook',
  'wechat',
  'idNumber',
  'nickname',
  'fullName',
  'birthday',
  'address',
  'nationality',
  'occupation',
  'sourceOfIncome',
  'placeOfBirth',
  'telegram',
  'zalo',
] as const;
export type RegistrationFieldName = (typeof registrationFieldNames)[number];

/** Pattern families of spec section 5; each has a regular expression and a message in `registration-patterns.ts`. */
export const patternIds = [
  'ANY',
  'LETTER_FIRST_ALNUM',
  'CHINESE_DIGITS',
  'EMAIL',
  'ALNUM',
  'DIGITS',
  'ALNUM_WITH_UPPER',
  'ENGLISH_SPACES',
  'NO_SPACES',
  'DATE_YMD',
  'DATE_MDY',
  'KOREAN',
  'THAI',
  'BENGALI',
  'JAPANESE',
  'THAI_ENGLISH_SPACES',
  'UPPERCASE',
  'STRONG_PASSWORD',
  'FULL_NAME',
  'JAPANESE_FULLWIDTH',
] as const;
export type PatternId = (typeof patternIds)[number];

/** Server-supplied rule for one registration field (spec section 3 "Registration field config"). */
export const registrationFieldRuleSchema = z.object({
  enabled: z.boolean(),
  required: z.boolean(),
  patternId: z.enum(patternIds),
  /** A regular expression source, or a lone `*` meaning any value. */
  acceptedPattern: z.string(),
  minLength: z.number().int().min(0),
  maxLength: z.number().int().min(0),
});
export type RegistrationFieldRule = z.infer<typeof registrationFieldRuleSchema>;

export const registerSettingsSchema = z.object({
  usernameRegistration: z.boolean(),
  mobileRegistration: z.boolean(),
  smsVerification: z.boolean(),
  mobileWithPassword: z.boolean(),
  /** Tab the register popup opens on: mobile when mobile registration is on, else username. */
  defaultMethod: z.enum(['mobile', 'username']),
  countryDialingCodes: z.array(z.object({ code: z.string(), country: z.string() })),
  fields: z.partialRecord(z.enum(registrationFieldNames), registrationFieldRuleSchema),
});
export type RegisterSettings = z.infer<typeof registerSettingsSchema>;

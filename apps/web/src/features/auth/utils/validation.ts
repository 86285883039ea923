import {
  type RegisterSettings,
  type RegistrationFieldName,
  type RegistrationFieldRule,
  validateRegistrationField,
} from '@portal/contract';
import type { FormMessage } from './messages';

/** What a player may type around the digits of a phone number; the server ignores the same characters. */
const phoneDecoration = /[\s\-().]/g;

export function compactPhone(value: string): string {
  return value.replace(phoneDecoration, '');
}

/**
 * Judges a value with the server's rule of a field (spec section 5); `required` overrides the rule's own
 * flag, as the server does for fields a mode always needs. Without a rule only emptiness is judged.
 */
export function ruleMessage(
  rule: RegistrationFieldRule | undefined,
  value: string,
  options: { required?: boolean } = {},
): FormMessage | null {
  const required = options.required ?? rule?.required ?? false;
  if (!rule?.enabled) return required && value === '' ? { key: 'validation.required' } : null;
  const failure = validateRegistrationField({ ...rule, required }, value);
  return failure ? { key: failure.key, params: failure.params } : null;
}

export function fieldRule(
  settings: RegisterSettings | undefined,
  field: RegistrationFieldName,
): RegistrationFieldRule | undefined {
  return settings?.fields[field];
}

/**
 * Whether a typed mobile number can be sent (spec section 5: "Mobile validated before an SMS code is
 * sent"): a national number must pass the merchant's `mobileNum` rule; an international one (+ or 00)
 * must be all digits and is judged by the server against its dialing codes. Without settings the server's
 * own fallback applies: 6 to 14 digits.
 */
export function isValidMobile(settings: RegisterSettings | undefined, value: string): boolean {
  const raw = compactPhone(value);
  if (raw === '') return false;
  if (/^(\+|00)/.test(raw)) return /^(\+|00)\d{6,15}$/.test(raw);
  if (!/^\d+$/.test(raw)) return false;
  const rule = fieldRule(settings, 'mobileNum');
  if (!rule) return raw.length >= 6 && raw.length <= 14;
  return validateRegistrationField({ ...rule, enabled: true, required: true }, raw) === null;
}

/** An SMS code: the merchant's `verificationCode` rule, or 4 to 8 digits without one. */
export function isValidSmsCode(settings: RegisterSettings | undefined, value: string): boolean {
  const code = value.trim();
  const rule = fieldRule(settings, 'verificationCode');
  if (!rule) return /^\d{4,8}$/.test(code);
  return validateRegistrationField({ ...rule, enabled: true, required: true }, code) === null;
}

/** A new password: "Please enter a new password" when empty, else the merchant's password rule. */
export function newPasswordMessage(settings: RegisterSettings | undefined, value: string): FormMessage | null {
  if (value === '') return { key: 'registration.form.newPasswordRequired' };
  return ruleMessage(fieldRule(settings, 'password'), value, { required: true });
}

/** The confirmation must repeat the new password exactly (spec section 5). */
export function confirmationMessage(password: string, confirmation: string): FormMessage | null {
  if (confirmation === '') return { key: 'validation.required' };
  return confirmation === password ? null : { key: 'registration.form.confirmationIncorrect' };
}

/** The dialing code to send: the one chosen, else the merchant's first (the server's default too). */
export function defaultDialingCode(settings: RegisterSettings | undefined): string | undefined {
  return settings?.countryDialingCodes[0]?.code;
}

/** What a rule asks for, in its family's words (shown as the field's hint before anything is typed). */
export function ruleDescription(rule: RegistrationFieldRule): FormMessage {
  const exact = rule.minLength === rule.maxLength ? '_exact' : '';
  return {
    key: `registration.pattern.${rule.patternId}${exact}`,
    params: { min: rule.minLength, max: rule.maxLength },
  };
}

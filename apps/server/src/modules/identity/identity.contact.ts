import { type RegisterSettings, validateRegistrationField } from '@portal/contract';
import { AppError } from '../../platform/http/app-error';

/**
 * Turns what a player typed into one stored form of the number, E.164 (`+8801712345678`), so that
 * `01712345678` with +880 and `+880 1712-345678` are the same account.
 *
 * Accepted: a national number with a dialing code from the merchant's list (the first one when none is
 * given), or an international number starting with + or 00 and one of those codes. Spaces, dashes, dots and
 * brackets are ignored. The national part must pass the merchant's `mobileNum` rule (spec section 5: "mobile
 * validated before an SMS code is sent"); a trunk 0 is dropped in the stored form.
 * @throws IDENTITY_PHONE_MISSING when nothing was typed.
 * @throws IDENTITY_PHONE_INVALID for any other number that does not fit.
 */
export function normaliseMobile(
  input: { mobileNum?: string | undefined; countryDialingCode?: string | undefined },
  settings: RegisterSettings,
): string {
  const raw = (input.mobileNum ?? '').replace(/[\s\-().]/g, '');
  if (raw === '') throw new AppError('IDENTITY_PHONE_MISSING');
  const codes = settings.countryDialingCodes.map((entry) => entry.code.replace(/^\+/, ''));
  let country: string | undefined;
  let national: string;
  if (/^(\+|00)/.test(raw)) {
    const digits = raw.replace(/^(\+|00)/, '');
    country = [...codes].sort((a, b) => b.length - a.length).find((code) => digits.startsWith(code));
    national = country ? digits.slice(country.length) : '';
  } else {
    const given = input.countryDialingCode?.replace(/^\+/, '');
    country = given === undefined ? codes[0] : codes.find((code) => code === given);
    national = raw;
  }
  if (!country || !/^\d+$/.test(national)) throw new AppError('IDENTITY_PHONE_INVALID');
  const rule = settings.fields.mobileNum;
  const fits = rule
    ? validateRegistrationField({ ...rule, required: true }, national) === null
    : national.length >= 6 && national.length <= 14;
  const significant = national.replace(/^0+/, '');
  if (!fits || significant.length === 0 || country.length + significant.length > 15) {
    throw new AppError('IDENTITY_PHONE_INVALID');
  }
  return `+${country}${significant}`;
}

/** `+8801712345678` → `+880171****678`: enough for the owner to recognise, too little to use. */
export function maskMobile(mobile: string | null): string | null {
  if (!mobile) return null;
  if (mobile.length <= 8) return `${mobile.slice(0, 2)}****`;
  return `${mobile.slice(0, mobile.length - 7)}****${mobile.slice(-3)}`;
}

/** `someone@example.com` → `s***@example.com`. */
export function maskEmail(email: string | null): string | null {
  if (!email) return null;
  const at = email.lastIndexOf('@');
  if (at <= 0) return '***';
  return `${email.slice(0, 1)}***${email.slice(at)}`;
}

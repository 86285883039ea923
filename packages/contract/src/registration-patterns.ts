import type { PatternId, RegistrationFieldRule } from './schemas/register-settings';

/**
 * The pattern families of spec section 5: one regular expression and one message per family. The server
 * stores `acceptedPatternFor(id)` in each field rule; the web client and the server both judge a value with
 * `validateRegistrationField`, so the form and the API can never disagree.
 *
 * Choices the spec leaves open, made here once:
 * - "Letters" in the account-like families (LETTER_FIRST_ALNUM, ALNUM, ALNUM_WITH_UPPER, UPPERCASE) means
 *   English A-Z: these fields name accounts and codes that support staff must read back and that must not
 *   contain look-alike letters from other scripts. Name families (FULL_NAME) accept every script.
 * - Families with spaces allow single spaces between words and none at either end, so "Mohammad  Karim"
 *   and " Karim" are refused rather than stored in two spellings.
 * - FULL_NAME needs at least two parts; middle names are allowed, since many Bangladeshi names have three.
 * - Dates are checked against the calendar (2023-02-29 is refused, 2024-02-29 accepted) by the expression
 *   itself and again in code.
 */

/** A regular expression for `new RegExp(source, flags)` and the i18n key of the family's message. */
export interface PatternDefinition {
  source: string;
  flags: string;
  /** With `{{min}}` and `{{max}}`; `<messageKey>_exact` is used when min equals max. */
  messageKey: `registration.pattern.${PatternId}`;
}

// Leap years in four digits: divisible by 4 but not by 100 (00 excluded in the first branch), or by 400.
const leapYear = String.raw`(?:\d{2}(?:0[48]|[2468][048]|[13579][26])|(?:[02468][048]|[13579][26])00)`;
// Month and day of every year: 31-day months, 30-day months, and February up to the 28th.
const monthDay = String.raw`(?:(?:0[13578]|1[02])-(?:0[1-9]|[12]\d|3[01])|(?:0[469]|11)-(?:0[1-9]|[12]\d|30)|02-(?:0[1-9]|1\d|2[0-8]))`;
const emailAtom = String.raw`[A-Za-z0-9!#$%&'*+/=?^_\x60{|}~-]+`;
const domainLabel = '[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?';
// A letter of any script followed by letters, combining marks (Bengali and Thai vowel signs) and the joiners
// Bengali needs for some conjuncts; apostrophes and hyphens only between letters (O'Brien, Jean-Luc).
const nameLetters = String.raw`\p{L}[\p{L}\p{M}\u200C\u200D]*`;
const namePart = `${nameLetters}(?:['’-]${nameLetters})*`;
const kana = String.raw`\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Han}\u30FC\u3099-\u309C`;

function pattern(id: PatternId, source: string): PatternDefinition {
  return { source, flags: 'u', messageKey: `registration.pattern.${id}` };
}

/** One anchored, Unicode-aware expression per family; every source compiles with the `u` flag alone. */
export const patternLibrary: Readonly<Record<PatternId, PatternDefinition>> = {
  ANY: pattern('ANY', String.raw`^[\s\S]*$`),
  LETTER_FIRST_ALNUM: pattern('LETTER_FIRST_ALNUM', '^[A-Za-z][A-Za-z0-9]*$'),
  CHINESE_DIGITS: pattern('CHINESE_DIGITS', String.raw`^[\p{Script=Han}0-9]+$`),
  // The top-level domain is letters, or an internationalised one in its xn-- form.
  EMAIL: pattern(
    'EMAIL',
    String.raw`^${emailAtom}(?:\.${emailAtom})*@(?:${domainLabel}\.)+(?:[A-Za-z]{2,63}|xn--[A-Za-z0-9-]{1,59})$`,
  ),
  ALNUM: pattern('ALNUM', '^[A-Za-z0-9]+$'),
  DIGITS: pattern('DIGITS', '^[0-9]+$'),
  ALNUM_WITH_UPPER: pattern('ALNUM_WITH_UPPER', '^(?=[A-Za-z0-9]*[A-Z])[A-Za-z0-9]+$'),
  ENGLISH_SPACES: pattern('ENGLISH_SPACES', '^[A-Za-z]+(?: [A-Za-z]+)*$'),
  NO_SPACES: pattern('NO_SPACES', String.raw`^\S+$`),
  DATE_YMD: pattern('DATE_YMD', String.raw`^(?:\d{4}-${monthDay}|${leapYear}-02-29)$`),
  DATE_MDY: pattern('DATE_MDY', String.raw`^(?:${monthDay}-\d{4}|02-29-${leapYear})$`),
  KOREAN: pattern('KOREAN', String.raw`^\p{Script=Hangul}+$`),
  // A combining vowel sign or tone mark cannot stand first: it has no letter to sit on.
  THAI: pattern('THAI', String.raw`^(?!\p{M})\p{Script=Thai}+$`),
  BENGALI: pattern('BENGALI', String.raw`^(?!\p{M})\p{Script=Bengali}[\p{Script=Bengali}\u200C\u200D]*$`),
  // Half-width katakana is Script=Katakana, but its prolonged sound mark and voicing marks are not.
  JAPANESE: pattern('JAPANESE', String.raw`^(?!\p{M})[${kana}\uFF70\uFF9E\uFF9F]+$`),
  THAI_ENGLISH_SPACES: pattern(
    'THAI_ENGLISH_SPACES',
    String.raw`^[\p{Script=Thai}A-Za-z]+(?: [\p{Script=Thai}A-Za-z]+)*$`,
  ),
  UPPERCASE: pattern('UPPERCASE', '^[A-Z]+$'),
  // "Special" is punctuation or a symbol; whitespace is refused so a password cannot end in an invisible space.
  STRONG_PASSWORD: pattern(
    'STRONG_PASSWORD',
    String.raw`^(?=\S*\p{Lu})(?=\S*\p{Ll})(?=\S*\p{Nd})(?=\S*[\p{P}\p{S}])\S+$`,
  ),
  FULL_NAME: pattern('FULL_NAME', `^${namePart}(?: ${namePart})+$`),
  // The half-width forms block (U+FF61-FF9F) holds half-width katakana and its marks.
  JAPANESE_FULLWIDTH: pattern('JAPANESE_FULLWIDTH', String.raw`^(?!\p{M})(?:(?![\uFF61-\uFF9F])[${kana}])+$`),
};

/** What the server stores as a rule's `acceptedPattern`: the family's source, or `*` for ANY (spec section 5). */
export function acceptedPatternFor(id: PatternId): string {
  return id === 'ANY' ? '*' : patternLibrary[id].source;
}

/** A failed check: an i18n key and the parameters its text needs. */
export interface RegistrationFieldError {
  key: string;
  params: { min?: number; max?: number };
}

const compiledPatterns = new Map<string, RegExp | null>();
const maxCompiledPatterns = 256;

/**
 * Compiles an accepted pattern as a whole-value match, like the HTML `pattern` attribute, so that a rule
 * written without anchors cannot accept a value merely containing a match. Null if it does not compile.
 */
function compileAcceptedPattern(source: string): RegExp | null {
  let compiled = compiledPatterns.get(source);
  if (compiled === undefined) {
    try {
      compiled = new RegExp(`^(?:${source})$`, 'u');
    } catch {
      compiled = null;
    }
    if (compiledPatterns.size >= maxCompiledPatterns) compiledPatterns.clear();
    compiledPatterns.set(source, compiled);
  }
  return compiled;
}

function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

const datePatterns: Partial<Record<PatternId, RegExp>> = {
  DATE_YMD: /^(?<year>\d{4})-(?<month>\d{2})-(?<day>\d{2})$/,
  DATE_MDY: /^(?<month>\d{2})-(?<day>\d{2})-(?<year>\d{4})$/,
};

/** True when the value names a day that exists, in the layout of its date family. */
function isCalendarDate(patternId: PatternId, value: string): boolean {
  const groups = datePatterns[patternId]?.exec(value)?.groups;
  if (!groups) return false;
  const year = Number(groups.year);
  const month = Number(groups.month);
  const day = Number(groups.day);
  if (month < 1 || month > 12 || day < 1) return false;
  const daysInMonth = month === 2 ? (isLeapYear(year) ? 29 : 28) : [4, 6, 9, 11].includes(month) ? 30 : 31;
  return day <= daysInMonth;
}

/** Length in Unicode code points, so an emoji or a character outside the BMP counts once, not twice. */
function codePointLength(value: string): number {
  let length = 0;
  for (const _ of value) length += 1;
  return length;
}

/**
 * Judges one registration field against its server rule (spec section 5): an empty value is refused with
 * `validation.required` when the field is required and accepted otherwise; any other value must match
 * `acceptedPattern` (a lone `*` accepts anything) and be `minLength`..`maxLength` code points long, and a
 * date must exist. Returns null when valid, else the family's message key (`_exact` when min equals max)
 * with `{ min, max }`, which the spec's message texts need whichever of the checks failed.
 * An accepted pattern that does not compile falls back to the family's own expression.
 */
export function validateRegistrationField(rule: RegistrationFieldRule, value: string): RegistrationFieldError | null {
  if (value.length === 0) return rule.required ? { key: 'validation.required', params: {} } : null;

  const library = patternLibrary[rule.patternId];
  const failure: RegistrationFieldError = {
    key: rule.minLength === rule.maxLength ? `${library.messageKey}_exact` : library.messageKey,
    params: { min: rule.minLength, max: rule.maxLength },
  };

  const length = codePointLength(value);
  if (length < rule.minLength || length > rule.maxLength) return failure;
  if (rule.acceptedPattern.trim() !== '*') {
    const accepted = compileAcceptedPattern(rule.acceptedPattern) ?? compileAcceptedPattern(library.source);
    if (!accepted?.test(value)) return failure;
  }
  if (rule.patternId in datePatterns && !isCalendarDate(rule.patternId, value)) return failure;
  return null;
}

// The messages live in their own module so that a bundle can carry the rules without the texts.
export {
  type RegistrationMessages,
  registrationMessagesBn,
  registrationMessagesEn,
} from './registration-messages';

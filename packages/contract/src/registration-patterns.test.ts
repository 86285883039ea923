import { describe, expect, it } from 'vitest';
import { interpolate } from './i18n/index';
import {
  acceptedPatternFor,
  patternLibrary,
  registrationMessagesBn,
  registrationMessagesEn,
  validateRegistrationField,
} from './registration-patterns';
import { type PatternId, patternIds, type RegistrationFieldRule } from './schemas/register-settings';

function rule(patternId: PatternId, overrides: Partial<RegistrationFieldRule> = {}): RegistrationFieldRule {
  return {
    enabled: true,
    required: true,
    patternId,
    acceptedPattern: acceptedPatternFor(patternId),
    minLength: 1,
    maxLength: 100,
    ...overrides,
  };
}

const isValid = (patternId: PatternId, value: string) => validateRegistrationField(rule(patternId), value) === null;

/** Accepted and refused examples per family; lengths are generous so that only the pattern decides. */
const examples: Record<PatternId, { accepted: string[]; refused: string[] }> = {
  ANY: { accepted: ['anything at all', ' ', '😀', 'a\nb', 'বাংলা ✓'], refused: [] },
  LETTER_FIRST_ALNUM: {
    accepted: ['a', 'player01', 'Z9x8'],
    refused: ['1player', '_player', 'play er', 'plàyer', 'plаyer' /* Cyrillic а */, 'player!', 'বাংলা'],
  },
  CHINESE_DIGITS: { accepted: ['张伟', '张伟123', '2024', '〇'], refused: ['张 伟', 'zhang', 'ｶﾅ', 'かな', '张伟!'] },
  EMAIL: {
    accepted: ['user@example.com', 'first.last+tag@mail.example.co.uk', "o'hara@example.ie", 'a@b.xn--p1ai'],
    refused: [
      'user@example',
      'user.example.com',
      'user@@example.com',
      '.user@example.com',
      'us..er@example.com',
      'user@-example.com',
      'user@example.com ',
      'us er@example.com',
      'user@example.c0m1',
    ],
  },
  ALNUM: { accepted: ['abc', '123', 'aB3'], refused: ['ab c', 'ab-c', 'ñ', '١٢٣'] },
  DIGITS: { accepted: ['0', '01712345678'], refused: ['12a', '+8801712345678', '১২৩', '1 2', '１２３'] },
  ALNUM_WITH_UPPER: { accepted: ['Abc123', 'ABC', 'aB'], refused: ['abc123', '123', 'Abc 123', 'Ábc'] },
  ENGLISH_SPACES: {
    accepted: ['Bangladesh', 'New York', 'Saint Martin Island'],
    refused: ['New  York', ' New York', 'New York ', 'Dhaka-1', 'Côte', 'ঢাকা'],
  },
  NO_SPACES: {
    accepted: ['@handle_01', 'বাংলা', 'a.b-c'],
    refused: ['two words', 'tab\there', 'nbsp\u00A0here', 'ideographic\u3000space'],
  },
  DATE_YMD: {
    accepted: ['1990-12-31', '2024-02-29', '2000-02-29', '2023-02-28', '2023-04-30'],
    refused: [
      '2023-02-29',
      '1900-02-29',
      '2023-02-30',
      '2023-04-31',
      '2023-13-01',
      '2023-00-10',
      '2023-1-1',
      '12-31-1990',
    ],
  },
  DATE_MDY: {
    accepted: ['12-31-1990', '02-29-2024', '02-29-2000', '02-28-2023'],
    refused: ['02-29-2023', '02-29-1900', '02-30-2024', '06-31-2023', '13-01-2023', '1990-12-31', '2-2-2020'],
  },
  KOREAN: { accepted: ['한국어', '김민수', 'ㄱㄴㄷ'], refused: ['김 민수', 'Kim', '김민수1', '日本'] },
  THAI: { accepted: ['ภาษาไทย', 'สมชาย', 'น้ำ', 'เด็ก'], refused: ['สมชาย ใจดี', 'Somchai', 'สมชาย1', '\u0E49น'] },
  BENGALI: {
    accepted: ['বাংলা', 'করিম', 'র‍্যাব' /* with a zero-width joiner */, 'ক্ষমা', 'আমি'],
    refused: ['বাংলা ভাষা', 'Bangla', 'বাংলা1', 'हिन्दी', '\u09BE' /* a vowel sign alone */, '\u200Dক'],
  },
  JAPANESE: {
    accepted: ['ひらがな', 'カタカナ', '漢字', 'コーヒー', '山田太郎', '佐々木', 'ｶﾀｶﾅ', 'ｶﾞｰﾄﾞ'],
    refused: ['山田 太郎', 'Yamada', '山田1', '한국', '、', '\u3099か'],
  },
  THAI_ENGLISH_SPACES: {
    accepted: ['สมชาย ใจดี', 'Somchai Jaidee', 'สมชาย Jaidee', 'สมชาย'],
    refused: ['สมชาย  ใจดี', ' สมชาย', 'Somchai1', 'สมชาย-ใจดี', 'বাংলা'],
  },
  UPPERCASE: { accepted: ['ABC', 'Z'], refused: ['ABc', 'AB C', 'AB1', 'ÄB'] },
  STRONG_PASSWORD: {
    accepted: ['Passw0rd!', 'aB3$', 'Zz9_zzzz', 'Ab1€'],
    refused: ['password1!', 'PASSWORD1!', 'Password!', 'Password1', 'Pass word1!', 'Passw0rd! '],
  },
  FULL_NAME: {
    accepted: [
      'John Smith',
      'Mohammad Abdul Karim',
      'মোহাম্মদ করিম',
      'สมชาย ใจดี',
      '김 민수',
      'Zoë Saldaña',
      "Conan O'Brien",
      'Jean-Luc Picard',
    ],
    refused: [
      'John',
      'John  Smith',
      ' John Smith',
      'John Smith ',
      'John Smith3',
      'John_Smith',
      "John O'",
      'John -Smith',
    ],
  },
  JAPANESE_FULLWIDTH: {
    accepted: ['ひらがな', 'カタカナ', '漢字', 'コーヒー', '山田たろう', '佐々木'],
    refused: ['ｶﾀｶﾅ', 'カタｶﾅ', 'ｺｰﾋｰ', 'ｰ', 'Yamada', '山田 太郎', '１２３'],
  },
};

describe('pattern library', () => {
  it.each(patternIds)('%s compiles with the u flag, is anchored and refuses nothing but what it should', (id) => {
    const { source, flags } = patternLibrary[id];
    expect(flags).toBe('u');
    expect(() => new RegExp(source, 'u')).not.toThrow();
    expect(source.startsWith('^')).toBe(true);
    expect(source.endsWith('$')).toBe(true);
  });

  it.each(patternIds)('%s accepts and refuses its examples', (id) => {
    const { accepted, refused } = examples[id];
    const compiled = new RegExp(patternLibrary[id].source, 'u');
    for (const value of accepted) {
      expect({ value, valid: isValid(id, value) }).toEqual({ value, valid: true });
      expect({ value, matches: compiled.test(value) }).toEqual({ value, matches: true });
    }
    for (const value of refused) {
      expect({ value, valid: isValid(id, value) }).toEqual({ value, valid: false });
    }
  });

  it('stores a lone * for ANY and the expression for every other family', () => {
    expect(acceptedPatternFor('ANY')).toBe('*');
    expect(acceptedPatternFor('DIGITS')).toBe('^[0-9]+$');
    for (const id of patternIds.filter((p) => p !== 'ANY')) {
      expect(acceptedPatternFor(id)).toBe(patternLibrary[id].source);
    }
  });

  it('is anchored: a valid value inside other text is refused', () => {
    for (const id of patternIds.filter((p) => p !== 'ANY' && p !== 'NO_SPACES')) {
      const valid = examples[id].accepted[0] ?? '';
      expect({ id, valid: isValid(id, `${valid} #`) }).toEqual({ id, valid: false });
    }
  });

  it('encodes the calendar in both date expressions, matching day arithmetic for every candidate day', () => {
    const ymd = new RegExp(patternLibrary.DATE_YMD.source, 'u');
    const mdy = new RegExp(patternLibrary.DATE_MDY.source, 'u');
    const years = [0, 4, 100, 400, 1600, 1700, 1800, 9996, 9999];
    for (let year = 1890; year <= 2110; year += 1) years.push(year);
    for (const year of years) {
      for (let month = 1; month <= 12; month += 1) {
        for (let day = 1; day <= 31; day += 1) {
          const real = new Date(Date.UTC(2000, month - 1, day));
          real.setUTCFullYear(year);
          const exists = real.getUTCMonth() === month - 1 && real.getUTCDate() === day;
          const [y, m, d] = [
            String(year).padStart(4, '0'),
            String(month).padStart(2, '0'),
            String(day).padStart(2, '0'),
          ];
          if (ymd.test(`${y}-${m}-${d}`) !== exists || mdy.test(`${m}-${d}-${y}`) !== exists) {
            throw new Error(`calendar mismatch for ${y}-${m}-${d}: exists=${exists}`);
          }
        }
      }
    }
  });
});

describe('validateRegistrationField', () => {
  it('refuses an empty required field with validation.required', () => {
    expect(validateRegistrationField(rule('ALNUM', { minLength: 4, maxLength: 8 }), '')).toEqual({
      key: 'validation.required',
      params: {},
    });
  });

  it('accepts an empty optional field whatever its pattern and minimum', () => {
    expect(validateRegistrationField(rule('EMAIL', { required: false, minLength: 6 }), '')).toBeNull();
  });

  it('judges a non-empty optional field like a required one', () => {
    expect(validateRegistrationField(rule('EMAIL', { required: false }), 'not-an-email')).not.toBeNull();
  });

  it('treats a lone * as any value, still within the length bounds', () => {
    const star = rule('DIGITS', { acceptedPattern: '*', minLength: 2, maxLength: 5 });
    expect(validateRegistrationField(star, 'ab c!')).toBeNull();
    expect(validateRegistrationField(star, 'a')).toEqual({
      key: 'registration.pattern.DIGITS',
      params: { min: 2, max: 5 },
    });
    expect(validateRegistrationField(rule('ANY', { minLength: 0, maxLength: 3 }), '😀😀😀')).toBeNull();
  });

  it('follows the stored accepted pattern rather than the family expression', () => {
    const custom = rule('DIGITS', { acceptedPattern: '^01[3-9][0-9]{8}$', minLength: 11, maxLength: 11 });
    expect(validateRegistrationField(custom, '01712345678')).toBeNull();
    expect(validateRegistrationField(custom, '01212345678')).toEqual({
      key: 'registration.pattern.DIGITS_exact',
      params: { min: 11, max: 11 },
    });
  });

  it('matches the whole value even when the stored pattern is not anchored', () => {
    const unanchored = rule('DIGITS', { acceptedPattern: '[0-9]+' });
    expect(validateRegistrationField(unanchored, '123')).toBeNull();
    expect(validateRegistrationField(unanchored, 'abc123')).not.toBeNull();
  });

  it('falls back to the family expression when the stored pattern does not compile', () => {
    const broken = rule('DIGITS', { acceptedPattern: '([0-9]+' });
    expect(validateRegistrationField(broken, '123')).toBeNull();
    expect(validateRegistrationField(broken, '12a')).not.toBeNull();
  });

  it('checks the calendar for date families even under a looser stored pattern', () => {
    const loose = rule('DATE_YMD', { acceptedPattern: String.raw`^\d{4}-\d{2}-\d{2}$`, minLength: 10, maxLength: 10 });
    expect(validateRegistrationField(loose, '2024-02-29')).toBeNull();
    expect(validateRegistrationField(loose, '2023-02-29')).toEqual({
      key: 'registration.pattern.DATE_YMD_exact',
      params: { min: 10, max: 10 },
    });
    const looseMdy = rule('DATE_MDY', { acceptedPattern: '*' });
    expect(validateRegistrationField(looseMdy, '02-29-2023')).not.toBeNull();
    expect(validateRegistrationField(looseMdy, '02-29-2024')).toBeNull();
  });

  it('counts length in code points: an emoji is one character', () => {
    const three = rule('NO_SPACES', { minLength: 3, maxLength: 3 });
    expect('😀😀😀'.length).toBe(6);
    expect(validateRegistrationField(three, '😀😀😀')).toBeNull();
    expect(validateRegistrationField(three, '😀😀')).not.toBeNull();
    expect(validateRegistrationField(three, '😀😀😀😀')).not.toBeNull();
  });

  it('counts Bengali vowel signs and virama as code points', () => {
    // বাংলা is ব া ং ল া: five code points, three visible syllables.
    expect(validateRegistrationField(rule('BENGALI', { minLength: 5, maxLength: 5 }), 'বাংলা')).toBeNull();
    expect(validateRegistrationField(rule('BENGALI', { minLength: 1, maxLength: 4 }), 'বাংলা')).not.toBeNull();
  });

  it('refuses values outside minLength..maxLength with the range message', () => {
    const username = rule('LETTER_FIRST_ALNUM', { minLength: 6, maxLength: 16 });
    const expected = { key: 'registration.pattern.LETTER_FIRST_ALNUM', params: { min: 6, max: 16 } };
    expect(validateRegistrationField(username, 'abc12')).toEqual(expected);
    expect(validateRegistrationField(username, 'a'.repeat(17))).toEqual(expected);
    expect(validateRegistrationField(username, 'abc123')).toBeNull();
    expect(validateRegistrationField(username, 'a'.repeat(16))).toBeNull();
    expect(validateRegistrationField(username, '1abcdef')).toEqual(expected);
  });

  it('uses the _exact message when min equals max', () => {
    const code = rule('DIGITS', { minLength: 6, maxLength: 6 });
    const failure = validateRegistrationField(code, '12345');
    expect(failure).toEqual({ key: 'registration.pattern.DIGITS_exact', params: { min: 6, max: 6 } });
    expect(interpolate(registrationMessagesEn.registration.pattern.DIGITS_exact, failure?.params)).toBe(
      'Digits only (exactly 6 digits)',
    );
  });

  it('inserts min and max into the message text', () => {
    const failure = validateRegistrationField(rule('ALNUM', { minLength: 4, maxLength: 12 }), 'x');
    expect(interpolate(registrationMessagesEn.registration.pattern.ALNUM, failure?.params)).toBe(
      'English letters or digits only (4 to 12 characters)',
    );
    expect(interpolate(registrationMessagesBn.registration.pattern.ALNUM, failure?.params)).toBe(
      'শুধু ইংরেজি বর্ণ বা সংখ্যা (4 থেকে 12 অক্ষর)',
    );
  });

  it('validates the seeded registration rules end to end', () => {
    const password = rule('STRONG_PASSWORD', { minLength: 8, maxLength: 20 });
    expect(validateRegistrationField(password, 'Secret#2024')).toBeNull();
    expect(validateRegistrationField(password, 'Sec#24')?.key).toBe('registration.pattern.STRONG_PASSWORD');
    const name = rule('FULL_NAME', { minLength: 3, maxLength: 50 });
    expect(validateRegistrationField(name, 'আব্দুল করিম')).toBeNull();
  });
});

describe('registration messages', () => {
  const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();

  it('has a range and an exact message for every family, in English and Bengali', () => {
    for (const id of patternIds) {
      for (const key of [id, `${id}_exact`] as const) {
        expect(registrationMessagesEn.registration.pattern[key]).toBeTruthy();
        expect(registrationMessagesBn.registration.pattern[key]).toBeTruthy();
      }
    }
  });

  it('uses the same placeholders in Bengali as in English, and exact messages name a single number', () => {
    const en = registrationMessagesEn.registration.pattern;
    const bn = registrationMessagesBn.registration.pattern;
    for (const key of Object.keys(en) as (keyof typeof en)[]) {
      expect({ key, bn: placeholders(bn[key]) }).toEqual({ key, bn: placeholders(en[key]) });
      if (key.endsWith('_exact')) expect(en[key]).not.toContain('{{max}}');
    }
  });

  it('points every library entry at a message that exists', () => {
    for (const id of patternIds) {
      const [, , name] = patternLibrary[id].messageKey.split('.');
      expect(name).toBe(id);
    }
  });

  it('carries the fixed messages of spec section 5 word for word', () => {
    expect(Object.values(registrationMessagesEn.registration.form)).toEqual(
      expect.arrayContaining([
        'Please enter a valid verification code',
        'Please enter a valid mobile number',
        'Incorrect confirmation input',
        'Real name format is incorrect',
        'Phone number format is incorrect',
        'Invalid invitation code',
        'Account format is incorrect',
        'Password format is incorrect',
        'E-mail format is incorrect',
        'Confirmation password is not correct.',
        'Please enter the captcha',
        'Input cannot be empty',
        'Items marked with * are required',
        'Please enter the username and password',
        'Please enter a new password',
      ]),
    );
  });
});

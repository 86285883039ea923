import type { PatternId } from './schemas/register-settings';

/*
 * The texts of the registration messages, apart from the rules in registration-patterns.ts: the web app loads
 * these with its registration forms rather than in its first download.
 */

type PatternMessages = Record<PatternId | `${PatternId}_exact`, string>;

/**
 * English texts of the registration messages, keyed as `validateRegistrationField` returns them
 * (`registration.pattern.<ID>`), plus the spec's fixed form messages (section 5) under `registration.form`.
 * To be merged into the catalogues at the top level.
 */
export const registrationMessagesEn = {
  registration: {
    pattern: {
      ANY: 'Enter {{min}} to {{max}} characters',
      ANY_exact: 'Enter exactly {{min}} characters',
      LETTER_FIRST_ALNUM: 'English letters or digits, starting with a letter ({{min}} to {{max}} characters)',
      LETTER_FIRST_ALNUM_exact: 'English letters or digits, starting with a letter (exactly {{min}} characters)',
      CHINESE_DIGITS: 'Chinese characters or digits only ({{min}} to {{max}} characters)',
      CHINESE_DIGITS_exact: 'Chinese characters or digits only (exactly {{min}} characters)',
      EMAIL: 'A valid e-mail address ({{min}} to {{max}} characters)',
      EMAIL_exact: 'A valid e-mail address (exactly {{min}} characters)',
      ALNUM: 'English letters or digits only ({{min}} to {{max}} characters)',
      ALNUM_exact: 'English letters or digits only (exactly {{min}} characters)',
      DIGITS: 'Digits only ({{min}} to {{max}} digits)',
      DIGITS_exact: 'Digits only (exactly {{min}} digits)',
      ALNUM_WITH_UPPER: 'English letters or digits with at least one uppercase letter ({{min}} to {{max}} characters)',
      ALNUM_WITH_UPPER_exact:
        'English letters or digits with at least one uppercase letter (exactly {{min}} characters)',
      ENGLISH_SPACES: 'English letters only, words separated by single spaces ({{min}} to {{max}} characters)',
      ENGLISH_SPACES_exact: 'English letters only, words separated by single spaces (exactly {{min}} characters)',
      NO_SPACES: 'No spaces ({{min}} to {{max}} characters)',
      NO_SPACES_exact: 'No spaces (exactly {{min}} characters)',
      DATE_YMD: 'A real date in the format yyyy-MM-dd, for example 1990-12-31',
      DATE_YMD_exact: 'A real date in the format yyyy-MM-dd, for example 1990-12-31',
      DATE_MDY: 'A real date in the format MM-dd-yyyy, for example 12-31-1990',
      DATE_MDY_exact: 'A real date in the format MM-dd-yyyy, for example 12-31-1990',
      KOREAN: 'Korean (Hangul) only ({{min}} to {{max}} characters)',
      KOREAN_exact: 'Korean (Hangul) only (exactly {{min}} characters)',
      THAI: 'Thai only ({{min}} to {{max}} characters)',
      THAI_exact: 'Thai only (exactly {{min}} characters)',
      BENGALI: 'Bengali only ({{min}} to {{max}} characters)',
      BENGALI_exact: 'Bengali only (exactly {{min}} characters)',
      JAPANESE: 'Japanese only: Hiragana, Katakana or Kanji ({{min}} to {{max}} characters)',
      JAPANESE_exact: 'Japanese only: Hiragana, Katakana or Kanji (exactly {{min}} characters)',
      THAI_ENGLISH_SPACES:
        'Thai or English letters only, words separated by single spaces ({{min}} to {{max}} characters)',
      THAI_ENGLISH_SPACES_exact:
        'Thai or English letters only, words separated by single spaces (exactly {{min}} characters)',
      UPPERCASE: 'Uppercase English letters only ({{min}} to {{max}} characters)',
      UPPERCASE_exact: 'Uppercase English letters only (exactly {{min}} characters)',
      STRONG_PASSWORD:
        'No spaces, with at least one uppercase letter, one lowercase letter, one digit and one special character ({{min}} to {{max}} characters)',
      STRONG_PASSWORD_exact:
        'No spaces, with at least one uppercase letter, one lowercase letter, one digit and one special character (exactly {{min}} characters)',
      FULL_NAME: 'First and last name separated by a space ({{min}} to {{max}} characters)',
      FULL_NAME_exact: 'First and last name separated by a space (exactly {{min}} characters)',
      JAPANESE_FULLWIDTH: 'Full-width Japanese only: Hiragana, Katakana or Kanji ({{min}} to {{max}} characters)',
      JAPANESE_FULLWIDTH_exact: 'Full-width Japanese only: Hiragana, Katakana or Kanji (exactly {{min}} characters)',
    } satisfies PatternMessages,
    form: {
      invalidVerificationCode: 'Please enter a valid verification code',
      invalidMobileNumber: 'Please enter a valid mobile number',
      confirmationIncorrect: 'Incorrect confirmation input',
      realNameFormat: 'Real name format is incorrect',
      phoneNumberFormat: 'Phone number format is incorrect',
      invalidInvitationCode: 'Invalid invitation code',
      accountFormat: 'Account format is incorrect',
      passwordFormat: 'Password format is incorrect',
      emailFormat: 'E-mail format is incorrect',
      confirmPasswordMismatch: 'Confirmation password is not correct.',
      captchaRequired: 'Please enter the captcha',
      inputRequired: 'Input cannot be empty',
      markedRequired: 'Items marked with * are required',
      usernamePasswordRequired: 'Please enter the username and password',
      newPasswordRequired: 'Please enter a new password',
    },
  },
} as const;

type Widen<T> = { [K in keyof T]: T[K] extends string ? string : Widen<T[K]> };
/** The shape every language's registration messages must have: the English keys. */
export type RegistrationMessages = Widen<typeof registrationMessagesEn>;

/** Bengali texts of the registration messages. */
export const registrationMessagesBn: RegistrationMessages = {
  registration: {
    pattern: {
      ANY: '{{min}} থেকে {{max}} অক্ষর লিখুন',
      ANY_exact: 'ঠিক {{min}} অক্ষর লিখুন',
      LETTER_FIRST_ALNUM: 'শুধু ইংরেজি বর্ণ বা সংখ্যা, প্রথমে অবশ্যই একটি বর্ণ ({{min}} থেকে {{max}} অক্ষর)',
      LETTER_FIRST_ALNUM_exact: 'শুধু ইংরেজি বর্ণ বা সংখ্যা, প্রথমে অবশ্যই একটি বর্ণ (ঠিক {{min}} অক্ষর)',
      CHINESE_DIGITS: 'শুধু চীনা অক্ষর বা সংখ্যা ({{min}} থেকে {{max}} অক্ষর)',
      CHINESE_DIGITS_exact: 'শুধু চীনা অক্ষর বা সংখ্যা (ঠিক {{min}} অক্ষর)',
      EMAIL: 'একটি সঠিক ই-মেইল ঠিকানা ({{min}} থেকে {{max}} অক্ষর)',
      EMAIL_exact: 'একটি সঠিক ই-মেইল ঠিকানা (ঠিক {{min}} অক্ষর)',
      ALNUM: 'শুধু ইংরেজি বর্ণ বা সংখ্যা ({{min}} থেকে {{max}} অক্ষর)',
      ALNUM_exact: 'শুধু ইংরেজি বর্ণ বা সংখ্যা (ঠিক {{min}} অক্ষর)',
      DIGITS: 'শুধু সংখ্যা ({{min}} থেকে {{max}} অঙ্ক)',
      DIGITS_exact: 'শুধু সংখ্যা (ঠিক {{min}} অঙ্ক)',
      ALNUM_WITH_UPPER: 'ইংরেজি বর্ণ বা সংখ্যা, অন্তত একটি বড় হাতের বর্ণসহ ({{min}} থেকে {{max}} অক্ষর)',
      ALNUM_WITH_UPPER_exact: 'ইংরেজি বর্ণ বা সংখ্যা, অন্তত একটি বড় হাতের বর্ণসহ (ঠিক {{min}} অক্ষর)',
      ENGLISH_SPACES: 'শুধু ইংরেজি বর্ণ, শব্দগুলোর মাঝে একটি করে স্পেস ({{min}} থেকে {{max}} অক্ষর)',
      ENGLISH_SPACES_exact: 'শুধু ইংরেজি বর্ণ, শব্দগুলোর মাঝে একটি করে স্পেস (ঠিক {{min}} অক্ষর)',
      NO_SPACES: 'কোনো স্পেস ছাড়া ({{min}} থেকে {{max}} অক্ষর)',
      NO_SPACES_exact: 'কোনো স্পেস ছাড়া (ঠিক {{min}} অক্ষর)',
      DATE_YMD: 'yyyy-MM-dd (বছর-মাস-দিন) আকারে একটি সঠিক তারিখ, যেমন 1990-12-31',
      DATE_YMD_exact: 'yyyy-MM-dd (বছর-মাস-দিন) আকারে একটি সঠিক তারিখ, যেমন 1990-12-31',
      DATE_MDY: 'MM-dd-yyyy (মাস-দিন-বছর) আকারে একটি সঠিক তারিখ, যেমন 12-31-1990',
      DATE_MDY_exact: 'MM-dd-yyyy (মাস-দিন-বছর) আকারে একটি সঠিক তারিখ, যেমন 12-31-1990',
      KOREAN: 'শুধু কোরিয়ান (হাঙ্গুল) লিপি ({{min}} থেকে {{max}} অক্ষর)',
      KOREAN_exact: 'শুধু কোরিয়ান (হাঙ্গুল) লিপি (ঠিক {{min}} অক্ষর)',
      THAI: 'শুধু থাই লিপি ({{min}} থেকে {{max}} অক্ষর)',
      THAI_exact: 'শুধু থাই লিপি (ঠিক {{min}} অক্ষর)',
      BENGALI: 'শুধু বাংলা লিপি ({{min}} থেকে {{max}} অক্ষর)',
      BENGALI_exact: 'শুধু বাংলা লিপি (ঠিক {{min}} অক্ষর)',
      JAPANESE: 'শুধু জাপানি লিপি: হিরাগানা, কাতাকানা বা কাঞ্জি ({{min}} থেকে {{max}} অক্ষর)',
      JAPANESE_exact: 'শুধু জাপানি লিপি: হিরাগানা, কাতাকানা বা কাঞ্জি (ঠিক {{min}} অক্ষর)',
      THAI_ENGLISH_SPACES: 'শুধু থাই বা ইংরেজি বর্ণ, শব্দগুলোর মাঝে একটি করে স্পেস ({{min}} থেকে {{max}} অক্ষর)',
      THAI_ENGLISH_SPACES_exact: 'শুধু থাই বা ইংরেজি বর্ণ, শব্দগুলোর মাঝে একটি করে স্পেস (ঠিক {{min}} অক্ষর)',
      UPPERCASE: 'শুধু ইংরেজি বড় হাতের বর্ণ ({{min}} থেকে {{max}} অক্ষর)',
      UPPERCASE_exact: 'শুধু ইংরেজি বড় হাতের বর্ণ (ঠিক {{min}} অক্ষর)',
      STRONG_PASSWORD:
        'স্পেস ছাড়া, অন্তত একটি বড় হাতের বর্ণ, একটি ছোট হাতের বর্ণ, একটি সংখ্যা ও একটি বিশেষ চিহ্নসহ ({{min}} থেকে {{max}} অক্ষর)',
      STRONG_PASSWORD_exact:
        'স্পেস ছাড়া, অন্তত একটি বড় হাতের বর্ণ, একটি ছোট হাতের বর্ণ, একটি সংখ্যা ও একটি বিশেষ চিহ্নসহ (ঠিক {{min}} অক্ষর)',
      FULL_NAME: 'নামের প্রথম ও শেষ অংশ, মাঝে একটি স্পেস ({{min}} থেকে {{max}} অক্ষর)',
      FULL_NAME_exact: 'নামের প্রথম ও শেষ অংশ, মাঝে একটি স্পেস (ঠিক {{min}} অক্ষর)',
      JAPANESE_FULLWIDTH: 'শুধু ফুল-উইডথ জাপানি লিপি: হিরাগানা, কাতাকানা বা কাঞ্জি ({{min}} থেকে {{max}} অক্ষর)',
      JAPANESE_FULLWIDTH_exact: 'শুধু ফুল-উইডথ জাপানি লিপি: হিরাগানা, কাতাকানা বা কাঞ্জি (ঠিক {{min}} অক্ষর)',
    },
    form: {
      invalidVerificationCode: 'অনুগ্রহ করে সঠিক যাচাইকরণ কোড লিখুন',
      invalidMobileNumber: 'অনুগ্রহ করে সঠিক মোবাইল নম্বর লিখুন',
      confirmationIncorrect: 'নিশ্চিতকরণের তথ্য সঠিক নয়',
      realNameFormat: 'আসল নামের ফরম্যাট সঠিক নয়',
      phoneNumberFormat: 'ফোন নম্বরের ফরম্যাট সঠিক নয়',
      invalidInvitationCode: 'আমন্ত্রণ কোডটি সঠিক নয়',
      accountFormat: 'অ্যাকাউন্টের ফরম্যাট সঠিক নয়',
      passwordFormat: 'পাসওয়ার্ডের ফরম্যাট সঠিক নয়',
      emailFormat: 'ই-মেইলের ফরম্যাট সঠিক নয়',
      confirmPasswordMismatch: 'নিশ্চিতকরণ পাসওয়ার্ডটি সঠিক নয়।',
      captchaRequired: 'অনুগ্রহ করে ক্যাপচা লিখুন',
      inputRequired: 'ইনপুট খালি রাখা যাবে না',
      markedRequired: '* চিহ্নিত ঘরগুলো পূরণ করা বাধ্যতামূলক',
      usernamePasswordRequired: 'অনুগ্রহ করে ইউজারনেম ও পাসওয়ার্ড লিখুন',
      newPasswordRequired: 'অনুগ্রহ করে নতুন পাসওয়ার্ড লিখুন',
    },
  },
};

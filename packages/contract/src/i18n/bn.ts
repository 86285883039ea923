import { registrationMessagesBn } from '../registration-patterns';
import type { Catalogue } from './en';

/** Bengali catalogue. Every key of the English catalogue must be here (the type enforces it). */
export const bn: Catalogue = {
  ...registrationMessagesBn,
  errors: {
    VALIDATION_FAILED: 'কিছু তথ্য সঠিক নয়। অনুগ্রহ করে যাচাই করে আবার চেষ্টা করুন।',
    REQUEST_MALFORMED: 'অনুরোধটি পড়া যায়নি। অনুগ্রহ করে আবার চেষ্টা করুন।',
    REQUEST_TOO_LARGE: 'অনুরোধটি অনেক বড় (সীমা {{limitBytes}} বাইট)।',
    REQUEST_UNSUPPORTED_MEDIA_TYPE: 'এই ধরনের কনটেন্ট সমর্থিত নয়।',
    NOT_FOUND: 'অনুরোধ করা বিষয়টি পাওয়া যায়নি।',
    METHOD_NOT_ALLOWED: 'এখানে এই কাজটি অনুমোদিত নয়।',
    RATE_LIMITED: 'অনেক বেশি অনুরোধ। অনুগ্রহ করে {{retryAfterSeconds}} সেকেন্ড পরে আবার চেষ্টা করুন।',
    INTERNAL: 'আমাদের দিকে একটি সমস্যা হয়েছে। অনুগ্রহ করে পরে আবার চেষ্টা করুন (রেফারেন্স {{requestId}})।',
    SERVICE_UNAVAILABLE: 'সেবাটি সাময়িকভাবে বন্ধ আছে। অনুগ্রহ করে পরে আবার চেষ্টা করুন।',
    AUTH_REQUIRED: 'আপনি লগইন করেননি, অনুগ্রহ করে লগইন করুন',
    AUTH_FORBIDDEN: 'এই কাজের অনুমতি আপনার নেই।',
    IDEMPOTENCY_KEY_REUSED: 'এই অনুরোধ কী আগে অন্য একটি অনুরোধে ব্যবহার করা হয়েছে।',
    IDEMPOTENCY_IN_PROGRESS: 'একই অনুরোধ এখনও প্রক্রিয়াধীন। অনুগ্রহ করে অপেক্ষা করুন।',
    CRYPTO_PAYLOAD_INVALID: 'নিরাপদ তথ্য পড়া যায়নি। পৃষ্ঠাটি রিফ্রেশ করে আবার চেষ্টা করুন।',
    CRYPTO_PAYLOAD_REQUIRED: 'এই অনুরোধটি নিরাপদভাবে পাঠাতে হবে। পৃষ্ঠাটি রিফ্রেশ করে আবার চেষ্টা করুন।',
    SYSTEM_MERCHANT_UNKNOWN: 'অজানা সাইট। অনুগ্রহ করে ঠিকানাটি যাচাই করে আবার চেষ্টা করুন।',
    SYSTEM_FUNCTION_NOT_ENABLED: 'ফাংশনটি চালু নেই অথবা কাজটি অনুমোদিত নয়',
    SYSTEM_MAINTENANCE: 'সিস্টেম রক্ষণাবেক্ষণ চলছে। অনুগ্রহ করে পরে আবার আসুন।',
    SYSTEM_ACCESS_RESTRICTED: 'প্রবেশ সীমাবদ্ধ',
  },
  validation: {
    required: 'ইনপুট খালি রাখা যাবে না',
    fieldEmpty: '{{field}} খালি',
    invalidType: 'মানটির ধরন সঠিক নয়',
    tooLong: 'সর্বোচ্চ {{max}} অক্ষর',
    tooShort: 'কমপক্ষে {{min}} অক্ষর',
    unknownField: 'অজানা ঘর {{field}}',
    invalid: 'মানটি সঠিক নয়',
  },
};

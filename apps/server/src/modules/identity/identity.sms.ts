import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { interpolate, lookupMessage } from '@portal/contract';
import type { Db } from '../../platform/db';
import { AppError } from '../../platform/http/app-error';
import type { SmsProvider } from '../../platform/notify/notify.types';
import * as repo from './identity.repository';

/**
 * What a code is for; a code only works for the purpose it was sent for. VERIFY: the second step of a login from
 * a new IP (to the bound mobile); BIND: binding or changing the mobile (to the new number); PAYPWD: resetting a
 * forgotten payment password (to the bound mobile).
 */
export type SmsCodePurpose = 'LOGIN' | 'RESET' | 'REGISTER' | 'VERIFY' | 'BIND' | 'PAYPWD';

export type SmsCodeSettings = {
  /** Validity of a code, reported to clients as `expiredMinutes`. */
  ttlMinutes: number;
  /** Sends per number and per IP within the window… */
  maxSends: number;
  /** …before "too many requests, retry after 5 minutes". */
  windowMinutes: number;
  maxAttempts: number;
  dailyQuota: number;
};

export type SmsCodeServiceDeps = {
  db: Db;
  merchantCode: string;
  now: () => Date;
  sms: SmsProvider;
  settings: SmsCodeSettings;
  log: { warn(details: object, message: string): void };
};

/** Spec section 5: "SMS send throttled once per second". */
const minIntervalMs = 1000;

function hashCode(salt: string, code: string): string {
  return createHash('sha256').update(`${salt}:${code}`).digest('hex');
}

/**
 * Six-digit SMS verification codes (spec sections 4, 5, 8 and 9): sent through the configured SmsProvider,
 * stored only as salted hashes, single use, valid `ttlMinutes`, voided by a newer code and by too many wrong
 * guesses. Sending is throttled per number (one per second) and limited per number and per IP (a lockout
 * once `maxSends` fall within the window), and the merchant's daily quota caps what goes out.
 */
export function createSmsCodeService(deps: SmsCodeServiceDeps) {
  const { settings } = deps;

  return {
    /**
     * Sends a new code. With `deliver` false nothing reaches the provider (a number without an account asked
     * for a login code): the request is answered and counted exactly like a real send, so the answer does not
     * tell whether the number has an account.
     * @throws RATE_LIMITED within a second of the last send to the number.
     * @throws IDENTITY_SMS_TOO_MANY_REQUESTS when the number or the IP used up its sends of the window.
     * @throws IDENTITY_SMS_QUOTA_EXCEEDED when the merchant's daily quota is used up.
     * @throws IDENTITY_SMS_SEND_FAILED when the provider refused or failed.
     */
    async send(input: {
      mobile: string;
      purpose: SmsCodePurpose;
      ip: string | null;
      language: string | undefined;
      deliver: boolean;
    }): Promise<{ expiredMinutes: number }> {
      const now = deps.now();
      const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
      const salt = randomBytes(8).toString('hex');
      const row = await deps.db.transaction(async (tx) => {
        await repo.lockMobileForSend(tx, deps.merchantCode, input.mobile);
        const windowMs = settings.windowMinutes * 60_000;
        const dayStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
        const stats = await repo.smsSendStats(tx, {
          merchantCode: deps.merchantCode,
          mobile: input.mobile,
          ip: input.ip,
          windowStart: new Date(now.getTime() - windowMs),
          dayStart,
        });
        if (stats.lastSentToMobileAt && now.getTime() - stats.lastSentToMobileAt.getTime() < minIntervalMs) {
          throw Object.assign(new AppError('RATE_LIMITED', { retryAfterSeconds: 1 }), {
            headers: { 'retry-after': '1' },
          });
        }
        if (stats.byMobile >= settings.maxSends || stats.byIp >= settings.maxSends) {
          const freeAt = (stats.oldestInWindowAt?.getTime() ?? now.getTime()) + windowMs;
          const retryAfterSeconds = Math.max(1, Math.ceil((freeAt - now.getTime()) / 1000));
          throw Object.assign(new AppError('IDENTITY_SMS_TOO_MANY_REQUESTS', { retryAfterSeconds }), {
            headers: { 'retry-after': String(retryAfterSeconds) },
          });
        }
        if (input.deliver && stats.sentToday >= settings.dailyQuota) {
          throw new AppError('IDENTITY_SMS_QUOTA_EXCEEDED');
        }
        return repo.insertSmsCode(tx, {
          merchantCode: deps.merchantCode,
          mobile: input.mobile,
          purpose: input.purpose,
          ip: input.ip,
          codeHash: hashCode(salt, code),
          codeSalt: salt,
          status: input.deliver ? 'PENDING' : 'SUPPRESSED',
          createdAt: now,
          expiresAt: new Date(now.getTime() + settings.ttlMinutes * 60_000),
        });
      });
      if (input.deliver) {
        const template = lookupMessage(input.language, 'identity.smsCode') ?? '{{code}}';
        try {
          await deps.sms.send({
            to: input.mobile,
            text: interpolate(template, { code, minutes: settings.ttlMinutes }),
          });
        } catch (error) {
          await repo.setSmsCodeStatus(deps.db, row.id, 'FAILED');
          deps.log.warn({ err: error, provider: deps.sms.name }, 'SMS provider failed to send a verification code');
          throw new AppError('IDENTITY_SMS_SEND_FAILED');
        }
        await repo.setSmsCodeStatus(deps.db, row.id, 'SENT');
      }
      return { expiredMinutes: settings.ttlMinutes };
    },

    /**
     * Checks a code and uses it up. Only the newest code sent to the number for the purpose counts.
     * @throws IDENTITY_SMS_CODE_INVALID for a missing, wrong or already used code.
     * @throws IDENTITY_SMS_CODE_EXPIRED when the code ran out of time or of attempts: a new one must be sent.
     */
    async verify(input: { mobile: string; purpose: SmsCodePurpose; code: string | undefined }): Promise<void> {
      const code = input.code?.trim() ?? '';
      if (!/^\d{6}$/.test(code)) throw new AppError('IDENTITY_SMS_CODE_INVALID');
      const row = await repo.findLatestSmsCode(deps.db, {
        merchantCode: deps.merchantCode,
        mobile: input.mobile,
        purpose: input.purpose,
      });
      if (!row || row.consumedAt) throw new AppError('IDENTITY_SMS_CODE_INVALID');
      if (row.expiresAt <= deps.now() || row.attempts >= settings.maxAttempts) {
        throw new AppError('IDENTITY_SMS_CODE_EXPIRED');
      }
      const expected = Buffer.from(row.codeHash, 'hex');
      const given = Buffer.from(hashCode(row.codeSalt, code), 'hex');
      if (!timingSafeEqual(expected, given)) {
        await repo.countSmsCodeMiss(deps.db, row.id, settings.maxAttempts);
        throw new AppError('IDENTITY_SMS_CODE_INVALID');
      }
      if (!(await repo.consumeSmsCode(deps.db, row.id, deps.now()))) throw new AppError('IDENTITY_SMS_CODE_INVALID');
    },
  };
}

export type SmsCodeService = ReturnType<typeof createSmsCodeService>;

import { createHash } from 'node:crypto';
import { type Money, minorToDecimal, parseMinor } from '@portal/contract';
import { AppError } from '../../platform/http/app-error';

/**
 * Amount input and output of the cashier. Members type decimal strings in major units; the ledger counts
 * integers of minor units at the merchant currency's scale (ARCHITECTURE.md section 4).
 */

/** No single cashier amount may exceed this many minor units (10^10 BDT at scale 2): far beyond any real one. */
export const maxInputMinor = 10n ** 12n;

/**
 * Parses what a member typed into minor units. Refuses, with a translated error and nothing moved: anything
 * but plain digits with an optional decimal point (signs, exponents, spaces inside, hex, other scripts' digits),
 * zero, more significant decimals than the currency has, and amounts above `maxInputMinor`.
 * @throws WALLET_AMOUNT_INVALID, WALLET_AMOUNT_TOO_PRECISE (params.scale), WALLET_AMOUNT_TOO_LARGE
 */
export function parseAmountInput(value: string, scale: number): bigint {
  const text = typeof value === 'string' ? value.trim() : '';
  const match = /^(\d+)(?:\.(\d+))?$/.exec(text);
  if (!match) throw new AppError('WALLET_AMOUNT_INVALID', { amount: String(value).slice(0, 40) });
  const whole = (match[1] ?? '').replace(/^0+(?=\d)/, '');
  // Trailing zeros say nothing about precision: "10.500" is 10.50.
  const fraction = (match[2] ?? '').replace(/0+$/, '');
  if (fraction.length > scale) throw new AppError('WALLET_AMOUNT_TOO_PRECISE', { scale });
  if (whole.length > 18) throw new AppError('WALLET_AMOUNT_TOO_LARGE', {});
  const minor = parseMinor(fraction ? `${whole}.${fraction}` : whole, scale);
  if (minor <= 0n) throw new AppError('WALLET_AMOUNT_INVALID', { amount: text });
  if (minor > maxInputMinor) throw new AppError('WALLET_AMOUNT_TOO_LARGE', {});
  return minor;
}

/** An amount from configuration (decimal, major units; checked by config.ts) in minor units; extra decimals are cut. */
export function settingMinor(value: string, scale: number): bigint {
  const [whole = '0', fraction = ''] = value.split('.');
  return BigInt(whole + fraction.padEnd(scale, '0').slice(0, scale));
}

export function toMoney(minor: bigint, scale: number): Money {
  return { amount: minorToDecimal(minor, scale), minor: minor.toString() };
}

/**
 * The start of the cashier day that contains `now`: midnight at the configured UTC offset. Daily withdrawal
 * limits and today's totals count from it.
 */
export function cashierDayStart(now: Date, offsetMinutes: number): Date {
  const offsetMs = offsetMinutes * 60_000;
  const local = now.getTime() + offsetMs;
  return new Date(local - (((local % 86_400_000) + 86_400_000) % 86_400_000) - offsetMs);
}

/** Midnight (at the cashier's UTC offset) that starts the given yyyy-MM-dd. */
export function cashierDay(date: string, offsetMinutes: number): Date {
  return new Date(Date.parse(`${date}T00:00:00.000Z`) - offsetMinutes * 60_000);
}

/**
 * A ledger key derived from the member's Idempotency-Key: the same request retried (even after its HTTP
 * record expired) meets its first transfer, and keys of different members never meet. Hashed, because the
 * client's key may be 128 characters by itself.
 */
export function derivedKey(prefix: string, accountId: number, clientKey: string): string {
  return `${prefix}:${accountId}:${createHash('sha256').update(clientKey).digest('hex').slice(0, 40)}`;
}

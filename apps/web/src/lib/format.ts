import { formatAmount, type ShippedLanguage } from '@portal/contract';
import { languageLocales } from './i18n';

/**
 * Formats an amount of minor units for display: thousands separators and exactly 2 decimals (spec section 9).
 * Accepts bigint or an integer string as the API sends them; a number only when it is a safe integer,
 * because a float would already have lost precision.
 * @throws RangeError when the input is not an integer of minor units.
 */
export function formatMoney(minor: bigint | string | number, scale = 2): string {
  return formatAmount(toMinor(minor), scale);
}

/** Like formatMoney, prefixed with the currency symbol the permission response names. */
export function formatMoneyWithSymbol(minor: bigint | string | number, currency: { symbol: string; scale: number }) {
  const amount = formatMoney(minor, currency.scale);
  return amount.startsWith('-') ? `-${currency.symbol}${amount.slice(1)}` : `${currency.symbol}${amount}`;
}

function toMinor(minor: bigint | string | number): bigint {
  if (typeof minor === 'bigint') return minor;
  if (typeof minor === 'number') {
    if (!Number.isSafeInteger(minor)) throw new RangeError(`not an integer of minor units: ${minor}`);
    return BigInt(minor);
  }
  if (!/^-?\d+$/.test(minor.trim())) throw new RangeError(`not an integer of minor units: ${minor}`);
  return BigInt(minor.trim());
}

/** Date and time in the player's language conventions, in the browser's time zone. */
export function formatDateTime(value: string | Date, language: ShippedLanguage): string {
  const date = typeof value === 'string' ? new Date(value) : value;
  return new Intl.DateTimeFormat(languageLocales[language], {
    dateStyle: 'medium',
    timeStyle: 'short',
    // A 24-hour clock reads the same in both languages; Bengali otherwise mixes its digits with Latin "AM".
    hourCycle: 'h23',
  }).format(date);
}

/** Zero-padded integer in the language's own digits (Bengali digits for BN), as clocks show them. */
export function formatPaddedNumber(value: number, language: ShippedLanguage, digits = 2): string {
  return new Intl.NumberFormat(languageLocales[language], {
    minimumIntegerDigits: digits,
    useGrouping: false,
  }).format(value);
}

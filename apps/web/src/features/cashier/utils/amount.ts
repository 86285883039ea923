import { formatAmount, type Money } from '@portal/contract';

/** Minor units of a decimal string at `scale` ("1234.5" at scale 2 → 123450n); null when it is not one. */
export function parseDecimal(text: string, scale: number): bigint | null {
  const match = /^(\d+)(?:\.(\d+))?$/.exec(text.trim());
  if (!match) return null;
  const whole = match[1] ?? '0';
  // Trailing zeros say nothing about precision: "10.500" is 10.50 (as the server reads it).
  const fraction = (match[2] ?? '').replace(/0+$/, '');
  if (fraction.length > scale) return null;
  return BigInt(whole + fraction.padEnd(scale, '0'));
}

/** Why an amount typed by the member cannot be sent, as a key under `cashier.amount.*`. */
export type AmountIssue =
  | { key: 'required' }
  | { key: 'invalid' }
  | { key: 'tooPrecise'; scale: number }
  | { key: 'belowMin'; min: string }
  | { key: 'aboveMax'; max: string }
  | { key: 'aboveBalance'; available: string };

/** The largest amount the server accepts at all (it refuses larger ones as WALLET_AMOUNT_TOO_LARGE). */
const maxDigits = 15;

/**
 * The client's check of an amount, mirroring the server's (cashier.money.ts `parseAmountInput` and the limit
 * checks): a positive decimal number with at most `scale` decimals, within min..max and the available balance.
 * The server checks again; this only spares the member a round trip.
 */
export function checkAmount(
  text: string,
  rules: { scale: number; min?: Money; max?: Money; available?: Money },
): { ok: true; minor: bigint } | { ok: false; issue: AmountIssue } {
  const value = text.trim();
  if (value === '') return { ok: false, issue: { key: 'required' } };
  const match = /^(\d+)(?:\.(\d+))?$/.exec(value);
  if (!match) return { ok: false, issue: { key: 'invalid' } };
  if ((match[2] ?? '').replace(/0+$/, '').length > rules.scale) {
    return { ok: false, issue: { key: 'tooPrecise', scale: rules.scale } };
  }
  const minor = parseDecimal(value, rules.scale);
  if (minor === null || minor <= 0n || (match[1] ?? '').replace(/^0+/, '').length > maxDigits) {
    return { ok: false, issue: { key: 'invalid' } };
  }
  if (rules.min && minor < BigInt(rules.min.minor)) {
    return { ok: false, issue: { key: 'belowMin', min: formatAmount(BigInt(rules.min.minor), rules.scale) } };
  }
  if (rules.max && minor > BigInt(rules.max.minor)) {
    return { ok: false, issue: { key: 'aboveMax', max: formatAmount(BigInt(rules.max.minor), rules.scale) } };
  }
  if (rules.available && minor > BigInt(rules.available.minor)) {
    return {
      ok: false,
      issue: { key: 'aboveBalance', available: formatAmount(BigInt(rules.available.minor), rules.scale) },
    };
  }
  return { ok: true, minor };
}

/** Money with its symbol: thousands separators and the currency's decimals (spec section 9). */
export function formatMoneyText(money: Money | string | bigint, currency: { symbol: string; scale: number }): string {
  const minor = typeof money === 'object' ? BigInt(money.minor) : BigInt(money);
  const text = formatAmount(minor < 0n ? -minor : minor, currency.scale);
  return `${minor < 0n ? '-' : ''}${currency.symbol}${text}`;
}

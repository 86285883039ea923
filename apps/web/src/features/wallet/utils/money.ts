import { formatMoney } from '@/lib/format';

/** Minor units of a decimal string at `scale` ("1234.5" at scale 2 → 123450n); null when it is not one. */
export function decimalToMinor(amount: string, scale: number): bigint | null {
  const match = /^(-?)(\d+)(?:\.(\d+))?$/.exec(amount.trim());
  if (!match) return null;
  const [, sign, whole = '0', fraction = ''] = match;
  if (fraction.length > scale) return null;
  const minor = BigInt(whole + fraction.padEnd(scale, '0'));
  return sign === '-' ? -minor : minor;
}

/** An amount the server sent as a decimal string, with its symbol, thousands separators and the scale's decimals. */
export function formatDecimal(amount: string, currency: { symbol: string; scale: number }): string {
  const minor = decimalToMinor(amount, currency.scale);
  if (minor === null) return `${currency.symbol}${amount}`;
  const text = formatMoney(minor, currency.scale);
  return text.startsWith('-') ? `-${currency.symbol}${text.slice(1)}` : `${currency.symbol}${text}`;
}

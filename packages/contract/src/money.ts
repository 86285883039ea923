/**
 * Money helpers. Amounts travel as integers of minor units (bigint or a decimal string);
 * never as floats in arithmetic (ARCHITECTURE.md section 4).
 */

/** Parses "1234.5" at scale 2 into 123450n; refuses more fraction digits than the scale allows. */
export function parseMinor(decimal: string, scale: number): bigint {
  const match = /^(-)?(\d+)(?:\.(\d+))?$/.exec(decimal.trim());
  if (!match) throw new RangeError(`not a decimal amount: ${decimal}`);
  const [, sign, whole = '0', fraction = ''] = match;
  if (fraction.length > scale) throw new RangeError(`more than ${scale} decimals: ${decimal}`);
  const minor = BigInt(whole + fraction.padEnd(scale, '0'));
  return sign ? -minor : minor;
}

/** Formats minor units as a plain decimal string at the currency's scale ("1234.50"). */
export function minorToDecimal(minor: bigint, scale: number): string {
  const negative = minor < 0n;
  const digits = (negative ? -minor : minor).toString().padStart(scale + 1, '0');
  const whole = digits.slice(0, digits.length - scale);
  const fraction = scale > 0 ? `.${digits.slice(digits.length - scale)}` : '';
  return `${negative ? '-' : ''}${whole}${fraction}`;
}

/**
 * Formats minor units for display with thousands separators and exactly 2 decimals (spec section 9),
 * rounding half away from zero when the currency has more than 2 minor digits.
 */
export function formatAmount(minor: bigint, scale: number): string {
  let cents: bigint;
  if (scale >= 2) {
    const divisor = 10n ** BigInt(scale - 2);
    const half = divisor / 2n;
    const abs = minor < 0n ? -minor : minor;
    const rounded = divisor === 1n ? abs : (abs + half) / divisor;
    cents = minor < 0n ? -rounded : rounded;
  } else {
    cents = minor * 10n ** BigInt(2 - scale);
  }
  const negative = cents < 0n;
  const [whole = '0', fraction = '00'] = minorToDecimal(negative ? -cents : cents, 2).split('.');
  return `${negative ? '-' : ''}${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${fraction}`;
}

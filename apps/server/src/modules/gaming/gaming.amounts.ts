/**
 * Exact conversion between a protocol's integer amounts and our minor units. Hub88 sends fiat amounts as integers
 * of 1/100000 of the currency (protocol scale 5); our ledger keeps integers at the currency's own scale (BDT: 2).
 * Nothing is ever rounded: an amount that our scale cannot hold is refused.
 * @see /work/shared/protocols/hub88-wallet.md section 3
 */

/** Protocol integer → minor units, or null when the amount is not representable at our scale. */
export function protocolToMinor(amount: bigint, protocolScale: number, currencyScale: number): bigint | null {
  if (protocolScale >= currencyScale) {
    const factor = 10n ** BigInt(protocolScale - currencyScale);
    return amount % factor === 0n ? amount / factor : null;
  }
  return amount * 10n ** BigInt(currencyScale - protocolScale);
}

/** Minor units → protocol integer, or null when the protocol's scale cannot hold it. */
export function minorToProtocol(minor: bigint, protocolScale: number, currencyScale: number): bigint | null {
  if (protocolScale >= currencyScale) return minor * 10n ** BigInt(protocolScale - currencyScale);
  const factor = 10n ** BigInt(currencyScale - protocolScale);
  return minor % factor === 0n ? minor / factor : null;
}

/** A decimal string in major units ("12.50") → minor units; null when malformed or too precise. */
export function decimalToMinor(value: string, currencyScale: number): bigint | null {
  const match = /^(-?)(\d{1,15})(?:\.(\d{1,8}))?$/.exec(value.trim());
  if (!match) return null;
  const [, sign, whole = '0', fraction = ''] = match;
  if (fraction.replace(/0+$/, '').length > currencyScale) return null;
  const minor =
    BigInt(whole) * 10n ** BigInt(currencyScale) +
    BigInt((fraction.padEnd(currencyScale, '0') || '0').slice(0, currencyScale) || '0');
  return sign === '-' ? -minor : minor;
}

/** Minor units → decimal string in major units at the currency scale ("12.50"). */
export function minorToDecimal(minor: bigint, currencyScale: number): string {
  const negative = minor < 0n;
  const digits = (negative ? -minor : minor).toString().padStart(currencyScale + 1, '0');
  const whole = digits.slice(0, digits.length - currencyScale);
  const fraction = digits.slice(digits.length - currencyScale);
  return `${negative ? '-' : ''}${whole}${currencyScale > 0 ? `.${fraction}` : ''}`;
}

/**
 * An amount as operators compare it with bank statements: Latin digits, thousands separators and two decimals
 * ("12,500.00"), formatted from the decimal string so that no float rounding creeps in.
 */
export function formatDecimal(amount: string): string {
  const negative = amount.startsWith('-');
  const [whole = '0', fraction = ''] = amount.replace(/^[-+]/, '').split('.');
  const grouped = (whole.replace(/^0+(?=\d)/, '') || '0').replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const decimals = fraction.length >= 2 ? fraction : fraction.padEnd(2, '0');
  return `${negative ? '-' : ''}${grouped}.${decimals}`;
}

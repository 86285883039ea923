import { describe, expect, it } from 'vitest';
import { formatMoney, formatMoneyWithSymbol, formatPaddedNumber } from './format';

describe('formatMoney', () => {
  it('shows 2 decimals with thousands separators', () => {
    expect(formatMoney(123456789n)).toBe('1,234,567.89');
    expect(formatMoney('5')).toBe('0.05');
    expect(formatMoney(-100050)).toBe('-1,000.50');
  });

  it('rounds currencies with more minor digits to 2 decimals', () => {
    expect(formatMoney(1234567n, 3)).toBe('1,234.57');
  });

  it('refuses values that are not integers of minor units', () => {
    expect(() => formatMoney('12.5')).toThrow(RangeError);
    expect(() => formatMoney(0.1)).toThrow(RangeError);
  });

  it('prefixes the currency symbol, after the sign', () => {
    expect(formatMoneyWithSymbol(-250n, { symbol: '৳', scale: 2 })).toBe('-৳2.50');
  });
});

describe('formatPaddedNumber', () => {
  it('uses Bengali digits for Bengali', () => {
    expect(formatPaddedNumber(7, 'en')).toBe('07');
    expect(formatPaddedNumber(7, 'bn')).toBe('০৭');
  });
});

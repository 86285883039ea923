import { describe, expect, it } from 'vitest';
import { money } from '../testing';
import { checkAmount, formatMoneyText, parseDecimal } from './amount';

const rules = { scale: 2, min: money(20_000), max: money(2_500_000), available: money(1_000_000) };

describe('checkAmount (mirrors the server)', () => {
  it('accepts a positive amount within the limits and gives its minor units', () => {
    expect(checkAmount('500', rules)).toEqual({ ok: true, minor: 50_000n });
    expect(checkAmount(' 1234.5 ', rules)).toEqual({ ok: true, minor: 123_450n });
    expect(checkAmount('200.00', rules)).toEqual({ ok: true, minor: 20_000n });
    expect(checkAmount('10.500', { scale: 2 })).toEqual({ ok: true, minor: 1_050n });
  });

  it('refuses empty, non-numeric, negative, zero and signed input', () => {
    for (const [value, key] of [
      ['', 'required'],
      ['abc', 'invalid'],
      ['-5', 'invalid'],
      ['1e3', 'invalid'],
      ['0', 'invalid'],
      ['0.00', 'invalid'],
      ['12.', 'invalid'],
      ['1,000', 'invalid'],
    ] as const) {
      expect(checkAmount(value, rules), value).toEqual({ ok: false, issue: { key } });
    }
  });

  it('refuses more decimals than the currency has', () => {
    expect(checkAmount('500.123', rules)).toEqual({ ok: false, issue: { key: 'tooPrecise', scale: 2 } });
  });

  it('refuses amounts outside min..max and above the available balance, naming the limit', () => {
    expect(checkAmount('199.99', rules)).toEqual({ ok: false, issue: { key: 'belowMin', min: '200.00' } });
    expect(checkAmount('25000.01', rules)).toEqual({ ok: false, issue: { key: 'aboveMax', max: '25,000.00' } });
    expect(checkAmount('10000.01', rules)).toEqual({
      ok: false,
      issue: { key: 'aboveBalance', available: '10,000.00' },
    });
  });

  it('refuses absurdly large amounts', () => {
    expect(checkAmount('9999999999999999999', { scale: 2 })).toEqual({ ok: false, issue: { key: 'invalid' } });
  });

  it('parses and formats without floats', () => {
    expect(parseDecimal('90071992547409.93', 2)).toBe(9_007_199_254_740_993n);
    expect(formatMoneyText(money(123_456_789), { symbol: '৳', scale: 2 })).toBe('৳1,234,567.89');
    expect(formatMoneyText(money(-50_000), { symbol: '৳', scale: 2 })).toBe('-৳500.00');
  });
});

import { describe, expect, it } from 'vitest';
import { cashierDayTurnWait } from './day-turn';

describe('waiting out the cashier day turn', () => {
  const at = (iso: string) => Date.parse(iso);
  it('waits from shortly before the turn (18:00 UTC at UTC+6) until shortly after it', () => {
    expect(cashierDayTurnWait(at('2026-11-25T17:59:40Z'), 360, {})).toBe(25_000);
    expect(cashierDayTurnWait(at('2026-11-25T18:00:02Z'), 360, {})).toBe(3_000);
    expect(cashierDayTurnWait(at('2026-11-25T17:58:00Z'), 360, { before: 180_000 })).toBe(125_000);
  });
  it('does not wait away from the turn, and follows the offset', () => {
    expect(cashierDayTurnWait(at('2026-11-25T17:59:00Z'), 360, {})).toBe(0);
    expect(cashierDayTurnWait(at('2026-11-25T18:00:06Z'), 360, {})).toBe(0);
    expect(cashierDayTurnWait(at('2026-11-25T23:59:50Z'), 0, {})).toBe(15_000);
    expect(cashierDayTurnWait(at('2026-11-25T04:59:50Z'), -300, {})).toBe(15_000);
  });
});

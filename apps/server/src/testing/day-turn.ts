import { setTimeout as sleep } from 'node:timers/promises';
import { testConfig } from './test-app';

const dayMs = 86_400_000;

type Margins = { before?: number; after?: number };

/** How long to wait at `nowMs` to be out of the cashier day's turn (see `awayFromCashierDayTurn`); 0 when out. */
export function cashierDayTurnWait(nowMs: number, offsetMinutes: number, { before = 30_000, after = 5_000 }: Margins) {
  const intoDay = (((nowMs + offsetMinutes * 60_000) % dayMs) + dayMs) % dayMs;
  if (intoDay < after) return after - intoDay;
  if (dayMs - intoDay < before) return dayMs - intoDay + after;
  return 0;
}

/**
 * Waits, when the clock is less than `before` ms ahead of a cashier day's turn (midnight at the configured offset,
 * 18:00 UTC by default) or less than `after` ms past it, until `after` ms past it. For tests that read "today's"
 * figures, write, and read them again: across the turn the writes land in the next day (or, by the database's
 * clock, the one before) and today's figures do not move. `before` covers how long the reading takes (a whole file
 * when called in `beforeAll`), `after` the difference between the test's clock and the database's.
 */
export async function awayFromCashierDayTurn(
  margins: Margins = {},
  offsetMinutes = testConfig().cashierDayUtcOffsetMinutes,
): Promise<void> {
  const wait = cashierDayTurnWait(Date.now(), offsetMinutes, margins);
  if (wait > 0) await sleep(wait);
}

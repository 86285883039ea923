import { describe, expect, it } from 'vitest';
import { splitDuration } from './use-countdown';

describe('splitDuration', () => {
  it('splits milliseconds into days, hours, minutes and seconds, rounding up to whole seconds', () => {
    expect(splitDuration(((26 * 60 + 3) * 60 + 4) * 1000 + 1)).toEqual({ days: 1, hours: 2, minutes: 3, seconds: 5 });
  });

  it('never goes below zero', () => {
    expect(splitDuration(-5000)).toEqual({ days: 0, hours: 0, minutes: 0, seconds: 0 });
  });
});

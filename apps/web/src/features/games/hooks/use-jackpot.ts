import { useEffect, useState } from 'react';
import { jackpotDelayMs, jackpotStart, jackpotStep } from '../utils/jackpot';

/**
 * The home jackpot value in hundredths: a random start, then a random step of 100 to 500 after a random 3, 4 or
 * 5 seconds, again and again (spec section 9). Pass `random` to make it predictable in tests.
 */
export function useJackpot(random: () => number = Math.random): number {
  const [cents, setCents] = useState(() => jackpotStart(random));
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout>;
    const schedule = () => {
      timer = setTimeout(() => {
        setCents((value) => value + jackpotStep(random));
        schedule();
      }, jackpotDelayMs(random));
    };
    schedule();
    return () => clearTimeout(timer);
  }, [random]);
  return cents;
}

import { useCallback, useEffect, useState } from 'react';

/** Spec sections 4 and 9: 60 seconds per minute of validity, one minute when the server names none. */
export const defaultSmsValidityMinutes = 1;

/**
 * The resend countdown of an SMS code button: `start(expiredMinutes)` disables the button for
 * `expiredMinutes × 60` seconds and counts down once a second.
 */
export function useSmsCountdown() {
  const [endsAt, setEndsAt] = useState<number | null>(null);
  const [now, setNow] = useState(() => Date.now());

  useEffect(() => {
    if (endsAt === null) return;
    const timer = setInterval(() => {
      const current = Date.now();
      setNow(current);
      if (current >= endsAt) setEndsAt(null);
    }, 1000);
    return () => clearInterval(timer);
  }, [endsAt]);

  const start = useCallback((expiredMinutes: number | null | undefined) => {
    const minutes = expiredMinutes && expiredMinutes > 0 ? expiredMinutes : defaultSmsValidityMinutes;
    const current = Date.now();
    setNow(current);
    setEndsAt(current + minutes * 60_000);
  }, []);

  const remainingSeconds = endsAt === null ? 0 : Math.max(0, Math.ceil((endsAt - now) / 1000));
  return { remainingSeconds, running: remainingSeconds > 0, start };
}

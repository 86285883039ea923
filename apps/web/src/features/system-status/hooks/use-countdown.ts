import { useEffect, useState } from 'react';

export type CountdownParts = { days: number; hours: number; minutes: number; seconds: number };

export type Countdown = {
  /** Milliseconds left, never negative; null without a target. */
  remainingMs: number | null;
  parts: CountdownParts;
  done: boolean;
};

export function splitDuration(ms: number): CountdownParts {
  const totalSeconds = Math.max(0, Math.ceil(ms / 1000));
  return {
    days: Math.floor(totalSeconds / 86_400),
    hours: Math.floor((totalSeconds % 86_400) / 3600),
    minutes: Math.floor((totalSeconds % 3600) / 60),
    seconds: totalSeconds % 60,
  };
}

/** Time left until `target`, re-rendering every second until it is reached. */
export function useCountdown(target: Date | null): Countdown {
  const targetMs = target?.getTime() ?? null;
  const [now, setNow] = useState(() => Date.now());

  useEffect(() => {
    if (targetMs === null) return;
    setNow(Date.now());
    const timer = setInterval(() => {
      const current = Date.now();
      setNow(current);
      if (current >= targetMs) clearInterval(timer);
    }, 1000);
    return () => clearInterval(timer);
  }, [targetMs]);

  if (targetMs === null) return { remainingMs: null, parts: splitDuration(0), done: false };
  const remainingMs = Math.max(0, targetMs - now);
  return { remainingMs, parts: splitDuration(remainingMs), done: remainingMs === 0 };
}

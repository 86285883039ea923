import { type Captcha, calls, captchaSchema } from '@portal/contract';
import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError, apiCall } from '@/lib/api-client';

/** Spec sections 5 and 9: a captcha is refreshed at most once per second (the server allows no more). */
export const captchaImageIntervalMs = 1000;
const marginMs = 150;
const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export type CaptchaImageState = {
  captcha: Captcha | null;
  answer: string;
  setAnswer: (answer: string) => void;
  loading: boolean;
  /** A click on the image: ignored within a second of the last load. */
  refresh: () => void;
  /** After a use (each image allows one guess): loads a new image, waiting out the second if needed. */
  renew: () => Promise<void>;
};

/**
 * A captcha image (`/wps/captcha`) of a form (login, register, feedback): loaded when
 * `shown` turns on, refreshed by a click or after a use. A failed load leaves the image as it was (spec section 8).
 */
export function useCaptchaImage(shown: boolean): CaptchaImageState {
  const [captcha, setCaptcha] = useState<Captcha | null>(null);
  const [answer, setAnswer] = useState('');
  const [loading, setLoading] = useState(false);
  const lastLoadAt = useRef(Number.NEGATIVE_INFINITY);
  const inFlight = useRef(false);
  // A renewal waits out the server's second; a form closed meanwhile must not load (or show) another image.
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const load = useCallback(async (waitForInterval: boolean) => {
    if (inFlight.current) return;
    const elapsed = Date.now() - lastLoadAt.current;
    if (elapsed < captchaImageIntervalMs && !waitForInterval) return;
    inFlight.current = true;
    setLoading(true);
    try {
      // The server counts its second from when the last request arrived, a little after this client sent it.
      if (elapsed < captchaImageIntervalMs) await wait(captchaImageIntervalMs - elapsed + marginMs);
      for (let attempt = 0; ; attempt += 1) {
        if (!mounted.current) return;
        lastLoadAt.current = Date.now();
        try {
          const next = await apiCall(calls.captcha, { schema: captchaSchema });
          if (!mounted.current) return;
          setCaptcha(next);
          setAnswer('');
          return;
        } catch (error) {
          // Spec section 8: a failed load leaves the image unchanged; the player can click it again. A renewal
          // after a use must produce a new image, though, so one refusal by the rate limit is waited out.
          const limited = error instanceof ApiError && error.code === 'RATE_LIMITED';
          if (!waitForInterval || !limited || attempt > 0) return;
          await wait(captchaImageIntervalMs + marginMs);
        }
      }
    } finally {
      inFlight.current = false;
      setLoading(false);
    }
  }, []);

  const loaded = captcha !== null;
  useEffect(() => {
    if (shown && !loaded) void load(true);
  }, [shown, loaded, load]);

  return { captcha, answer, setAnswer, loading, refresh: () => void load(false), renew: () => load(true) };
}

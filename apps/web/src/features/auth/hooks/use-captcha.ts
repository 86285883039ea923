import { type Captcha, calls, captchaSchema } from '@portal/contract';
import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError, apiCall } from '@/lib/api-client';

/** Spec sections 5 and 9: the captcha is refreshed at most once per second (the server allows no more). */
export const captchaRefreshIntervalMs = 1000;

/** Slack over the server's one-second window, for the time a request takes to arrive. */
const renewMarginMs = 150;

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export type CaptchaState = {
  captcha: Captcha | null;
  answer: string;
  setAnswer: (answer: string) => void;
  loading: boolean;
  /** A click on the image: ignored within a second of the last load. */
  refresh: () => void;
  /** After the captcha was used (each image allows one guess): waits out the second if needed. */
  renew: () => Promise<void>;
  /** What a request carries when the captcha is shown: the answer and the id of the image it is for. */
  fields: { captcha?: string; captchaId?: string };
};

/**
 * The captcha image of a form (`/wps/captcha`): loaded when `shown` turns on, refreshed by a click or
 * after a use. A failed load leaves the current image as it was (spec section 8).
 */
export function useCaptcha(shown: boolean): CaptchaState {
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
    if (elapsed < captchaRefreshIntervalMs && !waitForInterval) return;
    inFlight.current = true;
    setLoading(true);
    try {
      // The server counts its second from when the last request arrived, a little after this client sent it.
      if (elapsed < captchaRefreshIntervalMs) await wait(captchaRefreshIntervalMs - elapsed + renewMarginMs);
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
          await wait(captchaRefreshIntervalMs + renewMarginMs);
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

  return {
    captcha,
    answer,
    setAnswer,
    loading,
    refresh: () => void load(false),
    renew: () => load(true),
    fields: shown && captcha ? { captcha: answer.trim(), captchaId: captcha.captchaId } : {},
  };
}

import { useCallback, useEffect, useRef, useState } from 'react';

/** Spec section 9: images load when 10% of them is in view, are retried once, then show the fallback icon. */
export const lazyImageThreshold = 0.1;
export const lazyImageRetries = 1;

export type LazyImageState = 'waiting' | 'loading' | 'loaded' | 'failed';

/**
 * Lazy image loading with one retry: `src` stays unset until the element is 10% visible (IntersectionObserver
 * threshold 0.1); a failed load tries once more with a cache-busting attempt number, and a second failure (or no
 * source at all) switches to the fallback.
 */
export function useLazyImage(src: string | null | undefined) {
  const ref = useRef<HTMLElement | null>(null);
  const [visible, setVisible] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<LazyImageState>(src ? 'waiting' : 'failed');

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new source starts over.
  useEffect(() => {
    setAttempt(0);
    setState(src ? (visible ? 'loading' : 'waiting') : 'failed');
  }, [src]);

  useEffect(() => {
    const element = ref.current;
    if (!element || visible || !src) return;
    if (typeof IntersectionObserver === 'undefined') {
      setVisible(true);
      setState('loading');
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          setVisible(true);
          setState('loading');
          observer.disconnect();
        }
      },
      { threshold: lazyImageThreshold },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [visible, src]);

  const onError = useCallback(() => {
    if (attempt < lazyImageRetries) setAttempt((value) => value + 1);
    else setState('failed');
  }, [attempt]);

  const onLoad = useCallback(() => setState('loaded'), []);

  let currentSrc: string | undefined;
  if (visible && src && state !== 'failed') {
    currentSrc = attempt === 0 ? src : `${src}${src.includes('?') ? '&' : '?'}retry=${attempt}`;
  }

  return { ref, src: currentSrc, state, onError, onLoad };
}

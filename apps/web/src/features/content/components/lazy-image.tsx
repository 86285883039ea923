import { cx } from '@portal/ui/cx';
import { useEffect, useRef, useState } from 'react';

/** Spec section 9: images load when a tenth of them is in view, and a failed load is retried once. */
export const lazyImageThreshold = 0.1;
export const lazyImageRetries = 1;

export type LazyImageProps = {
  src: string;
  alt: string;
  width: number;
  height: number;
  className?: string;
  /** Load at once (the first banner, which is the largest paint of the page). */
  eager?: boolean;
  /** Accessible text of the fallback shown when the image cannot be loaded. */
  fallbackLabel: string;
};

/**
 * An image that loads when it scrolls into view, retries once after a failure and then shows a fallback tile
 * instead of a broken image. Its box keeps the given aspect ratio from the start, so nothing moves when it loads.
 */
export function LazyImage({ src, alt, width, height, className, eager = false, fallbackLabel }: LazyImageProps) {
  const holder = useRef<HTMLSpanElement>(null);
  const [inView, setInView] = useState(eager);
  const [attempt, setAttempt] = useState(0);
  // No address at all is shown as the fallback straight away (an empty src would fetch the page itself).
  const [failed, setFailed] = useState(src === '');

  useEffect(() => {
    if (inView) return;
    const element = holder.current;
    if (!element || typeof IntersectionObserver === 'undefined') {
      setInView(true);
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          setInView(true);
          observer.disconnect();
        }
      },
      { threshold: lazyImageThreshold },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [inView]);

  // A new source starts over.
  useEffect(() => {
    setAttempt(0);
    setFailed(src === '');
  }, [src]);

  const onError = () => {
    if (attempt < lazyImageRetries) setAttempt(attempt + 1);
    else setFailed(true);
  };

  const url = attempt === 0 ? src : `${src}${src.includes('?') ? '&' : '?'}retry=${attempt}`;
  return (
    <span
      ref={holder}
      className={cx('content-image', failed && 'content-image--failed', className)}
      style={{ aspectRatio: `${width} / ${height}` }}
    >
      {failed ? (
        <span className="content-image__fallback" role="img" aria-label={fallbackLabel}>
          <svg viewBox="0 0 24 24" width="40" height="40" aria-hidden="true" focusable="false">
            <path
              fill="currentColor"
              d="M21 5v14a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2h14a2 2 0 0 1 2 2Zm-2 0H5v9.6l3.3-3.3a1 1 0 0 1 1.4 0l3.3 3.3 2.3-2.3a1 1 0 0 1 1.4 0l2.3 2.3V5Zm-4 3.5a1.5 1.5 0 1 1-3 0 1.5 1.5 0 0 1 3 0Z"
            />
          </svg>
        </span>
      ) : (
        inView && (
          <img
            key={url}
            src={url}
            alt={alt}
            width={width}
            height={height}
            decoding="async"
            loading={eager ? 'eager' : 'lazy'}
            {...(eager ? { fetchPriority: 'high' as const } : {})}
            onError={onError}
          />
        )
      )}
    </span>
  );
}

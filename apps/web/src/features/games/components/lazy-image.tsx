import { cx } from '@portal/ui/cx';
import type { RefObject } from 'react';
import { useLazyImage } from '../hooks/use-lazy-image';
import { DefaultGameIcon } from './game-icons';

export type LazyImageProps = {
  src: string | null | undefined;
  alt: string;
  className?: string;
};

/**
 * A game or vendor image that loads when it scrolls into view, is retried once and falls back to the default
 * game icon (spec sections 2 and 9). The box keeps its size whatever happens, so nothing shifts.
 */
export function LazyImage({ src, alt, className }: LazyImageProps) {
  const image = useLazyImage(src);
  return (
    <span
      ref={image.ref as RefObject<HTMLSpanElement | null>}
      className={cx('lazy-image', className)}
      data-state={image.state}
    >
      {image.state === 'failed' ? (
        <span className="lazy-image__fallback" role="img" aria-label={alt}>
          <DefaultGameIcon />
        </span>
      ) : (
        image.src && (
          <img
            src={image.src}
            alt={alt}
            decoding="async"
            draggable={false}
            onLoad={image.onLoad}
            onError={image.onError}
          />
        )
      )}
    </span>
  );
}

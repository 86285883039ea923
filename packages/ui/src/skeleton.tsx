import type { CSSProperties } from 'react';
import { cx } from './cx';
import './skeleton.css';

export type SkeletonProps = {
  width?: CSSProperties['width'];
  height?: CSSProperties['height'];
  /** A circle of `width` (avatars, icons). */
  circle?: boolean;
  /** Renders this many text lines, the last one shorter, like a paragraph. */
  lines?: number;
  radius?: CSSProperties['borderRadius'];
  className?: string;
};

/** A shimmering placeholder with the shape of content that is still loading; hidden from screen readers. */
export function Skeleton({ width, height, circle = false, lines, radius, className }: SkeletonProps) {
  if (lines && lines > 1) {
    return (
      <span className={cx('ui-skeleton-lines', className)} aria-hidden="true">
        {Array.from({ length: lines }, (_, line) => (
          <span
            // Lines are interchangeable and never reorder, so their position is their identity.
            // biome-ignore lint/suspicious/noArrayIndexKey: see above.
            key={line}
            className="ui-skeleton ui-skeleton--text"
            style={{ width: line === lines - 1 ? '62%' : (width ?? '100%') }}
          />
        ))}
      </span>
    );
  }
  return (
    <span
      className={cx(
        'ui-skeleton',
        circle && 'ui-skeleton--circle',
        !height && !circle && 'ui-skeleton--text',
        className,
      )}
      style={{ width, height: circle ? width : height, borderRadius: radius }}
      aria-hidden="true"
    />
  );
}

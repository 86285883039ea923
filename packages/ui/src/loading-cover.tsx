import type { ReactNode } from 'react';
import { cx } from './cx';
import { Emblem, Wordmark } from './wordmark';
import './loading-cover.css';

export type LoadingCoverProps = {
  /** Announced to screen readers and shown under the emblem. */
  label: string;
  /** The site name when already known (a configured merchant code); shown under the emblem. */
  siteName?: string | null;
  className?: string;
  /** A picture shown above the emblem (the start-up gate's promotion), in a 3:1 frame. */
  media?: ReactNode;
};

/** The branded full-screen cover shown while the site starts (spec section 1) or a page-wide task runs. */
export function LoadingCover({ label, siteName, className, media }: LoadingCoverProps) {
  return (
    <div className={cx('ui-cover', className)} role="status" aria-live="polite">
      {media && <div className="ui-cover__promo">{media}</div>}
      <div className="ui-cover__stage">
        <div className="ui-cover__ring" aria-hidden="true" />
        <Emblem className="ui-cover__emblem" />
      </div>
      {siteName && <Wordmark name={siteName} size="lg" emblem={false} />}
      <div className="ui-cover__bar" aria-hidden="true">
        <span />
      </div>
      <p className="ui-cover__label">{label}</p>
    </div>
  );
}

import { cx } from '@portal/ui/cx';
import { IconChevronLeft, IconChevronRight } from '@portal/ui/icons';
import Autoplay from 'embla-carousel-autoplay';
import useEmblaCarousel from 'embla-carousel-react';
import { type ReactNode, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAfterPaint } from '@/lib/after-paint';
import { useNearViewport } from '@/lib/near-viewport';

export type CarouselProps = {
  label: string;
  slides: readonly { key: string; node: ReactNode }[];
  showArrows: boolean;
  /** Autoplay delay; autoplay stays off for players who ask for reduced motion. */
  autoplayMs?: number;
  /** `sections`: four slides on desktop (24 px apart); `tiles`: the narrower game tiles. */
  variant: 'sections' | 'tiles';
  className?: string;
};

function prefersReducedMotion(): boolean {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function'
    ? window.matchMedia('(prefers-reduced-motion: reduce)').matches
    : false;
}

/** A horizontal carousel (Embla) with optional arrows and autoplay, as the home page's lanes use it. */
export function Carousel({ label, slides, showArrows, autoplayMs, variant, className }: CarouselProps) {
  const { t } = useTranslation();
  const plugins = useMemo(
    () =>
      autoplayMs && !prefersReducedMotion()
        ? [Autoplay({ delay: autoplayMs, stopOnInteraction: false, stopOnMouseEnter: true, stopOnFocusIn: true })]
        : [],
    [autoplayMs],
  );
  const [viewport, api] = useEmblaCarousel(
    { align: 'start', loop: autoplayMs !== undefined, containScroll: 'trimSnaps', skipSnaps: true },
    plugins,
  );
  const [edges, setEdges] = useState({ previous: false, next: true });
  // Embla measures the slides when it starts: after the lane's first paint, not inside the commit that inserted it,
  // and only once the lane is near the screen (until then the slides lie in a row as the CSS puts them, the same).
  const painted = useAfterPaint();
  const region = useRef<HTMLElement>(null);
  const near = useNearViewport(region);

  useEffect(() => {
    if (!api) return;
    const update = () => setEdges({ previous: api.canScrollPrev(), next: api.canScrollNext() });
    update();
    api.on('select', update).on('reInit', update);
    return () => {
      api.off('select', update).off('reInit', update);
    };
  }, [api]);

  return (
    <section
      ref={region}
      className={cx('carousel', `carousel--${variant}`, showArrows && 'carousel--arrows', className)}
      aria-roledescription="carousel"
      aria-label={label}
    >
      {showArrows && (
        <button
          type="button"
          className="carousel__arrow carousel__arrow--previous"
          aria-label={t('games.home.previous')}
          onClick={() => api?.scrollPrev()}
          disabled={!edges.previous && autoplayMs === undefined}
          data-testid="carousel-previous"
        >
          <IconChevronLeft size={20} />
        </button>
      )}
      <div className="carousel__viewport" ref={painted && near ? viewport : undefined}>
        <ul className="carousel__container">
          {slides.map((slide) => (
            <li key={slide.key} className="carousel__slide">
              {slide.node}
            </li>
          ))}
        </ul>
      </div>
      {showArrows && (
        <button
          type="button"
          className="carousel__arrow carousel__arrow--next"
          aria-label={t('games.home.next')}
          onClick={() => api?.scrollNext()}
          disabled={!edges.next && autoplayMs === undefined}
          data-testid="carousel-next"
        >
          <IconChevronRight size={20} />
        </button>
      )}
    </section>
  );
}

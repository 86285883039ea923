import { cx } from '@portal/ui/cx';
import { IconChevronLeft, IconChevronRight } from '@portal/ui/icons';
import Autoplay from 'embla-carousel-autoplay';
import useEmblaCarousel from 'embla-carousel-react';
import { type ReactNode, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAfterPaint } from '@/lib/after-paint';
import { useNearViewport } from '@/lib/near-viewport';

export type CarouselProps = {
  label: string;
  /** `later`: what stands in the slide's place until it is built (see `firstSlides`); an empty slide if none. */
  slides: readonly { key: string; node: ReactNode; later?: ReactNode }[];
  showArrows: boolean;
  /** Autoplay delay; autoplay stays off for players who ask for reduced motion. */
  autoplayMs?: number;
  /** `sections`: four slides on desktop (24 px apart); `tiles`: the narrower game tiles. */
  variant: 'sections' | 'tiles';
  /**
   * How many slides are built with the carousel; the others keep their places (their `later` stand-ins, in slides
   * of the same width) and are built `laterSlidesPerStep` at a time when the browser is idle, or all at once when
   * the player reaches for the carousel or it turns. All of them when not given.
   */
  firstSlides?: number;
  className?: string;
};

/** Slides built per idle moment after the first ones: a short task each on a phone. */
export const laterSlidesPerStep = 4;

/**
 * How many of `total` slides are built: `first` at once, then `laterSlidesPerStep` more at each idle moment (one
 * commit, one style and layout pass each, instead of all the slides' in the task that first shows the carousel).
 * `showAll` builds the rest at once.
 */
function useSlidesBuilt(total: number, first: number | undefined): { built: number; showAll: () => void } {
  const [later, setLater] = useState(0);
  const showAll = useCallback(() => setLater(Number.POSITIVE_INFINITY), []);
  // Without `first` every slide, however many arrive; with it, never fewer than `first` (a list that grows keeps
  // its first ones built) plus the ones built since.
  const built = first === undefined ? total : Math.min(total, first + later);
  useEffect(() => {
    if (built >= total) return;
    const more = () => setLater((count) => count + laterSlidesPerStep);
    if (typeof window.requestIdleCallback === 'function' && typeof window.cancelIdleCallback === 'function') {
      const cancel = window.cancelIdleCallback.bind(window);
      const handle = window.requestIdleCallback(more, { timeout: 1000 });
      return () => cancel(handle);
    }
    const timer = window.setTimeout(more, 50);
    return () => window.clearTimeout(timer);
  }, [built, total]);
  return { built, showAll };
}

function prefersReducedMotion(): boolean {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function'
    ? window.matchMedia('(prefers-reduced-motion: reduce)').matches
    : false;
}

/** A horizontal carousel (Embla) with optional arrows and autoplay, as the home page's lanes use it. */
export function Carousel({ label, slides, showArrows, autoplayMs, variant, firstSlides, className }: CarouselProps) {
  const { t } = useTranslation();
  const { built, showAll } = useSlidesBuilt(slides.length, firstSlides);
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
    // Once the carousel turns (autoplay or the player), the slides coming into view must be there.
    api.on('select', update).on('reInit', update).on('select', showAll);
    return () => {
      api.off('select', update).off('reInit', update).off('select', showAll);
    };
  }, [api, showAll]);

  return (
    <section
      ref={region}
      className={cx('carousel', `carousel--${variant}`, showArrows && 'carousel--arrows', className)}
      aria-roledescription="carousel"
      aria-label={label}
      // A player reaching for the carousel (pointer, keyboard focus) gets every slide at once.
      onPointerDown={built < slides.length ? showAll : undefined}
      onFocus={built < slides.length ? showAll : undefined}
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
          {slides.map((slide, index) =>
            index < built ? (
              <li key={slide.key} className="carousel__slide">
                {slide.node}
              </li>
            ) : (
              <li key={slide.key} className="carousel__slide carousel__slide--later" aria-hidden="true">
                {slide.later}
              </li>
            ),
          )}
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

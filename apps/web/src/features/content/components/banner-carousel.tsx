import { type Announcement, bannerCarousel, rewardCenterPath } from '@portal/contract';
import { cx } from '@portal/ui/cx';
import { IconChevronLeft, IconChevronRight } from '@portal/ui/icons';
import { Skeleton } from '@portal/ui/skeleton';
import type { EmblaOptionsType } from 'embla-carousel';
import Autoplay, { type AutoplayOptionsType } from 'embla-carousel-autoplay';
import useEmblaCarousel from 'embla-carousel-react';
import { type Ref, type RefObject, useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useAfterPaint } from '@/lib/after-paint';
import { markFirstScreenReady } from '@/lib/first-screen';
import { safeExternalUrl } from '@/lib/safe-url';
import '@/locales/content';
import { bannersOf, useAnnouncements } from '../api/announcements';
import { LazyImage } from './lazy-image';
import './content.css';

/**
 * Embla's scroll `duration` is a spring constant, not milliseconds: with its friction, 24 settles a slide change
 * in about 1000 ms at 60 frames a second (measured), the spec's banner transition.
 */
export const bannerScrollDuration = 24;

/**
 * The carousel settings of spec sections 2 and 9: with several banners they loop and turn every 5000 ms with a
 * transition of about 1000 ms; a single banner stands still. Autoplay resumes after the player swipes or clicks.
 */
export function bannerCarouselSettings(count: number): {
  options: EmblaOptionsType;
  autoplay: Partial<AutoplayOptionsType> | null;
} {
  const several = count > 1;
  return {
    options: { loop: several, duration: bannerScrollDuration, watchDrag: several },
    autoplay: several
      ? { delay: bannerCarousel.autoplayMs, stopOnInteraction: false, stopOnMouseEnter: true, playOnInit: true }
      : null,
  };
}

function BannerLink({ banner, children }: { banner: Announcement; children: React.ReactNode }) {
  if (banner.linkageType === 'PROMOTION') {
    return (
      <Link to={rewardCenterPath} className="content-banner__link" aria-label={banner.title}>
        {children}
      </Link>
    );
  }
  if (banner.linkageType === 'ROUTE' && banner.linkage?.startsWith('/')) {
    return (
      <Link to={banner.linkage} className="content-banner__link" aria-label={banner.title}>
        {children}
      </Link>
    );
  }
  const external = banner.linkageType === 'URL' ? safeExternalUrl(banner.linkage) : null;
  if (external) {
    return (
      <a
        href={external}
        className="content-banner__link"
        target="_blank"
        rel="noopener noreferrer"
        aria-label={banner.title}
      >
        {children}
      </a>
    );
  }
  return <div className="content-banner__link">{children}</div>;
}

function BannerMedia({ banner, first }: { banner: Announcement; first: boolean }) {
  const { t } = useTranslation();
  const image = banner.announcementImages[0];
  if (banner.videoUrl) {
    return (
      <video
        className="content-banner__video"
        src={banner.videoUrl}
        poster={image?.url}
        muted
        autoPlay
        loop
        playsInline
        preload={first ? 'auto' : 'none'}
        aria-label={banner.title}
        width={1200}
        height={400}
      />
    );
  }
  return (
    <LazyImage
      src={image?.url ?? ''}
      alt={banner.title}
      width={1200}
      height={400}
      eager={first}
      className="content-banner__image"
      fallbackLabel={t('contentUi.banners.imageMissing')}
    />
  );
}

export type BannerCarouselProps = {
  ref?: Ref<HTMLElement>;
  banners: readonly Announcement[];
  label: string;
  className?: string;
};

/** A banner carousel (embla): slides, previous/next arrows and dots when there are several. */
export function BannerCarousel({ ref, banners, label, className }: BannerCarouselProps) {
  const { t } = useTranslation();
  const settings = bannerCarouselSettings(banners.length);
  const [viewport, api] = useEmblaCarousel(settings.options, settings.autoplay ? [Autoplay(settings.autoplay)] : []);
  const [selected, setSelected] = useState(0);
  // Embla measures the slides when it starts: after the banners' first paint (the first banner is on screen without
  // it), not inside the commit that inserted the page around them.
  const painted = useAfterPaint();

  useEffect(() => {
    if (!api) return;
    const onSelect = () => setSelected(api.selectedScrollSnap());
    onSelect();
    api.on('select', onSelect);
    api.on('reInit', onSelect);
    return () => {
      api.off('select', onSelect);
      api.off('reInit', onSelect);
    };
  }, [api]);

  const scrollTo = useCallback((index: number) => api?.scrollTo(index), [api]);
  const several = banners.length > 1;

  return (
    <section ref={ref} className={cx('content-banners', className)} aria-roledescription="carousel" aria-label={label}>
      <div className="content-banners__viewport" ref={painted ? viewport : undefined}>
        <ul className="content-banners__container">
          {banners.map((banner, index) => (
            <li
              key={banner.id}
              className="content-banner"
              aria-label={t('contentUi.banners.slide', { index: index + 1, count: banners.length })}
            >
              <BannerLink banner={banner}>
                <BannerMedia banner={banner} first={index === 0} />
              </BannerLink>
            </li>
          ))}
        </ul>
      </div>
      {several && (
        <>
          <button
            type="button"
            className="content-banners__arrow content-banners__arrow--prev"
            onClick={() => api?.scrollPrev()}
            aria-label={t('contentUi.banners.previous')}
          >
            <IconChevronLeft size={22} />
          </button>
          <button
            type="button"
            className="content-banners__arrow content-banners__arrow--next"
            onClick={() => api?.scrollNext()}
            aria-label={t('contentUi.banners.next')}
          >
            <IconChevronRight size={22} />
          </button>
          <div className="content-banners__dots">
            {banners.map((banner, index) => (
              <button
                key={banner.id}
                type="button"
                className={cx('content-banners__dot', index === selected && 'content-banners__dot--active')}
                aria-label={t('contentUi.banners.goTo', { index: index + 1 })}
                aria-current={index === selected ? 'true' : undefined}
                onClick={() => scrollTo(index)}
              />
            ))}
          </div>
        </>
      )}
    </section>
  );
}

/**
 * The home page's banners (group w_home); a placeholder of the same size while they load. The page's one h1 is
 * the home route's (visually hidden while a banner block is on the page), so the carousel adds none: two would
 * break the document outline once the banners arrive.
 */
export function HomeBanners() {
  const { t } = useTranslation();
  const { data, isLoading } = useAnnouncements();
  const banners = bannersOf(data, 'w_home');
  const block = useRef<HTMLElement>(null);
  useReportFirstScreen(block, !isLoading);
  // isLoading, not isPending: with announcements switched off the query never runs and nothing is shown.
  if (isLoading) return <Skeleton className="content-banners__skeleton" height="100%" radius={16} />;
  if (banners.length === 0) return null;
  return <BannerCarousel ref={block} banners={banners} label={t('contentUi.banners.label')} />;
}

/**
 * Tells the page its first screen is in (`markFirstScreenReady`) once the first banner's image has arrived and been
 * painted, or at once when there is no image to wait for (no banners, a video banner, a failed image).
 */
function useReportFirstScreen(block: RefObject<HTMLElement | null>, settled: boolean): void {
  useEffect(() => {
    if (!settled) return;
    let frame = 0;
    // The frame after the image arrived has painted it.
    const painted = () => {
      frame = requestAnimationFrame(() => {
        frame = requestAnimationFrame(() => markFirstScreenReady());
      });
    };
    const image = block.current?.querySelector<HTMLImageElement>('.content-banner img');
    if (!image || image.complete) {
      painted();
      return () => cancelAnimationFrame(frame);
    }
    image.addEventListener('load', painted, { once: true });
    image.addEventListener('error', painted, { once: true });
    return () => {
      image.removeEventListener('load', painted);
      image.removeEventListener('error', painted);
      cancelAnimationFrame(frame);
    };
  }, [block, settled]);
}

/** The promotion page's banners (group w_promotion), which may be videos. */
export function PromotionBanners() {
  const { t } = useTranslation();
  const { data } = useAnnouncements();
  const banners = bannersOf(data, 'w_promotion');
  if (banners.length === 0) return null;
  return (
    <BannerCarousel
      banners={banners}
      label={t('contentUi.banners.promotionLabel')}
      className="content-banners--promotion"
    />
  );
}

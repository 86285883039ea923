import { type ComponentType, type LazyExoticComponent, lazy, Suspense } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { CustomerServiceLinks } from '@/features/customer-service/components/customer-service-links';
import { usePermission } from '@/lib/permission';
import { RouteErrorBoundary } from '../layout/route-error-boundary';
import './home.css';

/**
 * A block of the home page, loaded on demand. `reserve` is the height kept free while its code and data load,
 * on wide screens and on phones, so nothing below it moves when it appears (no layout shift).
 */
export type HomeSlot = {
  id: string;
  component: LazyExoticComponent<ComponentType>;
  reserve: { desktop: number; phone: number };
};

/**
 * The home page's blocks in the order of spec section 2 "Home": notice marquee, banners (w_home, video banners
 * for w_promotion), hot games, jackpot counter with the winners board, then the sections RNG, LIVE, FISH, PVP,
 * SPORTS, ESPORTS and COCKFIGHT. Each feature adds its block here as one entry when it lands, e.g.
 * `{ id: 'marquee', component: lazy(() => import('@/features/content/components/notice-marquee').then(…)), reserve: … }`.
 */
export const homeSlots: readonly HomeSlot[] = [
  {
    id: 'marquee',
    component: lazy(() =>
      import('@/features/content/components/notice-marquee').then((module) => ({ default: module.NoticeMarquee })),
    ),
    reserve: { desktop: 44, phone: 44 },
  },
  {
    id: 'banners',
    component: lazy(() =>
      import('@/features/content/components/banner-carousel').then((module) => ({ default: module.HomeBanners })),
    ),
    reserve: { desktop: 341, phone: 127 },
  },
  {
    id: 'hotGames',
    component: lazy(() =>
      import('@/features/games/components/home-games').then((module) => ({ default: module.HomeHotGames })),
    ),
    reserve: { desktop: 330, phone: 302 },
  },
  {
    id: 'jackpot',
    component: lazy(() =>
      import('@/features/games/components/home-games').then((module) => ({ default: module.HomeJackpotWinners })),
    ),
    reserve: { desktop: 330, phone: 560 },
  },
  {
    id: 'gameSections',
    component: lazy(() =>
      import('@/features/games/components/home-games').then((module) => ({ default: module.HomeGameSections })),
    ),
    reserve: { desktop: 1400, phone: 1500 },
  },
];

function Slot({ slot }: { slot: HomeSlot }) {
  const Component = slot.component;
  const reserve = { '--slot-desktop': `${slot.reserve.desktop}px`, '--slot-phone': `${slot.reserve.phone}px` };
  return (
    <div className="home-slot" data-slot={slot.id} style={reserve as React.CSSProperties}>
      {/* One block failing (its chunk or its data) leaves the rest of the home page working. */}
      <RouteErrorBoundary resetKey={slot.id}>
        <Suspense fallback={<div className="home-slot__placeholder" aria-hidden="true" />}>
          <Component />
        </Suspense>
      </RouteErrorBoundary>
    </div>
  );
}

/**
 * The home route (/, /index, /index.html, /home, and behind the /help, /login and /register modals): the blocks
 * of `homeSlots`, with the site's welcome while no banner block exists, and the customer-service channels.
 */
export function HomeRoute() {
  const { t } = useTranslation();
  const { info } = usePermission();
  const site = info.siteName;
  const hasBanners = homeSlots.some((slot) => slot.id === 'banners');
  return (
    <div className="home">
      <title>{site}</title>
      {/* With banners the welcome hero steps aside, but the page keeps its title for assistive technology. */}
      {hasBanners && (
        <h1 className="visually-hidden">
          <Trans i18nKey="home.welcome" values={{ site }} components={{ site: <span /> }} />
        </h1>
      )}
      {homeSlots.map((slot) => (
        <Slot key={slot.id} slot={slot} />
      ))}
      {!hasBanners && (
        <section className="home-hero" aria-labelledby="home-title">
          <div className="home-hero__content">
            <h1 id="home-title" className="home-hero__title">
              <Trans
                i18nKey="home.welcome"
                values={{ site }}
                components={{ site: <span className="home-hero__site" /> }}
              />
            </h1>
            <p className="home-hero__tagline">{t('home.tagline')}</p>
          </div>
          <div className="home-hero__art" aria-hidden="true">
            <span className="home-hero__card home-hero__card--back">♣</span>
            <span className="home-hero__card home-hero__card--front">♠</span>
            <span className="home-hero__chip" />
            <span className="home-hero__chip home-hero__chip--small" />
          </div>
        </section>
      )}
      {info.customerService.length > 0 && (
        <section className="home-support" aria-labelledby="home-support-title">
          <div className="home-support__intro">
            <h2 id="home-support-title" className="home-support__title">
              {t('home.supportTitle')}
            </h2>
            <p className="home-support__body">{t('home.supportBody')}</p>
          </div>
          <CustomerServiceLinks entries={info.customerService} variant="cards" />
        </section>
      )}
    </div>
  );
}

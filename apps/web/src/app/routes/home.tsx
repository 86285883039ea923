import { type ComponentType, type CSSProperties, lazy, Suspense, useRef } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { HomeBanners } from '@/features/content/components/banner-carousel';
import { NoticeMarquee } from '@/features/content/components/notice-marquee';
import { CustomerServiceLinks } from '@/features/customer-service/components/customer-service-links';
import { whenFirstScreenReady } from '@/lib/first-screen';
import { useNearViewport } from '@/lib/near-viewport';
import { usePermission } from '@/lib/permission';
import { RouteErrorBoundary } from '../layout/route-error-boundary';
import './home.css';

/**
 * A block of the home page. `reserve` is the height kept free while its code and data load, on wide screens and on
 * phones, so nothing below it moves when it appears (no layout shift). Blocks below the first screen load their
 * code on demand (`lazyHomeSlot`).
 */
export type HomeSlot = {
  id: string;
  component: ComponentType;
  reserve: { desktop: number; phone: number };
  /**
   * Rendered only once its place comes within `nearScreenMargin` of the screen (its code and data still load
   * early): for a block that starts below the first screen on every device.
   */
  whenNearScreen?: boolean;
};

/**
 * How close a `whenNearScreen` block's place must come to the screen before it renders. Small enough that a block
 * starting below the first screen of a phone (from about 1,070 px) or a laptop (about 1,110 px) stays out of the
 * first load; large enough that it is in place before a scrolling player reaches it.
 */
export const nearScreenMargin = '200px';

/**
 * A block whose code loads on demand, without waiting for its first render: it starts downloading once the first
 * screen (the banners) is in (`whenFirstScreenReady`), as its place is reserved and it begins below the banner.
 */
function lazyHomeSlot(
  id: string,
  load: () => Promise<ComponentType>,
  reserve: HomeSlot['reserve'],
  options: Pick<HomeSlot, 'whenNearScreen'> = {},
): HomeSlot {
  const pending = whenFirstScreenReady().then(load);
  pending.catch(() => undefined);
  return { id, component: lazy(() => pending.then((component) => ({ default: component }))), reserve, ...options };
}

/**
 * The home page's blocks in the order of spec section 2 "Home": notice marquee, banners (w_home, video banners
 * for w_promotion), hot games, jackpot counter with the winners board, then the sections RNG, LIVE, FISH, PVP,
 * SPORTS, ESPORTS and COCKFIGHT. The marquee and the banners are imported with this module: the first banner is
 * the phone's largest paint, and the router starts this module's download beside the site configuration, so
 * their code arrives with it instead of a render and a download later. The game blocks load on demand, after them.
 */
export const homeSlots: readonly HomeSlot[] = [
  { id: 'marquee', component: NoticeMarquee, reserve: { desktop: 44, phone: 44 } },
  { id: 'banners', component: HomeBanners, reserve: { desktop: 341, phone: 127 } },
  lazyHomeSlot(
    'hotGames',
    () => import('@/features/games/components/home-games').then((module) => module.HomeHotGames),
    { desktop: 330, phone: 302 },
  ),
  lazyHomeSlot(
    'jackpot',
    () => import('@/features/games/components/home-games').then((module) => module.HomeJackpotWinners),
    { desktop: 330, phone: 560 },
  ),
  lazyHomeSlot(
    'gameSections',
    () => import('@/features/games/components/home-games').then((module) => module.HomeGameSections),
    { desktop: 1400, phone: 1500 },
    // Seven lanes of up to 12 vendor cards (about 520 elements, a quarter of the page after its first load): built
    // with the page, they added style, layout and React work while the player looked at the banners and hot games.
    { whenNearScreen: true },
  ),
];

const placeholder = <div className="home-slot__placeholder" aria-hidden="true" />;

function SlotContent({ slot }: { slot: HomeSlot }) {
  const Component = slot.component;
  return (
    // One block failing (its chunk or its data) leaves the rest of the home page working.
    <RouteErrorBoundary resetKey={slot.id}>
      <Suspense fallback={placeholder}>
        <Component />
      </Suspense>
    </RouteErrorBoundary>
  );
}

const reserveOf = (slot: HomeSlot) =>
  ({ '--slot-desktop': `${slot.reserve.desktop}px`, '--slot-phone': `${slot.reserve.phone}px` }) as CSSProperties;

/** A `whenNearScreen` block: its reserved place until that place comes near the screen, then the block. */
function NearScreenSlot({ slot }: { slot: HomeSlot }) {
  const place = useRef<HTMLDivElement>(null);
  const near = useNearViewport(place, nearScreenMargin);
  return (
    <div ref={place} className="home-slot" data-slot={slot.id} style={reserveOf(slot)}>
      {near ? <SlotContent slot={slot} /> : placeholder}
    </div>
  );
}

/** One block of the home page in its reserved place. */
export function HomeSlotView({ slot }: { slot: HomeSlot }) {
  if (slot.whenNearScreen) return <NearScreenSlot slot={slot} />;
  return (
    <div className="home-slot" data-slot={slot.id} style={reserveOf(slot)}>
      <SlotContent slot={slot} />
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
        <HomeSlotView key={slot.id} slot={slot} />
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

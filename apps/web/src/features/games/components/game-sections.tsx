import { Skeleton } from '@portal/ui/skeleton';
import { useDeferredValue } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useGameMenus } from '../api/game-menus';
import { useVendorCardAction } from '../hooks/use-vendor-card-action';
import { categoryPath, homeSectionCategories } from '../utils/categories';
import { cutSection, sectionArrowsAbove, showsArrows } from '../utils/sections';
import { Carousel } from './carousel';
import { VendorCard } from './vendor-card';
import '@/locales/games';
import './games.css';

/**
 * The home sections RNG, LIVE, FISH, PVP, SPORTS, ESPORTS and COCKFIGHT (spec sections 2 and 9): each lane's
 * vendors cut to 12, four visible on desktop 24 px apart, arrows when the lane has more than 12. A category
 * without vendors has no section.
 */
export function GameSections() {
  const { t } = useTranslation();
  const menus = useGameMenus();
  // The lanes (up to 7 x 12 vendor cards, a carousel each) render in a background pass that yields to the browser,
  // not in the synchronous update that delivers the answer: one long task on a phone otherwise.
  const data = useDeferredValue(menus.data);
  const action = useVendorCardAction();
  if (menus.isPending || (menus.data !== undefined && data === undefined)) {
    return (
      <div className="home-sections" aria-busy="true">
        <Skeleton height={220} radius={18} />
      </div>
    );
  }
  const lanes = homeSectionCategories.flatMap((category) => {
    const lane = data?.lanes.find((entry) => entry.title === category);
    return lane && lane.cards.length > 0 ? [lane] : [];
  });
  return (
    <div className="home-sections">
      {lanes.map((lane) => {
        const label = t(`games.categories.${lane.title}`);
        const headingId = `home-section-${lane.title}`;
        return (
          <section key={lane.title} className="home-games" aria-labelledby={headingId} data-section={lane.title}>
            <div className="home-games__head">
              <h2 id={headingId} className="home-games__title">
                {label}
              </h2>
              <Link className="home-games__all" to={categoryPath(lane.title)}>
                {t('games.home.seeAll')}
              </Link>
            </div>
            <Carousel
              label={t('games.home.sectionLabel', { category: label })}
              variant="sections"
              showArrows={showsArrows(lane.cards.length, sectionArrowsAbove)}
              slides={cutSection(lane.cards).map((card) => ({
                key: card.vassalage,
                node: <VendorCard card={card} onOpen={action.open} pending={action.pending(card)} />,
              }))}
            />
          </section>
        );
      })}
      {action.modal}
    </div>
  );
}

import { Skeleton } from '@portal/ui/skeleton';
import { useDeferredValue } from 'react';
import { useTranslation } from 'react-i18next';
import { useHotGames } from '../api/hot-games';
import { useGameTileActions } from '../hooks/use-game-tile-actions';
import { hotArrowsAbove, hotAutoplayMs, showsArrows } from '../utils/sections';
import { Carousel } from './carousel';
import { IconFlame } from './game-icons';
import { GameTile, GameTileShell } from './game-tile';
import '@/locales/games';
import './games.css';

/**
 * Height of the block's panel while it loads and when there is nothing hot: the same as the carousel of tiles, so
 * the home page below does not move when the answer arrives (bench/RESULTS.md measured a 0.29 layout shift when
 * the block used to disappear instead).
 */
export const hotPanelHeight = 260;

/**
 * Hot-game tiles built with the carousel: the six a wide screen shows and the next two, which autoplay brings in
 * first. Each tile is about 21 elements, so the other 22 of a full list (some 460 elements) are built a few at a
 * time once the page is idle rather than in the task that first shows the block; until then each stands in its
 * place as a `GameTileShell` of the same height (5 or 6 elements).
 */
export const hotFirstSlides = 8;

/** Home "Hot games" (spec sections 2 and 9): an auto-scrolling carousel (1200 ms), arrows above 7 games. */
export function HotGamesCarousel() {
  const { t } = useTranslation();
  const hot = useHotGames();
  const actions = useGameTileActions();
  // The tiles render in a background pass that yields to the browser, not in the synchronous update that delivers
  // the answer (a long task on a phone otherwise).
  const deferred = useDeferredValue(hot.data);
  const games = deferred ?? [];
  if (hot.isPending || (hot.data !== undefined && deferred === undefined)) {
    return (
      <div className="home-games" aria-busy="true">
        <h2 className="home-games__title">
          <IconFlame size={20} />
          {t('games.home.hotTitle')}
        </h2>
        <Skeleton height={hotPanelHeight} radius={18} />
      </div>
    );
  }
  // Nothing hot (or the call failed): the block keeps its place with a short note, so nothing below it moves.
  if (games.length === 0) {
    return (
      <section className="home-games" aria-labelledby="hot-games-title">
        <h2 id="hot-games-title" className="home-games__title">
          <IconFlame size={20} />
          {t('games.home.hotTitle')}
        </h2>
        <div className="home-games__empty" style={{ height: hotPanelHeight }} data-testid="hot-games-empty">
          <span className="home-games__empty-icon" aria-hidden="true">
            <IconFlame size={32} />
          </span>
          <p className="home-games__empty-title">{t('games.home.hotEmpty')}</p>
          <p className="home-games__empty-body">{t('games.home.hotEmptyBody')}</p>
        </div>
      </section>
    );
  }
  return (
    // The carousel itself is the labelled region; this box only adds the heading above it.
    <div className="home-games">
      <h2 className="home-games__title">
        <IconFlame size={20} />
        {t('games.home.hotTitle')}
      </h2>
      <Carousel
        label={t('games.home.hotTitle')}
        variant="tiles"
        autoplayMs={hotAutoplayMs}
        showArrows={showsArrows(games.length, hotArrowsAbove)}
        firstSlides={hotFirstSlides}
        slides={games.map((game) => ({
          key: game.nodeId,
          node: (
            <GameTile
              game={game}
              favorite={actions.isFavorite(game)}
              onToggleFavorite={actions.toggleFavorite}
              onLaunch={actions.launch}
              pendingMode={actions.pendingModeOf(game)}
            />
          ),
          // The tile's height while it waits: a taller tile built later (one with two buttons) would otherwise grow
          // the row and move the blocks below.
          later: <GameTileShell game={game} />,
        }))}
      />
    </div>
  );
}

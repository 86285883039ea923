import { Skeleton } from '@portal/ui/skeleton';
import { useTranslation } from 'react-i18next';
import { useHotGames } from '../api/hot-games';
import { useGameTileActions } from '../hooks/use-game-tile-actions';
import { hotArrowsAbove, hotAutoplayMs, showsArrows } from '../utils/sections';
import { Carousel } from './carousel';
import { IconFlame } from './game-icons';
import { GameTile } from './game-tile';
import '@/locales/games';
import './games.css';

/** Home "Hot games" (spec sections 2 and 9): an auto-scrolling carousel (1200 ms), arrows above 7 games. */
export function HotGamesCarousel() {
  const { t } = useTranslation();
  const hot = useHotGames();
  const actions = useGameTileActions();
  const games = hot.data ?? [];
  if (hot.isPending) {
    return (
      <div className="home-games" aria-busy="true">
        <h2 className="home-games__title">
          <IconFlame size={20} />
          {t('games.home.hotTitle')}
        </h2>
        <Skeleton height={260} radius={18} />
      </div>
    );
  }
  // Nothing hot (or the call failed): the block leaves no empty frame behind.
  if (games.length === 0) return null;
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
        }))}
      />
    </div>
  );
}

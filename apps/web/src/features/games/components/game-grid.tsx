import type { Game } from '@portal/contract';
import { Skeleton } from '@portal/ui/skeleton';
import { useGameTileActions } from '../hooks/use-game-tile-actions';
import { GameTile } from './game-tile';

/** Tiles in a responsive grid, wired to favourites and the launch flow. */
export function GameGrid({ games }: { games: readonly Game[] }) {
  const actions = useGameTileActions();
  return (
    <ul className="game-grid">
      {games.map((game) => (
        <li key={game.nodeId} className="game-grid__cell">
          <GameTile
            game={game}
            favorite={actions.isFavorite(game)}
            onToggleFavorite={actions.toggleFavorite}
            onLaunch={actions.launch}
            pendingMode={actions.pendingModeOf(game)}
          />
        </li>
      ))}
    </ul>
  );
}

/** The grid's shape while the first page loads, so nothing jumps when it arrives. */
export function GameGridSkeleton({ count = 10 }: { count?: number }) {
  return (
    <ul className="game-grid" aria-hidden="true">
      {Array.from({ length: count }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity.
        <li key={index} className="game-grid__cell">
          <div className="game-tile game-tile--skeleton">
            <Skeleton className="game-tile__skeleton-media" radius={14} />
            <Skeleton height={14} width="70%" />
            <Skeleton height={30} radius={999} />
          </div>
        </li>
      ))}
    </ul>
  );
}

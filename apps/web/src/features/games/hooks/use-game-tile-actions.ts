import type { Game } from '@portal/contract';
import { useCallback } from 'react';
import { useFavorites } from './use-favorites';
import { useLaunchGame } from './use-launch-game';

/** What a set of tiles needs: favourites and the launch flow, shared so one launch runs at a time. */
export function useGameTileActions() {
  const favorites = useFavorites();
  const { launch, isPending } = useLaunchGame();
  const pendingModeOf = useCallback(
    (game: Pick<Game, 'nodeId' | 'vassalage'>): 'real' | 'trial' | null => {
      if (isPending({ nodeId: game.nodeId, vassalage: game.vassalage, mode: 'real' })) return 'real';
      if (isPending({ nodeId: game.nodeId, vassalage: game.vassalage, mode: 'trial' })) return 'trial';
      return null;
    },
    [isPending],
  );
  return { isFavorite: favorites.isFavorite, toggleFavorite: favorites.toggle, launch, pendingModeOf };
}

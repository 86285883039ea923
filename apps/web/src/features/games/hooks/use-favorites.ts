import { calls, type FavoriteGameInput, favoriteIdsSchema, type Game } from '@portal/contract';
import { useToast } from '@portal/ui/toast';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useSyncExternalStore } from 'react';
import { apiCall, describeError } from '@/lib/api-client';
import { openModal } from '@/lib/modals';
import { useSession } from '@/lib/session';
import {
  claimToggle,
  getFavoritesState,
  resetFavorites,
  seedFavorites,
  setFavoriteLocally,
  subscribeFavorites,
} from './favorites-store';

type FavoriteTarget = Pick<Game, 'nodeId' | 'vassalage' | 'gameType' | 'isFavorite'>;

export type ToggleOutcome = 'login' | 'throttled' | 'added' | 'removed';

/**
 * Favourites for the tiles: whether a game is a favourite and the toggle of spec sections 4 and 9 (visitors get
 * the login popup; local ids change at once; one toggle per 1000 ms; a failed call puts the heart back and says
 * why). The player's ids load once per session from `MCSFE_getFavoriteGames`.
 */
export function useFavorites() {
  const session = useSession();
  const { token } = session;
  const signedIn = session.status === 'member' || session.status === 'agent' || session.status === 'trial';
  const toast = useToast();
  const store = useSyncExternalStore(subscribeFavorites, getFavoritesState, getFavoritesState);
  const sequence = useRef(0);

  const idsQuery = useQuery({
    queryKey: ['games', 'favoriteIds', token] as const,
    queryFn: ({ signal }) => apiCall(calls.favoriteGames, { body: {}, schema: favoriteIdsSchema, signal }),
    enabled: signedIn && token !== null,
    staleTime: Number.POSITIVE_INFINITY,
  });

  useEffect(() => {
    if (!token) {
      if (getFavoritesState().owner !== null) resetFavorites();
      return;
    }
    if (idsQuery.data && getFavoritesState().owner !== token) seedFavorites(token, idsQuery.data.nodeIds);
  }, [token, idsQuery.data]);

  const known = token !== null && store.owner === token;

  const isFavorite = useCallback(
    (game: Pick<FavoriteTarget, 'nodeId' | 'isFavorite'>) =>
      signedIn && (known ? store.ids.includes(game.nodeId) : game.isFavorite),
    [signedIn, known, store],
  );

  const toggle = useCallback(
    (game: FavoriteTarget): ToggleOutcome => {
      if (!signedIn || !token) {
        openModal('loginPopupModal');
        return 'login';
      }
      if (!claimToggle()) return 'throttled';
      if (getFavoritesState().owner !== token) seedFavorites(token, idsQuery.data?.nodeIds ?? []);
      const add = !getFavoritesState().ids.includes(game.nodeId);
      setFavoriteLocally(game.nodeId, add);
      const mine = ++sequence.current;
      const payload: FavoriteGameInput = { nodeId: game.nodeId, vendor: game.vassalage, gameType: game.gameType };
      const request = add
        ? apiCall(calls.addFavoriteGame, { body: payload, schema: favoriteIdsSchema })
        : apiCall(calls.removeFavoriteGame, { query: payload, schema: favoriteIdsSchema });
      request.then(
        (answer) => {
          // A later toggle's local change wins over this older answer.
          if (mine === sequence.current && getFavoritesState().owner === token) seedFavorites(token, answer.nodeIds);
        },
        (error: unknown) => {
          if (getFavoritesState().owner === token) setFavoriteLocally(game.nodeId, !add);
          toast.show({ tone: 'error', message: describeError(error) });
        },
      );
      return add ? 'added' : 'removed';
    },
    [signedIn, token, idsQuery.data, toast],
  );

  return { isFavorite, toggle };
}

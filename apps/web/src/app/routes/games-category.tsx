import type { GameCategory } from '@portal/contract';
import { useLocation } from 'react-router';
import { GameCentre } from '@/features/games/components/game-centre';
import { GameListCentre } from '@/features/games/components/game-list-centre';
import { gameCentreRoutes, listCentreRoutes } from '@/features/games/utils/categories';
import { NotFoundRoute } from './not-found';

function categoryOfPath(pathname: string): { category: GameCategory; kind: 'list' | 'centre' } | null {
  const segment = pathname.replace(/^\/+/, '').split('/')[0]?.toLowerCase() ?? '';
  if (segment in listCentreRoutes)
    return { category: listCentreRoutes[segment as keyof typeof listCentreRoutes], kind: 'list' };
  if (segment in gameCentreRoutes) {
    return { category: gameCentreRoutes[segment as keyof typeof gameCentreRoutes], kind: 'centre' };
  }
  return null;
}

/**
 * The category routes of spec section 2: /live, /fish, /rng, /pvp, /bgs are game list centres; /sports,
 * /esports, /lott, /elott, /cockfight game centres. `?vassalage=` narrows either to one vendor.
 */
export function GamesCategoryRoute() {
  const { pathname } = useLocation();
  const route = categoryOfPath(pathname);
  if (!route) return <NotFoundRoute />;
  return route.kind === 'list' ? (
    <GameListCentre key={route.category} category={route.category} />
  ) : (
    <GameCentre key={route.category} category={route.category} />
  );
}

import { Navigate } from 'react-router';
import { GamesPage } from '@/features/games/components/games-page';
import { useCan } from '@/lib/session';
import { consolePaths } from '../paths';

export function GamesRoute() {
  const canManage = useCan('games.manage');
  if (!canManage) return <Navigate to={consolePaths.settings} replace />;
  return <GamesPage />;
}

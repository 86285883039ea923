import { Navigate, useParams } from 'react-router';
import { PlayerAdjustments } from '@/features/adjustments/components/player-adjustments';
import { PlayerDetailPage } from '@/features/players/components/player-detail-page';
import { PlayersPage } from '@/features/players/components/players-page';
import { useCan } from '@/lib/session';
import { consolePaths, playerPath } from '../paths';

export function PlayersRoute() {
  const canRead = useCan('players.read');
  if (!canRead) return <Navigate to={consolePaths.settings} replace />;
  return <PlayersPage detailPath={playerPath} />;
}

/** One player's page, with the adjustments feature composed into it. */
export function PlayerRoute() {
  const { id } = useParams();
  const canRead = useCan('players.read');
  const canChangeStatus = useCan('players.status');
  const canManagePassword = useCan('players.password');
  const canPropose = useCan('adjustments.propose');
  const canApprove = useCan('adjustments.approve');
  const playerId = Number(id);
  if (!canRead) return <Navigate to={consolePaths.settings} replace />;
  if (!Number.isSafeInteger(playerId) || playerId < 1) return <Navigate to={consolePaths.players} replace />;
  return (
    <PlayerDetailPage
      key={playerId}
      id={playerId}
      listPath={consolePaths.players}
      detailPath={playerPath}
      canChangeStatus={canChangeStatus}
      canManagePassword={canManagePassword}
      renderAdjustments={(player) =>
        player.kind === 'trial' ? null : (
          <PlayerAdjustments player={player} canPropose={canPropose} canApprove={canApprove} />
        )
      }
    />
  );
}

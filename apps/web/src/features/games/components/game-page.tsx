import type { LaunchGameInput, LaunchModeKind } from '@portal/contract';
import { Button } from '@portal/ui/button';
import { EmptyState } from '@portal/ui/empty-state';
import { Spinner } from '@portal/ui/spinner';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useSearchParams } from 'react-router';
import { describeError } from '@/lib/api-client';
import { useSession } from '@/lib/session';
import { useGameMenus } from '../api/game-menus';
import { requestLaunch } from '../api/launch-game';
import { transferInBeforeLaunch, walletModeOf } from '../api/vendor-wallet';
import { isGamePageState } from '../hooks/use-launch-game';
import { useSweepOnLeave } from '../hooks/use-sweep-on-leave';
import { isLaunchableUrl } from '../utils/launch-url';
import { GameFrame } from './game-frame';
import { DefaultGameIcon } from './game-icons';
import '@/locales/games';
import './games.css';

/** The launch the game page's address describes (`/seamless?nodeId=…&vassalage=…&mode=real&name=…`). */
export function launchFromSearch(params: URLSearchParams): (LaunchGameInput & { name: string }) | null {
  const nodeId = params.get('nodeId') ?? undefined;
  const gameCode = params.get('gameCode') ?? undefined;
  const vassalage = params.get('vassalage') ?? undefined;
  if (!nodeId && !(gameCode && vassalage)) return null;
  const mode: LaunchModeKind = params.get('mode') === 'trial' ? 'trial' : 'real';
  const launchModeParam = params.get('launchMode');
  const launchMode = launchModeParam === 'LOBBY' || launchModeParam === 'LOTT' ? launchModeParam : 'GAME';
  return {
    nodeId,
    gameCode: nodeId ? undefined : gameCode,
    vassalage,
    mode,
    launchMode,
    platform: 'html5-desktop',
    name: params.get('name') ?? gameCode ?? nodeId ?? '',
  };
}

/**
 * The in-portal game page. Arriving from a tile it shows the launch the tile already made; opened directly (a
 * reload, a bookmark) it launches again itself. Who may launch is the route's check (spec section 6).
 */
export function GamePage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const location = useLocation();
  const { token } = useSession();
  const request = launchFromSearch(params);
  const handed = isGamePageState(location.state) ? location.state.launch : null;

  const menus = useGameMenus();
  const launch = useQuery({
    queryKey: ['games', 'launch', location.key, token, params.toString()] as const,
    queryFn: async () => {
      if (!request) throw new Error('no game');
      const { name: _name, ...input } = request;
      if (input.mode === 'real' && input.vassalage && walletModeOf(menus.data, input.vassalage) === 'transfer') {
        await transferInBeforeLaunch(input.vassalage);
      }
      return requestLaunch({ ...input, backUrl: window.location.origin });
    },
    // The vendor's wallet mode comes with the vendor lanes, so they load first.
    enabled: request !== null && handed === null && !menus.isPending,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
    retry: false,
  });
  const result = handed ?? launch.data ?? null;
  useSweepOnLeave(result?.mode === 'real' && result.walletMode === 'transfer' ? result.vassalage : null);

  if (!request) {
    return (
      <div className="games-page">
        <EmptyState
          icon={<DefaultGameIcon size={40} />}
          title={t('games.page.missingTitle')}
          description={t('games.page.missingBody')}
          action={<Link to="/">{t('app.backHome')}</Link>}
        />
      </div>
    );
  }

  const title = <title>{request.name}</title>;
  if (!result) {
    if (launch.isError) {
      return (
        <div className="games-page">
          {title}
          <EmptyState
            icon={<DefaultGameIcon size={40} />}
            title={t('games.launch.failedTitle')}
            description={describeError(launch.error)}
            action={
              <Button variant="secondary" onClick={() => void launch.refetch()}>
                {t('games.list.retry')}
              </Button>
            }
          />
        </div>
      );
    }
    return (
      <div className="game-frame__pending" role="status">
        {title}
        <Spinner size="lg" />
        <p>{t('games.launch.starting', { name: request.name })}</p>
      </div>
    );
  }
  if (!isLaunchableUrl(result.url)) {
    return (
      <div className="games-page">
        {title}
        <EmptyState
          icon={<DefaultGameIcon size={40} />}
          title={t('games.launch.failedTitle')}
          description={t('games.launch.invalidUrl')}
        />
      </div>
    );
  }
  return (
    <>
      {title}
      <GameFrame url={result.url} name={request.name} mode={result.mode} />
    </>
  );
}

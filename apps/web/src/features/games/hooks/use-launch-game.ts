import type { LaunchGameResult, LaunchModeKind } from '@portal/contract';
import { useToast } from '@portal/ui/toast';
import { useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ApiError, describeError } from '@/lib/api-client';
import { openModal } from '@/lib/modals';
import { type LoginStatus, useSession } from '@/lib/session';
import { useGameMenus } from '../api/game-menus';
import { requestLaunch } from '../api/launch-game';
import { transferInBeforeLaunch, walletModeOf } from '../api/vendor-wallet';
import { isLaunchableUrl } from '../utils/launch-url';

/** What the player asked to launch: a game (nodeId) or a vendor lobby. */
export type LaunchRequest = {
  nodeId?: string | null;
  gameCode?: string;
  vassalage: string;
  /** For messages and the game page's title. */
  name: string;
  mode: LaunchModeKind;
  launchMode?: 'GAME' | 'LOBBY' | 'LOTT';
  /** Known from the catalogue: launching answers 'Game Under Maintenance' without asking the server. */
  maintenance?: boolean;
};

/** The in-portal game page (side menu hidden there) or a new browser window. */
export type LaunchTarget = 'page' | 'window';

export type LaunchOutcome =
  | 'login'
  | 'realAccountNeeded'
  | 'maintenance'
  | 'popupBlocked'
  | 'invalidUrl'
  | 'failed'
  | 'busy'
  | 'opened';

/** Spec section 6: visitors get the login popup for real play; trial users may only play free trials. */
export function launchGate(
  status: LoginStatus,
  mode: LaunchModeKind,
): 'allowed' | 'login' | 'realAccountNeeded' | 'wait' {
  if (mode === 'trial') return 'allowed';
  if (status === 'visitor') return 'login';
  if (status === 'trial') return 'realAccountNeeded';
  if (status === 'member' || status === 'agent') return 'allowed';
  return 'wait';
}

/** Phones open games in their own window; larger screens play inside the portal with the header (and balance). */
export function defaultLaunchTarget(): LaunchTarget {
  if (typeof window === 'undefined' || typeof window.matchMedia !== 'function') return 'page';
  return window.matchMedia('(max-width: 768px)').matches ? 'window' : 'page';
}

/** The address of the in-portal game page for a launch; it can launch again by itself after a reload. */
export function gamePagePath(request: LaunchRequest): string {
  const query = new URLSearchParams();
  if (request.nodeId) query.set('nodeId', request.nodeId);
  if (request.gameCode) query.set('gameCode', request.gameCode);
  query.set('vassalage', request.vassalage);
  query.set('mode', request.mode);
  if (request.launchMode && request.launchMode !== 'GAME') query.set('launchMode', request.launchMode);
  query.set('name', request.name);
  return `/seamless?${query.toString()}`;
}

/** Router state the tile hands to the game page, so the page shows the launch it already has. */
export type GamePageState = { launch: LaunchGameResult };

export function isGamePageState(value: unknown): value is GamePageState {
  return typeof value === 'object' && value !== null && 'launch' in value;
}

/**
 * The launch flow of spec sections 2, 6 and 8: the role check (login popup, in_need_true_account), then
 * launchGame (or startGameV2 for a free trial), then the URL check ('Invalid URL, please contact customer
 * service'), then the game page or a new window ('Popup blocked. Please allow popups and try again.').
 * 'Game Under Maintenance' comes from the catalogue's flag or the server's CATALOGUE_GAME_MAINTENANCE.
 */
export function useLaunchGame() {
  const { t } = useTranslation();
  const { status } = useSession();
  const toast = useToast();
  const navigate = useNavigate();
  const [pending, setPending] = useState<string | null>(null);
  const busy = useRef(false);
  const menus = useGameMenus();

  const launch = useCallback(
    async (request: LaunchRequest, target: LaunchTarget = defaultLaunchTarget()): Promise<LaunchOutcome> => {
      const gate = launchGate(status, request.mode);
      if (gate === 'login') {
        openModal('loginPopupModal');
        return 'login';
      }
      if (gate === 'realAccountNeeded') {
        toast.show({
          tone: 'warning',
          title: t('games.launch.realAccountTitle'),
          message: t('prompts.in_need_true_account'),
        });
        return 'realAccountNeeded';
      }
      if (gate === 'wait' || busy.current) return 'busy';
      if (request.maintenance) {
        toast.show({ tone: 'error', message: t('games.launch.maintenance') });
        return 'maintenance';
      }

      // A window opened after an await is no longer tied to the click and popup blockers stop it, so it opens
      // now, empty, and receives the address once the server answers.
      let popup: Window | null = null;
      if (target === 'window') {
        popup = window.open('', '_blank');
        if (!popup) {
          toast.show({ tone: 'error', message: t('games.launch.popupBlocked') });
          return 'popupBlocked';
        }
        popup.opener = null;
      }

      busy.current = true;
      const key = `${request.nodeId ?? request.vassalage}:${request.mode}`;
      setPending(key);
      try {
        // A transfer-mode vendor plays with money moved into its own wallet first; a failed move stops the launch
        // with its reason rather than opening a game without funds.
        if (request.mode === 'real' && walletModeOf(menus.data, request.vassalage) === 'transfer') {
          await transferInBeforeLaunch(request.vassalage);
        }
        const result = await requestLaunch({
          nodeId: request.nodeId ?? undefined,
          gameCode: request.nodeId ? undefined : request.gameCode,
          vassalage: request.vassalage,
          mode: request.mode,
          launchMode: request.launchMode ?? 'GAME',
          platform: 'html5-desktop',
          backUrl: typeof window === 'undefined' ? undefined : window.location.href,
        });
        if (!isLaunchableUrl(result.url)) {
          popup?.close();
          toast.show({ tone: 'error', message: t('games.launch.invalidUrl') });
          return 'invalidUrl';
        }
        if (popup) popup.location.href = result.url;
        else navigate(gamePagePath(request), { state: { launch: result } satisfies GamePageState });
        return 'opened';
      } catch (error) {
        popup?.close();
        if (error instanceof ApiError && error.code === 'AUTH_REQUIRED') {
          openModal('loginPopupModal');
          return 'login';
        }
        if (error instanceof ApiError && error.code === 'IDENTITY_REAL_ACCOUNT_REQUIRED') {
          toast.show({ tone: 'warning', message: t('prompts.in_need_true_account') });
          return 'realAccountNeeded';
        }
        const maintenance = error instanceof ApiError && error.code === 'CATALOGUE_GAME_MAINTENANCE';
        toast.show({
          tone: 'error',
          title: maintenance ? undefined : t('games.launch.failedTitle'),
          message: maintenance ? t('games.launch.maintenance') : describeError(error),
        });
        return maintenance ? 'maintenance' : 'failed';
      } finally {
        busy.current = false;
        setPending(null);
      }
    },
    [status, toast, t, navigate, menus.data],
  );

  const isPending = useCallback(
    (request: Pick<LaunchRequest, 'nodeId' | 'vassalage' | 'mode'>) =>
      pending === `${request.nodeId ?? request.vassalage}:${request.mode}`,
    [pending],
  );

  return { launch, isPending };
}

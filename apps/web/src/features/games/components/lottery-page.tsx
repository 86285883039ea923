import type { GameMenus, LaunchGameInput, PrizeMode } from '@portal/contract';
import { Button } from '@portal/ui/button';
import { EmptyState } from '@portal/ui/empty-state';
import { Spinner } from '@portal/ui/spinner';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { describeError } from '@/lib/api-client';
import { useSession } from '@/lib/session';
import { useGameMenus } from '../api/game-menus';
import { requestLaunch } from '../api/launch-game';
import { transferInBeforeLaunch, walletModeOf } from '../api/vendor-wallet';
import { useSweepOnLeave } from '../hooks/use-sweep-on-leave';
import { isLaunchableUrl } from '../utils/launch-url';
import { GameFrame } from './game-frame';
import { DefaultGameIcon } from './game-icons';
import '@/locales/games';
import './games.css';

export type LotteryKind = 'lottery' | 'seaLottery' | 'vnLottery';

const defaultVendor: Record<LotteryKind, string | null> = {
  vnLottery: 'TCG_LOTTO_VN',
  seaLottery: 'TCG_SEA',
  lottery: null,
};

/**
 * The regional lobby launch of spec section 7 (lottoArea VN, launchMode LOTT, prize mode, game code, lottoView
 * betting or lobby, device WEB, backUrl): a game code opens its betting view, none the lobby. The prize mode is
 * SEA for the SEA lottery, otherwise the site's (spec section 4: elott when TCG_LOTTO_VN or LOTT is in ELOTT).
 */
export function lotteryLaunchInput(
  kind: LotteryKind,
  params: { vassalage: string | null; gameCode: string | null },
  menus: GameMenus | undefined,
): LaunchGameInput | null {
  const lotteryCards = (menus?.lanes ?? []).filter((lane) => lane.title === 'LOTT' || lane.title === 'ELOTT');
  const cards = lotteryCards.flatMap((lane) => lane.cards);
  const sitePrize: PrizeMode = menus?.prizeMode === 'elott' ? 'ELOTT' : 'LOTT';
  const vassalage = params.vassalage ?? defaultVendor[kind] ?? (menus ? sitePrize : null);
  if (!vassalage) return null;
  const card = cards.find((entry) => entry.vassalage === vassalage);
  const nodeId = params.gameCode ? undefined : (card?.nodeId ?? undefined);
  const gameCode = params.gameCode ?? (nodeId ? undefined : vassalage);
  return {
    nodeId,
    gameCode,
    vassalage,
    mode: 'real',
    launchMode: 'LOTT',
    platform: 'html5-desktop',
    lottoArea: kind === 'vnLottery' ? 'VN' : undefined,
    prizeMode: kind === 'seaLottery' ? 'SEA' : sitePrize,
    lottoView: params.gameCode ? 'betting' : 'lobby',
    device: 'WEB',
  };
}

/** /lottery, /seaLottery and /vnLottery (query gameCode): the lottery lobby in the portal, for signed-in players. */
export function LotteryPage({ kind }: { kind: LotteryKind }) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const { token } = useSession();
  const menus = useGameMenus();
  const input = lotteryLaunchInput(
    kind,
    { vassalage: params.get('vassalage'), gameCode: params.get('gameCode') },
    menus.data,
  );
  const title = t(`games.lottery.${kind}`);

  const launch = useQuery({
    queryKey: ['games', 'lottery', kind, token, input] as const,
    queryFn: async () => {
      if (!input?.vassalage) throw new Error('no lottery');
      if (walletModeOf(menus.data, input.vassalage) === 'transfer') await transferInBeforeLaunch(input.vassalage);
      return requestLaunch({ ...input, backUrl: window.location.origin });
    },
    enabled: input !== null && token !== null && !menus.isPending,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
    retry: false,
  });

  useSweepOnLeave(launch.data?.walletMode === 'transfer' ? launch.data.vassalage : null);

  if (launch.isError || (menus.isError && !input)) {
    return (
      <div className="games-page">
        <title>{title}</title>
        <EmptyState
          icon={<DefaultGameIcon size={40} />}
          title={t('games.launch.failedTitle')}
          description={describeError(launch.error ?? menus.error)}
          action={
            <Button variant="secondary" onClick={() => void (launch.isError ? launch.refetch() : menus.refetch())}>
              {t('games.list.retry')}
            </Button>
          }
        />
      </div>
    );
  }
  if (!launch.data) {
    return (
      <div className="game-frame__pending" role="status">
        <title>{title}</title>
        <Spinner size="lg" />
        <p>{t('games.launch.starting', { name: title })}</p>
      </div>
    );
  }
  if (!isLaunchableUrl(launch.data.url)) {
    return (
      <div className="games-page">
        <title>{title}</title>
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
      <title>{title}</title>
      <GameFrame url={launch.data.url} name={title} mode="real" />
    </>
  );
}

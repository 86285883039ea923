import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { lotteryLaunchInput } from '@/features/games/components/lottery-page';
import {
  FakeIntersectionObserver,
  gameFixture,
  gamePageFixture,
  menusFixture,
  vendorCardFixture,
} from '@/features/games/testing';
import { configureApiClient } from '@/lib/api-client';
import { getActiveModal } from '@/lib/modals';
import { syncSessionFromStorage } from '@/lib/session';
import { setToken } from '@/lib/storage';
import { bodyOf, envelopeResponse, identityPermissionFixture, memberInfoFixture, mockApi } from '@/testing/fixtures';
import { renderApp } from '@/testing/render-app';

type Handlers = Parameters<typeof mockApi>[0];

function serve(routes: Handlers = {}, info = memberInfoFixture()) {
  const fetchMock = vi.fn(
    mockApi({
      '/wps/system/whitelabel': () => envelopeResponse(identityPermissionFixture()),
      '/wps/member/info': () => envelopeResponse(info),
      '/lgw/games/game_menus': () => envelopeResponse(menusFixture([])),
      '/wps/relay/MCSFE_getFavoriteGames': () => envelopeResponse({ nodeIds: [] }),
      ...routes,
    }),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

beforeEach(() => {
  configureApiClient({ payloadEncryption: { enabled: false, publicKey: null } });
  vi.stubGlobal('IntersectionObserver', FakeIntersectionObserver);
  vi.stubGlobal('matchMedia', (query: string) => ({ matches: false, media: query }) as MediaQueryList);
});

afterEach(() => vi.unstubAllGlobals());

const launchAnswer = (url: string, mode: 'real' | 'trial' = 'real') =>
  envelopeResponse({ url, mode, nodeId: '55', gameCode: 'c55', vassalage: 'SIMSEAM', walletMode: 'seamless' });

describe('game routes', () => {
  it('shows the category page for /live', async () => {
    serve({
      '/wps/relay/GCSGAME_gameList': () =>
        envelopeResponse(gamePageFixture([gameFixture({ displayName: 'Table 1', gameType: 'LIVE' })])),
    });
    renderApp('/live');
    // The first render of the file waits for the route chunks to compile.
    expect(await screen.findByRole('heading', { level: 1, name: 'Live casino' }, { timeout: 8000 })).toBeTruthy();
    expect(await screen.findByText('Table 1')).toBeTruthy();
  });

  it('opens the login popup for a visitor on /favorite', async () => {
    const fetchMock = serve();
    renderApp('/favorite');
    await waitFor(() => expect(getActiveModal()?.name).toBe('loginPopupModal'));
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('MCSFE_getFavoriteGamesList'))).toBe(false);
  });

  it("lists a member's favourites on /favorite with pageSize 999", async () => {
    setToken('token-1');
    syncSessionFromStorage();
    const fetchMock = serve({
      '/wps/relay/MCSFE_getFavoriteGamesList': () =>
        envelopeResponse(gamePageFixture([gameFixture({ displayName: 'Kept game', isFavorite: true })])),
    });
    renderApp('/favorite');
    expect(await screen.findByText('Kept game')).toBeTruthy();
    const call = fetchMock.mock.calls.find(([url]) => String(url).includes('MCSFE_getFavoriteGamesList'));
    expect(bodyOf(call?.[1] ?? {})).toMatchObject({ clientType: 3, pageNo: 1, pageSize: 999 });
  });

  it('sends a visitor on /vnLottery to /login', async () => {
    serve();
    renderApp('/vnLottery?gameCode=HANOI');
    await waitFor(() => expect(getActiveModal()?.name).toBe('loginPopupModal'));
  });

  it('launches the game itself when /seamless is opened directly, and shows it in a frame', async () => {
    setToken('token-1');
    syncSessionFromStorage();
    const fetchMock = serve({ '/wps/game/launchGame': () => launchAnswer('https://vendor.example.com/g/55') });
    renderApp('/seamless?nodeId=55&vassalage=SIMSEAM&mode=real&name=Dragon');
    const frame = await screen.findByTitle('Game: Dragon');
    expect(frame.getAttribute('src')).toBe('https://vendor.example.com/g/55');
    const call = fetchMock.mock.calls.find(([url]) => String(url).includes('launchGame'));
    expect(bodyOf(call?.[1] ?? {})).toMatchObject({ nodeId: '55', mode: 'real' });
  });

  it('moves money into a transfer-mode vendor before the game and sweeps it back when the page closes', async () => {
    setToken('token-1');
    syncSessionFromStorage();
    const fetchMock = serve({
      '/lgw/games/game_menus': () =>
        envelopeResponse(
          menusFixture([{ title: 'RNG', cards: [vendorCardFixture({ vassalage: 'SIMTCG', walletMode: 'transfer' })] }]),
        ),
      '/wps/v2/wallets/balance': () =>
        envelopeResponse({
          currency: 'BDT',
          scale: 2,
          symbol: '৳',
          main: { amount: '300.00', minor: '30000' },
          onHold: { amount: '0.00', minor: '0' },
          vendors: [],
          total: { amount: '300.00', minor: '30000' },
        }),
      '/wps/relay/GCS_walletTransfer': ({ init }) =>
        envelopeResponse({
          vassalage: 'SIMTCG',
          direction: bodyOf(init).direction,
          status: 'SUCCESS',
          reference: 'ref',
          amount: { amount: '300.00', minor: '30000' },
          mainBalance: { amount: '0.00', minor: '0' },
          vendorBalance: { amount: '300.00', minor: '30000' },
        }),
      '/wps/game/launchGame': () =>
        envelopeResponse({
          url: 'https://tcg.example.com/g',
          mode: 'real',
          nodeId: '56',
          gameCode: 'c56',
          vassalage: 'SIMTCG',
          walletMode: 'transfer',
        }),
    });
    const view = renderApp('/seamless?nodeId=56&vassalage=SIMTCG&mode=real&name=Tiger');
    expect(await screen.findByTitle('Game: Tiger')).toBeTruthy();
    const transfers = () =>
      fetchMock.mock.calls
        .filter(([url]) => String(url).includes('GCS_walletTransfer'))
        .map(([, init]) => bodyOf(init ?? {}));
    expect(transfers()).toEqual([{ vassalage: 'SIMTCG', direction: 'in', amount: '300.00' }]);
    view.unmount();
    await waitFor(() => expect(transfers()).toHaveLength(2));
    expect(transfers()[1]).toEqual({ vassalage: 'SIMTCG', direction: 'all_out' });
  });

  it('refuses to frame a launch URL that is not http(s)', async () => {
    serve({ '/wps/game/startGameV2': () => launchAnswer('javascript:alert(1)', 'trial') });
    renderApp('/seamless?nodeId=55&vassalage=SIMSEAM&mode=trial&name=Dragon');
    expect(await screen.findByText('Invalid URL, please contact customer service')).toBeTruthy();
    expect(screen.queryByTitle('Game: Dragon')).toBeNull();
  });

  it('asks a visitor on a real-money /seamless page to log in', async () => {
    const fetchMock = serve();
    renderApp('/seamless?nodeId=55&vassalage=SIMSEAM&mode=real&name=Dragon');
    await waitFor(() => expect(getActiveModal()?.name).toBe('loginPopupModal'));
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('launchGame'))).toBe(false);
  });
});

describe('lottery lobby launch', () => {
  const menus = menusFixture(
    [
      {
        title: 'ELOTT',
        cards: [vendorCardFixture({ vassalage: 'TCG_LOTTO_VN', gameType: 'ELOTT', isGame: 'LOBBY', nodeId: '800' })],
      },
    ],
    'elott',
  );

  it('opens the VN betting view of a game code with the site prize mode', () => {
    expect(lotteryLaunchInput('vnLottery', { vassalage: null, gameCode: 'HANOI' }, menus)).toMatchObject({
      gameCode: 'HANOI',
      vassalage: 'TCG_LOTTO_VN',
      launchMode: 'LOTT',
      lottoArea: 'VN',
      prizeMode: 'ELOTT',
      lottoView: 'betting',
      device: 'WEB',
    });
  });

  it("opens the vendor's lobby without a game code, and SEA prizes on the SEA page", () => {
    expect(lotteryLaunchInput('vnLottery', { vassalage: null, gameCode: null }, menus)).toMatchObject({
      nodeId: '800',
      lottoView: 'lobby',
    });
    expect(lotteryLaunchInput('seaLottery', { vassalage: null, gameCode: null }, menus)).toMatchObject({
      vassalage: 'TCG_SEA',
      prizeMode: 'SEA',
      lottoArea: undefined,
    });
  });
});

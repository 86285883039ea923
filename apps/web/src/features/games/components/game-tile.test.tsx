import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getActiveModal } from '@/lib/modals';
import { syncSessionFromStorage } from '@/lib/session';
import { setToken } from '@/lib/storage';
import { bodyOf, envelopeResponse, failureResponse, memberInfoFixture, mockApi } from '@/testing/fixtures';
import { resetFavorites } from '../hooks/favorites-store';
import { gameFixture, gamesWrapper, menusFixture, vendorCardFixture } from '../testing';
import { GameGrid } from './game-grid';
import { GameTileShell } from './game-tile';

type Handlers = Parameters<typeof mockApi>[0];

function serve(extra: Handlers = {}, info = memberInfoFixture()) {
  const fetchMock = vi.fn(
    mockApi({
      '/wps/member/info': () => envelopeResponse(info),
      '/wps/relay/MCSFE_getFavoriteGames': () => envelopeResponse({ nodeIds: [] }),
      ...extra,
    }),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const callsTo = (fetchMock: ReturnType<typeof serve>, path: string) =>
  fetchMock.mock.calls.filter(([url]) => new URL(String(url), 'http://localhost').pathname === path);

function signIn() {
  setToken('token-1');
  syncSessionFromStorage();
}

function renderGrid(games = [gameFixture()], path = '/rng') {
  const { wrapper } = gamesWrapper(path);
  return render(<GameGrid games={games} />, { wrapper });
}

beforeEach(() => {
  resetFavorites();
  vi.stubGlobal('matchMedia', (query: string) => ({ matches: false, media: query }) as MediaQueryList);
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('game tile', () => {
  it('plays a slot from its image and has no separate Play button', () => {
    serve();
    renderGrid([gameFixture({ displayName: 'Golden Reels', gameType: 'RNG', isHot: 1 })]);
    const tile = screen.getByRole('article', { name: 'Golden Reels' });
    expect(within(tile).getByRole('button', { name: 'Play Golden Reels' }).className).toContain(
      'game-tile__media-button',
    );
    expect(within(tile).queryByText('Play')).toBeNull();
    expect(within(tile).getByText('HOT')).toBeTruthy();
    expect(within(tile).getByText('Sim Seamless')).toBeTruthy();
    expect(within(tile).getByRole('button', { name: 'Free trial of Golden Reels' })).toBeTruthy();
  });

  it('gives other games a start button, and no Free Trial when the game has none', () => {
    serve();
    renderGrid([gameFixture({ displayName: 'Baccarat A', gameType: 'LIVE', trialSupport: false })]);
    const tile = screen.getByRole('article', { name: 'Baccarat A' });
    const play = within(tile).getByRole('button', { name: 'Play Baccarat A' });
    expect(play.textContent).toContain('Play');
    expect(play.className).toContain('game-tile__start');
    expect(within(tile).queryByRole('button', { name: /Free trial/ })).toBeNull();
    expect(within(tile).queryByText('HOT')).toBeNull();
  });

  it('has a shell with the same boxes that decide its height, hidden from assistive technology', () => {
    serve();
    const kinds = [
      gameFixture({ gameType: 'RNG', trialSupport: true }),
      gameFixture({ gameType: 'RNG', trialSupport: false }),
      gameFixture({ gameType: 'LIVE', trialSupport: true }),
      gameFixture({ gameType: 'LIVE', trialSupport: false }),
    ];
    for (const game of kinds) {
      const tile = renderGrid([game]);
      const shell = render(<GameTileShell game={game} />);
      const root = shell.container.firstElementChild as HTMLElement;
      expect(root.getAttribute('aria-hidden')).toBe('true');
      expect(root.querySelector('.game-tile__media')).not.toBeNull();
      expect(root.querySelector('.game-tile__name')?.textContent).toBe('\u00a0');
      const buttons = tile.container.querySelectorAll('.game-tile__actions > *').length;
      expect(root.querySelectorAll('.game-tile__actions > .ui-button.ui-button--sm')).toHaveLength(buttons);
      tile.unmount();
      shell.unmount();
    }
  });

  it('uses one of the 6 colour themes', () => {
    serve();
    renderGrid([gameFixture({ gameId: 17, displayName: 'Seventeen' })]);
    expect(screen.getByRole('article', { name: 'Seventeen' }).className).toContain('game-tile--theme-5');
  });
});

describe('favourite toggle', () => {
  it('opens the login popup for a visitor and calls nothing', () => {
    const fetchMock = serve();
    renderGrid([gameFixture({ displayName: 'Dragon' })]);
    fireEvent.click(screen.getByRole('button', { name: 'Add Dragon to favourites' }));
    expect(getActiveModal()?.name).toBe('loginPopupModal');
    expect(callsTo(fetchMock, '/wps/relay/MCSFE_addFavoriteGameV2')).toHaveLength(0);
  });

  it('flips the heart at once, sends nodeId, vendor and gameType, and ignores a second toggle within 1000 ms', async () => {
    signIn();
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const fetchMock = serve({
      '/wps/relay/MCSFE_addFavoriteGameV2': async () => {
        await gate;
        return envelopeResponse({ nodeIds: ['501'] });
      },
    });
    let now = 50_000;
    vi.spyOn(Date, 'now').mockImplementation(() => now);
    renderGrid([gameFixture({ gameId: 501, displayName: 'Dragon', vassalage: 'PG', gameType: 'RNG' })]);
    await waitFor(() => expect(callsTo(fetchMock, '/wps/relay/MCSFE_getFavoriteGames')).toHaveLength(1));

    fireEvent.click(screen.getByRole('button', { name: 'Add Dragon to favourites' }));
    // Local ids change before the server answers.
    const heart = screen.getByRole('button', { name: 'Remove Dragon from favourites' });
    expect(heart.getAttribute('aria-pressed')).toBe('true');
    await waitFor(() => expect(callsTo(fetchMock, '/wps/relay/MCSFE_addFavoriteGameV2')).toHaveLength(1));
    const [add] = callsTo(fetchMock, '/wps/relay/MCSFE_addFavoriteGameV2');
    expect(bodyOf(add?.[1] ?? {})).toEqual({ nodeId: '501', vendor: 'PG', gameType: 'RNG' });

    now += 600;
    fireEvent.click(heart);
    expect(screen.getByRole('button', { name: 'Remove Dragon from favourites' })).toBeTruthy();
    expect(callsTo(fetchMock, '/wps/relay/MCSFE_removeFavoriteGameV2')).toHaveLength(0);

    release();
    await act(() => gate);
    now += 500;
    fireEvent.click(screen.getByRole('button', { name: 'Remove Dragon from favourites' }));
    expect(screen.getByRole('button', { name: 'Add Dragon to favourites' })).toBeTruthy();
    await waitFor(() => expect(callsTo(fetchMock, '/wps/relay/MCSFE_removeFavoriteGameV2')).toHaveLength(1));
    const [remove] = callsTo(fetchMock, '/wps/relay/MCSFE_removeFavoriteGameV2');
    expect(remove?.[1]?.method).toBe('DELETE');
    expect(new URL(String(remove?.[0]), 'http://localhost').searchParams.get('nodeId')).toBe('501');
  });

  it('puts the heart back and says why when the server refuses', async () => {
    signIn();
    vi.spyOn(Date, 'now').mockReturnValue(900_000);
    const fetchMock = serve({
      '/wps/relay/MCSFE_addFavoriteGameV2': () => failureResponse('CATALOGUE_GAME_NOT_FOUND', 404),
    });
    renderGrid([gameFixture({ displayName: 'Dragon' })]);
    await waitFor(() => expect(callsTo(fetchMock, '/wps/relay/MCSFE_getFavoriteGames')).toHaveLength(1));
    fireEvent.click(screen.getByRole('button', { name: 'Add Dragon to favourites' }));
    expect(screen.getByRole('button', { name: 'Remove Dragon from favourites' })).toBeTruthy();
    expect(await screen.findByText('This game is not available')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Add Dragon to favourites' }).getAttribute('aria-pressed')).toBe('false');
  });

  it('shows the hearts of the favourites the server lists', async () => {
    signIn();
    serve({ '/wps/relay/MCSFE_getFavoriteGames': () => envelopeResponse({ nodeIds: ['77', '77'] }) });
    renderGrid([gameFixture({ gameId: 77, displayName: 'Lucky' }), gameFixture({ gameId: 78, displayName: 'Other' })]);
    expect(await screen.findByRole('button', { name: 'Remove Lucky from favourites' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Add Other to favourites' })).toBeTruthy();
  });
});

describe('launch', () => {
  it('opens the login popup when a visitor presses Play, and launches nothing', () => {
    const fetchMock = serve();
    renderGrid([gameFixture({ displayName: 'Dragon' })]);
    fireEvent.click(screen.getByRole('button', { name: 'Play Dragon' }));
    expect(getActiveModal()?.name).toBe('loginPopupModal');
    expect(callsTo(fetchMock, '/wps/game/launchGame')).toHaveLength(0);
  });

  it('lets a visitor play a free trial through startGameV2', async () => {
    const fetchMock = serve({
      '/wps/game/startGameV2': () =>
        envelopeResponse({
          url: 'https://vendor.example.com/play?trial=1',
          mode: 'trial',
          nodeId: '900',
          gameCode: 'code-900',
          vassalage: 'SIMSEAM',
          walletMode: 'seamless',
        }),
    });
    renderGrid([gameFixture({ gameId: 900, displayName: 'Dragon' })]);
    fireEvent.click(screen.getByRole('button', { name: 'Free trial of Dragon' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toContain('/seamless?'));
    const [call] = callsTo(fetchMock, '/wps/game/startGameV2');
    expect(bodyOf(call?.[1] ?? {})).toMatchObject({ nodeId: '900', mode: 'trial' });
    expect(screen.getByTestId('location').textContent).toContain('mode=trial');
    expect(getActiveModal()).toBeNull();
  });

  it('tells a trial user a real account is needed for real play', async () => {
    signIn();
    const fetchMock = serve({}, memberInfoFixture({ isTrial: true, type: 4 }));
    renderGrid([gameFixture({ displayName: 'Dragon' })]);
    await waitFor(() => expect(callsTo(fetchMock, '/wps/member/info')).toHaveLength(1));
    await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
    fireEvent.click(screen.getByRole('button', { name: 'Play Dragon' }));
    expect(
      await screen.findByText('You need a real account for this. Register now — it only takes a minute.'),
    ).toBeTruthy();
    expect(callsTo(fetchMock, '/wps/game/launchGame')).toHaveLength(0);
  });

  it('launches real play for a member and opens the in-portal game page', async () => {
    signIn();
    const fetchMock = serve({
      '/wps/game/launchGame': () =>
        envelopeResponse({
          url: 'https://vendor.example.com/play?s=abc',
          mode: 'real',
          nodeId: '901',
          gameCode: 'code-901',
          vassalage: 'SIMSEAM',
          walletMode: 'seamless',
        }),
    });
    renderGrid([gameFixture({ gameId: 901, displayName: 'Dragon', gameType: 'FISH' })]);
    await waitFor(() => expect(callsTo(fetchMock, '/wps/member/info')).toHaveLength(1));
    await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
    fireEvent.click(screen.getByRole('button', { name: 'Play Dragon' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toMatch(/^\/seamless\?nodeId=901/));
    const [call] = callsTo(fetchMock, '/wps/game/launchGame');
    expect(bodyOf(call?.[1] ?? {})).toMatchObject({ nodeId: '901', mode: 'real', launchMode: 'GAME' });
    expect(call?.[1]?.headers).toMatchObject({ authorization: 'token-1' });
  });

  it("refuses a launch URL that is not http(s) with 'Invalid URL, please contact customer service'", async () => {
    serve({
      '/wps/game/startGameV2': () =>
        envelopeResponse({
          url: 'javascript:alert(document.cookie)',
          mode: 'trial',
          nodeId: '902',
          gameCode: 'code-902',
          vassalage: 'SIMSEAM',
          walletMode: 'seamless',
        }),
    });
    renderGrid([gameFixture({ gameId: 902, displayName: 'Dragon' })]);
    fireEvent.click(screen.getByRole('button', { name: 'Free trial of Dragon' }));
    expect(await screen.findByText('Invalid URL, please contact customer service')).toBeTruthy();
    expect(screen.getByTestId('location').textContent).toBe('/rng');
  });

  it("says 'Popup blocked. Please allow popups and try again.' when the new window is blocked", async () => {
    vi.stubGlobal(
      'matchMedia',
      (query: string) => ({ matches: query.includes('max-width'), media: query }) as MediaQueryList,
    );
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    const fetchMock = serve();
    renderGrid([gameFixture({ displayName: 'Dragon' })]);
    fireEvent.click(screen.getByRole('button', { name: 'Free trial of Dragon' }));
    expect(await screen.findByText('Popup blocked. Please allow popups and try again.')).toBeTruthy();
    expect(open).toHaveBeenCalled();
    expect(callsTo(fetchMock, '/wps/game/startGameV2')).toHaveLength(0);
  });

  it('sends the new window to the launch URL on phones', async () => {
    vi.stubGlobal(
      'matchMedia',
      (query: string) => ({ matches: query.includes('max-width'), media: query }) as MediaQueryList,
    );
    const popup = { opener: window, location: { href: '' }, close: vi.fn() };
    vi.spyOn(window, 'open').mockReturnValue(popup as unknown as Window);
    serve({
      '/wps/game/startGameV2': () =>
        envelopeResponse({
          url: 'https://vendor.example.com/play?trial=2',
          mode: 'trial',
          nodeId: '903',
          gameCode: 'code-903',
          vassalage: 'SIMSEAM',
          walletMode: 'seamless',
        }),
    });
    renderGrid([gameFixture({ gameId: 903, displayName: 'Dragon' })]);
    fireEvent.click(screen.getByRole('button', { name: 'Free trial of Dragon' }));
    await waitFor(() => expect(popup.location.href).toBe('https://vendor.example.com/play?trial=2'));
    expect(popup.opener).toBeNull();
  });

  it("answers 'Game Under Maintenance' from the server's error code", async () => {
    serve({ '/wps/game/startGameV2': () => failureResponse('CATALOGUE_GAME_MAINTENANCE', 503) });
    renderGrid([gameFixture({ displayName: 'Dragon' })]);
    fireEvent.click(screen.getByRole('button', { name: 'Free trial of Dragon' }));
    expect(await screen.findByText('Game Under Maintenance')).toBeTruthy();
  });

  it("answers 'Game Under Maintenance' for a game the catalogue marks, without asking the server", async () => {
    const fetchMock = serve();
    renderGrid([gameFixture({ displayName: 'Dragon', maintenance: true })]);
    expect(screen.getByText('Maintenance')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Free trial of Dragon' }));
    expect(await screen.findByText('Game Under Maintenance')).toBeTruthy();
    expect(callsTo(fetchMock, '/wps/game/startGameV2')).toHaveLength(0);
  });

  it('moves the main balance into a transfer-mode vendor before launching it', async () => {
    signIn();
    const order: string[] = [];
    const fetchMock = serve({
      '/lgw/games/game_menus': () =>
        envelopeResponse(
          menusFixture([{ title: 'RNG', cards: [vendorCardFixture({ vassalage: 'SIMTCG', walletMode: 'transfer' })] }]),
        ),
      '/wps/v2/wallets/balance': () => {
        order.push('balance');
        return envelopeResponse({
          currency: 'BDT',
          scale: 2,
          symbol: '৳',
          main: { amount: '1250.50', minor: '125050' },
          onHold: { amount: '0.00', minor: '0' },
          vendors: [],
          total: { amount: '1250.50', minor: '125050' },
        });
      },
      '/wps/relay/GCS_walletTransfer': () => {
        order.push('transfer');
        return envelopeResponse({
          vassalage: 'SIMTCG',
          direction: 'in',
          status: 'SUCCESS',
          reference: 'ref-1',
          amount: { amount: '1250.50', minor: '125050' },
          mainBalance: { amount: '0.00', minor: '0' },
          vendorBalance: { amount: '1250.50', minor: '125050' },
        });
      },
      '/wps/game/launchGame': () => {
        order.push('launch');
        return envelopeResponse({
          url: 'https://tcg.example.com/play',
          mode: 'real',
          nodeId: '950',
          gameCode: 'code-950',
          vassalage: 'SIMTCG',
          walletMode: 'transfer',
        });
      },
    });
    renderGrid([gameFixture({ gameId: 950, displayName: 'Transfer slot', vassalage: 'SIMTCG' })]);
    await waitFor(() => expect(callsTo(fetchMock, '/lgw/games/game_menus')).toHaveLength(1));
    await waitFor(() => expect(callsTo(fetchMock, '/wps/member/info')).toHaveLength(1));
    await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
    fireEvent.click(screen.getByRole('button', { name: 'Play Transfer slot' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toMatch(/^\/seamless/));
    expect(order).toEqual(['balance', 'transfer', 'launch']);
    const [transfer] = callsTo(fetchMock, '/wps/relay/GCS_walletTransfer');
    expect(bodyOf(transfer?.[1] ?? {})).toEqual({ vassalage: 'SIMTCG', direction: 'in', amount: '1250.50' });
    const headers = (transfer?.[1]?.headers ?? {}) as Record<string, string>;
    expect(headers['idempotency-key']).toMatch(/^[0-9a-f-]{32,36}$/);
  });

  it('does not launch when the move into the vendor wallet fails, and says why', async () => {
    signIn();
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
          main: { amount: '10.00', minor: '1000' },
          onHold: { amount: '0.00', minor: '0' },
          vendors: [],
          total: { amount: '10.00', minor: '1000' },
        }),
      '/wps/relay/GCS_walletTransfer': () => failureResponse('GAMING_TRANSFER_FAILED', 502),
    });
    renderGrid([gameFixture({ gameId: 951, displayName: 'Transfer slot', vassalage: 'SIMTCG' })]);
    await waitFor(() => expect(callsTo(fetchMock, '/lgw/games/game_menus')).toHaveLength(1));
    await waitFor(() => expect(callsTo(fetchMock, '/wps/member/info')).toHaveLength(1));
    await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
    fireEvent.click(screen.getByRole('button', { name: 'Play Transfer slot' }));
    expect(await screen.findByText('The game could not start')).toBeTruthy();
    expect(callsTo(fetchMock, '/wps/game/launchGame')).toHaveLength(0);
    expect(screen.getByTestId('location').textContent).toBe('/rng');
  });
});

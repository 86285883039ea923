import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/lib/i18n';
import { getActiveModal } from '@/lib/modals';
import { syncSessionFromStorage } from '@/lib/session';
import { setToken } from '@/lib/storage';
import { bodyOf, envelopeResponse, failureResponse, memberInfoFixture, mockApi } from '@/testing/fixtures';
import {
  FakeIntersectionObserver,
  gameFixture,
  gamePageFixture,
  gamesWrapper,
  menusFixture,
  vendorCardFixture,
} from '../testing';
import { GameCentre } from './game-centre';
import { GameListCentre } from './game-list-centre';

type Handlers = Parameters<typeof mockApi>[0];

const menus = menusFixture([
  {
    title: 'RNG',
    cards: [
      vendorCardFixture({ vassalage: 'PG', displayName: 'PG Soft' }),
      vendorCardFixture({ vassalage: 'JL', displayName: 'JILI' }),
    ],
    gameClassify: [
      { vassalage: 'PG', displayName: 'PG Soft' },
      { vassalage: 'JL', displayName: 'JILI' },
    ],
  },
  {
    title: 'SPORTS',
    cards: [
      vendorCardFixture({
        vassalage: 'SBO',
        displayName: 'SBO Sports',
        gameType: 'SPORTS',
        isGame: 'LOBBY',
        nodeId: '7001',
      }),
      vendorCardFixture({ vassalage: 'XSLOT', displayName: 'X Slots', gameType: 'SPORTS', isGame: 'VASSALAGE' }),
      vendorCardFixture({ vassalage: 'ONE', displayName: 'One Book', gameType: 'SPORTS', gameCount: 1 }),
    ],
  },
]);

function serve(routes: Handlers) {
  const fetchMock = vi.fn(
    mockApi({
      '/lgw/games/game_menus': () => envelopeResponse(menus),
      '/wps/member/info': () => envelopeResponse(memberInfoFixture()),
      '/wps/relay/MCSFE_getFavoriteGames': () => envelopeResponse({ nodeIds: [] }),
      ...routes,
    }),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const listBodies = (fetchMock: ReturnType<typeof serve>) =>
  fetchMock.mock.calls
    .filter(([url]) => String(url).includes('GCSGAME_gameList'))
    .map(([, init]) => bodyOf(init ?? {}));

beforeEach(() => {
  vi.stubGlobal('IntersectionObserver', FakeIntersectionObserver);
  vi.stubGlobal('matchMedia', (query: string) => ({ matches: false, media: query }) as MediaQueryList);
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('game list centre', () => {
  it('asks for 20 games of the category and pages on with "load more"', async () => {
    const fetchMock = serve({
      '/wps/relay/GCSGAME_gameList': ({ init }) => {
        const pageNo = Number(bodyOf(init).pageNo);
        const games = Array.from({ length: pageNo === 1 ? 20 : 5 }, (_, index) =>
          gameFixture({ displayName: `Slot ${pageNo}-${index}` }),
        );
        return envelopeResponse(gamePageFixture(games, { pageNum: pageNo, totalPages: 2, total: 25 }));
      },
    });
    const { wrapper } = gamesWrapper('/rng');
    render(<GameListCentre category="RNG" />, { wrapper });
    expect(await screen.findByText('Slot 1-0')).toBeTruthy();
    expect(screen.getByText('Showing 20 of 25 games')).toBeTruthy();
    expect(listBodies(fetchMock)[0]).toMatchObject({
      clientType: 3,
      gameType: 'RNG',
      pageNo: 1,
      pageSize: 20,
      language: 'en',
      filter: 'ALL',
    });
    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('Slot 2-4')).toBeTruthy();
    expect(screen.getByText('Showing 25 of 25 games')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
    expect(listBodies(fetchMock)[1]).toMatchObject({ pageNo: 2 });
  });

  it('filters by the vendor in the address and by the one picked', async () => {
    const fetchMock = serve({
      '/wps/relay/GCSGAME_gameList': () => envelopeResponse(gamePageFixture([gameFixture({ displayName: 'Any' })])),
    });
    const { wrapper } = gamesWrapper('/rng?vassalage=PG');
    render(<GameListCentre category="RNG" />, { wrapper });
    await screen.findByText('Any');
    expect(listBodies(fetchMock)[0]).toMatchObject({ vassalage: 'PG' });
    const vendors = screen.getByRole('navigation', { name: 'Providers' });
    expect(within(vendors).getByRole('button', { name: 'PG Soft' }).getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(within(vendors).getByRole('button', { name: 'JILI' }));
    await waitFor(() => expect(listBodies(fetchMock).at(-1)).toMatchObject({ vassalage: 'JL' }));
    expect(screen.getByTestId('location').textContent).toBe('/rng?vassalage=JL');
    fireEvent.click(within(vendors).getByRole('button', { name: 'All providers' }));
    await waitFor(() => expect(listBodies(fetchMock).at(-1)?.vassalage).toBeUndefined());
  });

  it('searches by name once typing pauses, not on every key', async () => {
    const fetchMock = serve({
      '/wps/relay/GCSGAME_gameList': ({ init }) =>
        envelopeResponse(gamePageFixture([gameFixture({ displayName: `Result ${bodyOf(init).keyword ?? 'all'}` })])),
    });
    const { wrapper } = gamesWrapper('/rng');
    render(<GameListCentre category="RNG" />, { wrapper });
    await screen.findByText('Result all');
    const search = screen.getByRole('searchbox', { name: 'Search games' });
    fireEvent.change(search, { target: { value: 'd' } });
    fireEvent.change(search, { target: { value: 'dr' } });
    fireEvent.change(search, { target: { value: 'dragon' } });
    expect(await screen.findByText('Result dragon')).toBeTruthy();
    const keywords = listBodies(fetchMock).map((body) => body.keyword);
    expect(keywords).toEqual([undefined, 'dragon']);
  });

  it('opens the login popup when a visitor picks Favourites or Recent', async () => {
    const fetchMock = serve({
      '/wps/relay/GCSGAME_gameList': () => envelopeResponse(gamePageFixture([gameFixture({ displayName: 'Any' })])),
    });
    const { wrapper } = gamesWrapper('/rng');
    render(<GameListCentre category="RNG" />, { wrapper });
    await screen.findByText('Any');
    fireEvent.click(screen.getByRole('button', { name: 'Favourites' }));
    expect(getActiveModal()?.name).toBe('loginPopupModal');
    expect(listBodies(fetchMock).every((body) => body.filter === 'ALL')).toBe(true);
  });

  it("filters a member's list by HOT, NEW, FAV and RECENT", async () => {
    setToken('token-1');
    syncSessionFromStorage();
    const fetchMock = serve({
      '/wps/relay/GCSGAME_gameList': ({ init }) =>
        envelopeResponse(gamePageFixture([gameFixture({ displayName: `Filter ${bodyOf(init).filter}` })])),
    });
    const { wrapper } = gamesWrapper('/rng');
    render(<GameListCentre category="RNG" />, { wrapper });
    await screen.findByText('Filter ALL');
    await waitFor(() => expect(fetchMock.mock.calls.some(([url]) => String(url).includes('member/info'))).toBe(true));
    await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
    for (const [label, filter] of [
      ['Hot', 'HOT'],
      ['New', 'NEW'],
      ['Favourites', 'FAV'],
      ['Recent', 'RECENT'],
    ] as const) {
      fireEvent.click(screen.getByRole('button', { name: label }));
      expect(await screen.findByText(`Filter ${filter}`)).toBeTruthy();
    }
    expect(getActiveModal()).toBeNull();
  });

  it('says so when nothing matches, and offers a retry when the list fails', async () => {
    let fail = true;
    serve({
      '/wps/relay/GCSGAME_gameList': () =>
        fail ? failureResponse('SERVICE_UNAVAILABLE', 503) : envelopeResponse(gamePageFixture([])),
    });
    const { wrapper } = gamesWrapper('/fish');
    render(<GameListCentre category="FISH" />, { wrapper });
    expect(await screen.findByText('Games could not be loaded')).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No games found')).toBeTruthy();
  });

  it('loads the vendors again in the new language when the language changes', async () => {
    const fetchMock = serve({
      '/wps/relay/GCSGAME_gameList': () => envelopeResponse(gamePageFixture([gameFixture({ displayName: 'Any' })])),
    });
    const { wrapper } = gamesWrapper('/rng');
    render(<GameListCentre category="RNG" />, { wrapper });
    await screen.findByText('Any');
    await act(() => i18n.changeLanguage('bn'));
    await waitFor(() =>
      expect(
        fetchMock.mock.calls.filter(
          ([url]) => String(url).includes('game_menus') && String(url).includes('language=bn'),
        ),
      ).toHaveLength(1),
    );
    await waitFor(() => expect(listBodies(fetchMock).at(-1)).toMatchObject({ language: 'bn' }));
  });
});

describe('game centre', () => {
  it('launches a lobby vendor for a member and opens a VASSALAGE vendor as a popup game list', async () => {
    setToken('token-1');
    syncSessionFromStorage();
    const fetchMock = serve({
      '/wps/game/launchGame': () =>
        envelopeResponse({
          url: 'https://sports.example.com/lobby',
          mode: 'real',
          nodeId: '7001',
          gameCode: 'lobby',
          vassalage: 'SBO',
          walletMode: 'transfer',
        }),
      '/wps/relay/GCSGAME_gameList': () =>
        envelopeResponse(gamePageFixture([gameFixture({ displayName: 'Vendor game', gameType: 'SPORTS' })])),
    });
    const { wrapper } = gamesWrapper('/sports');
    render(<GameCentre category="SPORTS" />, { wrapper });
    const popupCard = await screen.findByRole('button', { name: 'Open X Slots' });
    expect(popupCard.textContent).toContain('40 games');
    expect(screen.getByRole('button', { name: 'Open One Book' }).textContent).toContain('1 game');
    expect(screen.getByRole('button', { name: 'Open One Book' }).textContent).not.toContain('1 games');
    fireEvent.click(popupCard);
    const dialog = await screen.findByRole('dialog', { name: 'X Slots games' });
    expect(await within(dialog).findByText('Vendor game')).toBeTruthy();
    expect(listBodies(fetchMock)[0]).toMatchObject({ vassalage: 'XSLOT', gameType: 'SPORTS' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));

    await waitFor(() => expect(fetchMock.mock.calls.some(([url]) => String(url).includes('member/info'))).toBe(true));
    await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
    fireEvent.click(screen.getByRole('button', { name: 'Open SBO Sports' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toMatch(/^\/seamless\?nodeId=7001/));
    const launch = fetchMock.mock.calls.find(([url]) => String(url).includes('launchGame'));
    expect(bodyOf(launch?.[1] ?? {})).toMatchObject({ nodeId: '7001', launchMode: 'LOBBY', mode: 'real' });
  });

  it('says so when the category has no vendors', async () => {
    serve({});
    const { wrapper } = gamesWrapper('/cockfight');
    render(<GameCentre category="COCKFIGHT" />, { wrapper });
    expect(await screen.findByText('No providers here yet')).toBeTruthy();
  });
});

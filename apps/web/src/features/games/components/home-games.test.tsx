import { act, fireEvent, render, renderHook, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { envelopeResponse, mockApi } from '@/testing/fixtures';
import { useJackpot } from '../hooks/use-jackpot';
import {
  FakeIntersectionObserver,
  gameFixture,
  gamesWrapper,
  menusFixture,
  rankEntryFixture,
  vendorCardFixture,
} from '../testing';
import { jackpotMaxCents, jackpotMinCents } from '../utils/jackpot';
import { laterSlidesPerStep } from './carousel';
import { GameSections } from './game-sections';
import { HotGamesCarousel, hotFirstSlides, hotPanelHeight } from './hot-games';
import { JackpotCounter } from './jackpot-counter';
import { WinnersBoard } from './winners-board';

type Handlers = Parameters<typeof mockApi>[0];

function serve(routes: Handlers) {
  const fetchMock = vi.fn(mockApi(routes));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

beforeEach(() => {
  vi.stubGlobal('IntersectionObserver', FakeIntersectionObserver);
  vi.stubGlobal('matchMedia', (query: string) => ({ matches: false, media: query }) as MediaQueryList);
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const cards = (count: number, gameType: 'RNG' | 'LIVE' | 'SPORTS') =>
  Array.from({ length: count }, (_, index) =>
    vendorCardFixture({ vassalage: `${gameType}${index}`, displayName: `${gameType} vendor ${index}`, gameType }),
  );

describe('home sections', () => {
  it('cuts each lane to 12 vendors, shows arrows only above 12, and follows the spec order', async () => {
    serve({
      '/lgw/games/game_menus': () =>
        envelopeResponse(
          menusFixture([
            { title: 'SPORTS', cards: cards(2, 'SPORTS') },
            { title: 'LIVE', cards: cards(12, 'LIVE') },
            { title: 'RNG', cards: cards(15, 'RNG') },
          ]),
        ),
    });
    const { wrapper } = gamesWrapper('/');
    render(<GameSections />, { wrapper });
    const rng = await screen.findByRole('region', { name: 'Slots providers' });
    expect(within(rng).getAllByTestId('vendor-card')).toHaveLength(12);
    expect(within(rng).getByTestId('carousel-next')).toBeTruthy();
    expect(within(rng).getByTestId('carousel-previous')).toBeTruthy();

    expect(within(rng).getAllByTestId('vendor-card')[0]?.textContent).toContain('40 games');
    const live = screen.getByRole('region', { name: 'Live casino providers' });
    expect(within(live).getAllByTestId('vendor-card')).toHaveLength(12);
    expect(within(live).queryByTestId('carousel-next')).toBeNull();

    const order = [...document.querySelectorAll('[data-section]')].map((node) => node.getAttribute('data-section'));
    expect(order).toEqual(['RNG', 'LIVE', 'SPORTS']);
    expect(screen.getAllByRole('link', { name: 'See all' })[0]?.getAttribute('href')).toBe('/rng');
  });

  it('serves the vendors from the session cache without asking again', async () => {
    const menus = menusFixture([{ title: 'RNG', cards: cards(3, 'RNG') }]);
    sessionStorage.setItem('gameMenus:en', JSON.stringify(menus));
    const fetchMock = serve({});
    const { wrapper } = gamesWrapper('/');
    render(<GameSections />, { wrapper });
    expect(await screen.findByRole('region', { name: 'Slots providers' })).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

describe('hot games carousel', () => {
  const hot = (count: number) =>
    Array.from({ length: count }, (_, index) => gameFixture({ displayName: `Hot ${index}`, isHot: 1 }));

  it('shows arrows above 7 games', async () => {
    serve({ '/wps/relay/GCSGAME_hotGamesV2': () => envelopeResponse(hot(8)) });
    const { wrapper } = gamesWrapper('/');
    render(<HotGamesCarousel />, { wrapper });
    const carousel = await screen.findByRole('region', { name: 'Hot games' });
    expect(within(carousel).getAllByTestId('game-tile')).toHaveLength(8);
    expect(within(carousel).getByTestId('carousel-next')).toBeTruthy();
  });

  it('builds the first tiles with the block and the rest a few at a time at idle moments', async () => {
    const idle: IdleRequestCallback[] = [];
    vi.stubGlobal('requestIdleCallback', (callback: IdleRequestCallback) => idle.push(callback));
    vi.stubGlobal('cancelIdleCallback', () => undefined);
    const games = hot(30);
    // The last one is a live game with a free trial: Start and Free Trial, the tallest tile.
    games[29] = { ...(games[29] as (typeof games)[number]), gameType: 'LIVE', trialSupport: true };
    serve({ '/wps/relay/GCSGAME_hotGamesV2': () => envelopeResponse(games) });
    const { wrapper } = gamesWrapper('/');
    const { container } = render(<HotGamesCarousel />, { wrapper });
    const carousel = await screen.findByRole('region', { name: 'Hot games' });
    expect(within(carousel).getAllByTestId('game-tile')).toHaveLength(hotFirstSlides);
    // The others keep their places: every slide is there (autoplay's loop measures all thirty), each holding a shell
    // with its tile's buttons, so the row is as tall as it will be once they are built.
    expect(container.querySelectorAll('.carousel__slide')).toHaveLength(30);
    const later = container.querySelectorAll('.carousel__slide--later[aria-hidden="true"]');
    expect(later).toHaveLength(30 - hotFirstSlides);
    expect(later[0]?.querySelectorAll('.game-tile--shell .ui-button')).toHaveLength(1);
    expect(later[later.length - 1]?.querySelectorAll('.game-tile--shell .ui-button')).toHaveLength(2);
    const tiles = () => within(carousel).getAllByTestId('game-tile').length;
    const idleMoment = () => act(() => idle.shift()?.({ didTimeout: false, timeRemaining: () => 10 }));
    // A render on a loaded machine may leave a callback that was asked for and then superseded (it builds nothing).
    while (idle.length > 0 && tiles() === hotFirstSlides) idleMoment();
    expect(tiles()).toBe(hotFirstSlides + laterSlidesPerStep);
    while (idle.length > 0) idleMoment();
    expect(tiles()).toBe(30);
    expect(screen.getByText('Hot 29')).toBeTruthy();
    expect(container.querySelectorAll('.carousel__slide--later')).toHaveLength(0);
  });

  it('builds every tile at once when the player reaches for the carousel', async () => {
    vi.stubGlobal('requestIdleCallback', () => 1);
    vi.stubGlobal('cancelIdleCallback', () => undefined);
    serve({ '/wps/relay/GCSGAME_hotGamesV2': () => envelopeResponse(hot(30)) });
    const { wrapper } = gamesWrapper('/');
    render(<HotGamesCarousel />, { wrapper });
    const carousel = await screen.findByRole('region', { name: 'Hot games' });
    expect(within(carousel).getAllByTestId('game-tile')).toHaveLength(hotFirstSlides);
    fireEvent.pointerDown(within(carousel).getByTestId('carousel-next'));
    expect(within(carousel).getAllByTestId('game-tile')).toHaveLength(30);
  });

  it('has no arrows with 7 games, and asks with the spec parameters', async () => {
    const fetchMock = serve({ '/wps/relay/GCSGAME_hotGamesV2': () => envelopeResponse(hot(7)) });
    const { wrapper } = gamesWrapper('/');
    render(<HotGamesCarousel />, { wrapper });
    const carousel = await screen.findByRole('region', { name: 'Hot games' });
    expect(within(carousel).queryByTestId('carousel-next')).toBeNull();
    const call = fetchMock.mock.calls.find(([url]) => String(url).includes('GCSGAME_hotGamesV2'));
    const body = JSON.parse(String(call?.[1]?.body));
    expect(body).toMatchObject({ isPlatform: 2, platform: ['flash', 'html5-desktop'], language: 'en' });
    expect(JSON.parse(sessionStorage.getItem('hotGames:en') ?? '[]')).toHaveLength(7);
  });
});

describe('hot games without hot games', () => {
  it('keeps the block and its height with a translated note instead of collapsing (no layout shift)', async () => {
    sessionStorage.clear();
    const pending: { answer?: (value: Response) => void } = {};
    serve({
      '/wps/relay/GCSGAME_hotGamesV2': () =>
        new Promise<Response>((resolve) => {
          pending.answer = resolve;
        }),
    });
    const { wrapper } = gamesWrapper('/');
    const { container } = render(<HotGamesCarousel />, { wrapper });
    const loading = container.querySelector('.ui-skeleton') as HTMLElement;
    expect(loading.style.height).toBe(`${hotPanelHeight}px`);

    await vi.waitFor(() => expect(pending.answer).toBeDefined());
    pending.answer?.(envelopeResponse([]));
    const empty = await screen.findByTestId('hot-games-empty');
    expect(empty.style.height).toBe(`${hotPanelHeight}px`);
    expect(within(empty).getByText('Hot games are warming up')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Hot games' })).toBeTruthy();
    expect(container.firstChild).not.toBeNull();
  });
});

describe('winners board link', () => {
  it('leads to the full winners page', async () => {
    serve({ '/wps/relay/GCSGAME_getRankList': () => envelopeResponse([rankEntryFixture(1, 500_00n)]) });
    const { wrapper } = gamesWrapper('/');
    render(<WinnersBoard />, { wrapper });
    const link = await screen.findByRole('link', { name: 'View all winners' });
    expect(link.getAttribute('href')).toBe('/winners');
  });
});

describe('jackpot counter', () => {
  it('grows by 100 to 500 every 3 to 5 seconds and stays within its bounds', () => {
    vi.useFakeTimers();
    let draws = 0;
    // Alternates extreme draws: the largest start, steps and delays, then the smallest.
    const random = () => (draws++ % 2 === 0 ? 0.999999 : 0);
    const { result } = renderHook(() => useJackpot(random));
    const start = result.current;
    expect(start).toBeGreaterThanOrEqual(jackpotMinCents);
    expect(start).toBeLessThanOrEqual(jackpotMaxCents);

    let previous = start;
    for (let step = 0; step < 20; step += 1) {
      act(() => {
        vi.advanceTimersByTime(2999);
      });
      const before = result.current;
      act(() => {
        vi.advanceTimersByTime(2001);
      });
      const growth = result.current - before;
      expect(result.current).toBeGreaterThan(previous - 1);
      if (growth > 0) {
        expect(growth).toBeGreaterThanOrEqual(10_000);
        expect(growth).toBeLessThanOrEqual(50_000);
      }
      previous = result.current;
    }
    expect(result.current).toBeGreaterThan(start);
  });

  it('does not move before 3 seconds have passed', () => {
    vi.useFakeTimers();
    const { result } = renderHook(() => useJackpot(() => 0));
    const start = result.current;
    act(() => {
      vi.advanceTimersByTime(2999);
    });
    expect(result.current).toBe(start);
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(result.current).toBe(start + 10_000);
  });

  it('shows the value with thousands separators and 2 decimals', () => {
    const { wrapper } = gamesWrapper('/');
    render(<JackpotCounter random={() => 0} />, { wrapper });
    expect(screen.getByTestId('jackpot-value').textContent).toBe('৳100,000,000.00');
  });
});

describe('winners board', () => {
  it('shows the 3 biggest winners apart and the rest from the 4th in the scrolling list', async () => {
    const fetchMock = serve({
      '/wps/relay/GCSGAME_getRankList': () =>
        envelopeResponse([
          rankEntryFixture(1, 123_456_789n, { customerName: 'ra***m' }),
          rankEntryFixture(2, 9_900_000n, { customerName: 'ka***l' }),
          rankEntryFixture(3, 500_050n, { customerName: 'su***a' }),
          rankEntryFixture(4, 100_000n, { customerName: 'jo***n' }),
          rankEntryFixture(5, 99_999n, { customerName: 'mi***a' }),
        ]),
    });
    const { wrapper } = gamesWrapper('/');
    render(<WinnersBoard />, { wrapper });
    const top = await screen.findByTestId('winners-top');
    expect(within(top).getAllByRole('listitem')).toHaveLength(3);
    expect(within(top).getByText('৳1,234,567.89')).toBeTruthy();
    expect(within(top).getByText('ra***m')).toBeTruthy();
    const rest = screen.getByTestId('winners-rest');
    expect(rest.getAttribute('start')).toBe('4');
    expect(within(rest).getAllByRole('listitem')).toHaveLength(2);
    expect(within(rest).getByText('৳999.99')).toBeTruthy();
    const call = fetchMock.mock.calls.find(([url]) => String(url).includes('GCSGAME_getRankList'));
    const body = JSON.parse(String(call?.[1]?.body));
    expect(body).toEqual({ gameCategory: 'ALL', language: 'en', limitNum: 20 });
  });
});

import type { Game, GameMenus, GamePage, RankEntry, VendorCard } from '@portal/contract';
import { ToastProvider } from '@portal/ui/toast';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { permissionQueryKey } from '@/lib/permission';
import { permissionFixture } from '@/testing/fixtures';
import '@/locales/games';

let nextId = 1000;

/** A game tile as `GCSGAME_gameList` returns it. */
export function gameFixture(overrides: Partial<Game> = {}): Game {
  const gameId = overrides.gameId ?? nextId++;
  const name = overrides.displayName ?? `Game ${gameId}`;
  return {
    gameId,
    nodeId: String(gameId),
    gameCode: `code-${gameId}`,
    vassalage: 'SIMSEAM',
    vendorName: 'Sim Seamless',
    gameType: 'RNG',
    isGame: 'GAME',
    isHot: 0,
    isNew: 0,
    displayName: name,
    gameName: name,
    nodeName: name,
    showIcon: null,
    iconUrl: `https://img.example.com/${gameId}.png`,
    lagerIcon: null,
    trialSupport: true,
    maintenance: false,
    isFavorite: false,
    ...overrides,
  };
}

export function gamePageFixture(content: Game[], overrides: Partial<GamePage> = {}): GamePage {
  return { content, pageNum: 1, pageSize: 20, totalPages: 1, total: content.length, ...overrides };
}

export function vendorCardFixture(overrides: Partial<VendorCard> = {}): VendorCard {
  const vassalage = overrides.vassalage ?? `V${nextId++}`;
  return {
    vassalage,
    displayName: overrides.displayName ?? `Vendor ${vassalage}`,
    gameType: 'RNG',
    isGame: 'VASSALAGE',
    iconUrl: null,
    gameCount: 40,
    maintenance: false,
    walletMode: 'seamless',
    nodeId: null,
    sort: 0,
    ...overrides,
  };
}

export function menusFixture(lanes: GameMenus['lanes'], prizeMode: GameMenus['prizeMode'] = 'lott'): GameMenus {
  return { lanes, prizeMode };
}

export function rankEntryFixture(rank: number, minor: bigint, overrides: Partial<RankEntry> = {}): RankEntry {
  const text = minor.toString().padStart(3, '0');
  return {
    rank,
    customerName: `pl***${rank}`,
    winAmount: { amount: `${text.slice(0, -2)}.${text.slice(-2)}`, minor: minor.toString() },
    iconUrl: null,
    gameName: `Lucky ${rank}`,
    nodeId: String(rank),
    gameCode: `lucky-${rank}`,
    vassalage: 'SIMSEAM',
    gameType: 'RNG',
    wonAt: '2026-11-22T02:00:00.000Z',
    ...overrides,
  };
}

/** Shows where the app navigated to, so tests can assert the game page was opened. */
function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{`${location.pathname}${location.search}`}</output>;
}

/**
 * Providers the game screens need: the query cache (with the site's permission response already loaded, as the
 * start-up gate guarantees), notifications and a router at `path`.
 */
export function gamesWrapper(path = '/') {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  queryClient.setQueryData(permissionQueryKey, permissionFixture());
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>
      <ToastProvider labels={{ notifications: 'Notifications', dismiss: 'Dismiss' }}>
        <MemoryRouter initialEntries={[path]}>
          <Routes>
            <Route path="*" element={children} />
          </Routes>
          <LocationProbe />
        </MemoryRouter>
      </ToastProvider>
    </QueryClientProvider>
  );
  return { queryClient, wrapper };
}

/** A stand-in IntersectionObserver the tests trigger by hand. */
export class FakeIntersectionObserver {
  static instances: FakeIntersectionObserver[] = [];
  readonly elements = new Set<Element>();
  readonly options: IntersectionObserverInit | undefined;
  constructor(
    private readonly callback: IntersectionObserverCallback,
    options?: IntersectionObserverInit,
  ) {
    this.options = options;
    FakeIntersectionObserver.instances.push(this);
  }
  observe(element: Element) {
    this.elements.add(element);
  }
  unobserve(element: Element) {
    this.elements.delete(element);
  }
  disconnect() {
    this.elements.clear();
  }
  takeRecords() {
    return [];
  }
  /** Reports every observed element as visible. */
  reveal() {
    const entries = [...this.elements].map((target) => ({ target, isIntersecting: true }) as IntersectionObserverEntry);
    if (entries.length > 0) this.callback(entries, this as unknown as IntersectionObserver);
  }
  static revealAll() {
    for (const observer of FakeIntersectionObserver.instances) observer.reveal();
  }
}

import type { CatalogueGameAdmin, CatalogueVendorAdmin } from '@portal/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { configFixture, meFixture, mockApi, okResponse } from '@/testing/fixtures';
import { renderConsole } from '@/testing/render-app';

afterEach(() => {
  vi.unstubAllGlobals();
});

function vendor(overrides: Partial<CatalogueVendorAdmin> = {}): CatalogueVendorAdmin {
  return {
    code: 'PG',
    name: 'PG Soft',
    aggregator: 'hub88',
    walletMode: 'seamless',
    category: 'RNG',
    enabled: true,
    maintenance: false,
    sortOrder: 10,
    games: 120,
    listedGames: 118,
    syncedAt: '2030-01-02T09:00:00.000Z',
    ...overrides,
  };
}

function game(overrides: Partial<CatalogueGameAdmin> = {}): CatalogueGameAdmin {
  return {
    id: 7,
    vendorCode: 'PG',
    vendorName: 'PG Soft',
    gameCode: 'pg_fortune',
    name: 'Fortune Tiger',
    category: 'RNG',
    isLobby: false,
    listed: true,
    enabled: true,
    maintenance: false,
    isHot: false,
    hotPinned: null,
    sortOrder: 3,
    sortPinned: false,
    vendorEnabled: true,
    vendorMaintenance: false,
    updatedAt: '2030-01-02T09:00:00.000Z',
    ...overrides,
  };
}

function serve(role: 'owner' | 'content' | 'support') {
  let current = game();
  let pg = vendor();
  const fetchMock = vi.fn(
    mockApi({
      'GET /bo/api/session/me': () => okResponse(meFixture(role)),
      'GET /bo/api/config': () => okResponse(configFixture()),
      'GET /bo/api/catalogue/vendors': () =>
        okResponse({ items: [pg, vendor({ code: 'JDB', name: 'JDB', sortOrder: 20 })] }),
      'GET /bo/api/catalogue/games': ({ url }) => {
        const q = url.searchParams.get('q') ?? '';
        const items = q === '' || current.name.toLowerCase().includes(q.toLowerCase()) ? [current] : [];
        return okResponse({ items, pageNo: 1, pageSize: 20, total: items.length, totalPages: 1 });
      },
      'PATCH /bo/api/catalogue/games/7': ({ body }) => {
        const input = body as { enabled?: boolean; hot?: boolean | null; sortOrder?: number };
        current = {
          ...current,
          ...(input.enabled !== undefined ? { enabled: input.enabled } : {}),
          ...(input.hot !== undefined ? { hotPinned: input.hot, isHot: input.hot === true } : {}),
          ...(input.sortOrder !== undefined ? { sortOrder: input.sortOrder, sortPinned: true } : {}),
        };
        return okResponse(current);
      },
      'PATCH /bo/api/catalogue/vendors/PG': ({ body }) => {
        pg = { ...pg, ...(body as Partial<CatalogueVendorAdmin>) };
        return okResponse(pg);
      },
      'POST /bo/api/catalogue/sync': () =>
        okResponse({
          runs: [
            {
              vendor: 'hub88',
              ok: true,
              received: 120,
              added: 2,
              updated: 118,
              removed: 0,
              durationMs: 900,
              error: null,
            },
          ],
        }),
    }),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const calls = (fetchMock: ReturnType<typeof serve>, method: string, path: string) =>
  fetchMock.mock.calls.filter(([url, init]) => String(url).startsWith(path) && (init?.method ?? 'GET') === method);

describe('games management', () => {
  it('lists vendors and games, filters on the server and switches a game off', async () => {
    const fetchMock = serve('content');
    renderConsole('/games');
    expect(await screen.findByRole('heading', { level: 1, name: 'Games' }, { timeout: 5000 })).toBeTruthy();
    const pg = await screen.findByTestId('vendor-PG');
    expect(within(pg).getByText('118 of 120 listed')).toBeTruthy();
    expect(within(pg).getByText('Seamless wallet')).toBeTruthy();

    const row = await screen.findByTestId('game-7');
    expect(within(row).getByText('pg_fortune')).toBeTruthy();

    fireEvent.change(screen.getByLabelText('Search'), { target: { value: 'nothing' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText('No game matches.')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Vendor'), { target: { value: 'PG' } });
    // Sorting is a click on a column header (the shared SortableHeader), again for the other direction.
    const gameHeader = screen.getByRole('columnheader', { name: 'Game' });
    fireEvent.click(within(gameHeader).getByRole('button'));
    await waitFor(() =>
      expect(
        calls(fetchMock, 'GET', '/bo/api/catalogue/games').some(([url]) => {
          const search = new URL(String(url), 'http://localhost').searchParams;
          return (
            search.get('q') === 'nothing' &&
            search.get('vendor') === 'PG' &&
            search.get('sort') === 'name' &&
            search.get('dir') === 'asc'
          );
        }),
      ).toBe(true),
    );
    expect(gameHeader.getAttribute('aria-sort')).toBe('ascending');
    fireEvent.click(within(gameHeader).getByRole('button'));
    await waitFor(() =>
      expect(
        calls(fetchMock, 'GET', '/bo/api/catalogue/games').some(
          ([url]) => new URL(String(url), 'http://localhost').searchParams.get('dir') === 'desc',
        ),
      ).toBe(true),
    );
    fireEvent.change(screen.getByLabelText('Search'), { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));

    const again = await screen.findByTestId('game-7');
    fireEvent.click(within(again).getByRole('switch', { name: 'Fortune Tiger enabled' }));
    expect(await screen.findByText('Fortune Tiger is off and hidden from players')).toBeTruthy();
    expect(JSON.parse(String(calls(fetchMock, 'PATCH', '/bo/api/catalogue/games/7')[0]?.[1]?.body))).toEqual({
      enabled: false,
    });
    await waitFor(() =>
      expect(
        (
          within(screen.getByTestId('game-7')).getByRole('switch', {
            name: 'Fortune Tiger enabled',
          }) as HTMLInputElement
        ).checked,
      ).toBe(false),
    );
  });

  it('pins a game hot, saves its order, puts a vendor into maintenance and syncs the catalogue', async () => {
    const fetchMock = serve('owner');
    renderConsole('/games');
    const row = await screen.findByTestId('game-7', {}, { timeout: 5000 });
    fireEvent.change(within(row).getByLabelText('Hot flag of Fortune Tiger'), { target: { value: 'on' } });
    expect(await screen.findByText('Fortune Tiger is pinned hot')).toBeTruthy();
    expect(JSON.parse(String(calls(fetchMock, 'PATCH', '/bo/api/catalogue/games/7')[0]?.[1]?.body))).toEqual({
      hot: true,
    });

    const order = within(screen.getByTestId('game-7')).getByLabelText('Order of Fortune Tiger');
    fireEvent.change(order, { target: { value: 'x1' } });
    expect(
      (within(screen.getByTestId('game-7')).getByRole('button', { name: 'Save' }) as HTMLButtonElement).disabled,
    ).toBe(true);
    fireEvent.change(order, { target: { value: '1' } });
    fireEvent.click(within(screen.getByTestId('game-7')).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Order of Fortune Tiger saved')).toBeTruthy();
    expect(JSON.parse(String(calls(fetchMock, 'PATCH', '/bo/api/catalogue/games/7')[1]?.[1]?.body))).toEqual({
      sortOrder: 1,
    });

    fireEvent.click(within(screen.getByTestId('vendor-PG')).getByRole('switch', { name: 'PG Soft in maintenance' }));
    expect(await screen.findByText('PG Soft is in maintenance')).toBeTruthy();
    expect(JSON.parse(String(calls(fetchMock, 'PATCH', '/bo/api/catalogue/vendors/PG')[0]?.[1]?.body))).toEqual({
      maintenance: true,
    });

    fireEvent.click(screen.getByRole('button', { name: 'Sync catalogue now' }));
    expect(await screen.findByText('Catalogue synced: 1 vendor, 120 games received, 2 new.')).toBeTruthy();
  });

  it('is not offered to a role without games.manage', async () => {
    serve('support');
    renderConsole('/games');
    expect(await screen.findByRole('heading', { level: 1, name: 'Site settings' }, { timeout: 5000 })).toBeTruthy();
    const nav = screen.getByRole('navigation', { name: 'Console navigation' });
    expect(within(nav).queryByRole('link', { name: 'Games and vendors' })).toBeNull();
    expect(within(nav).queryByRole('link', { name: 'Reports' })).toBeNull();
  });
});

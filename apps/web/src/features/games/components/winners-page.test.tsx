import { render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { bodyOf, envelopeResponse, mockApi } from '@/testing/fixtures';
import { FakeIntersectionObserver, gamesWrapper, rankEntryFixture } from '../testing';
import { WinnersPage } from './winners-page';

beforeEach(() => {
  vi.stubGlobal('IntersectionObserver', FakeIntersectionObserver);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('winners page', () => {
  it('highlights the 3 biggest wins and lists the rest, amounts with separators and 2 decimals', async () => {
    const entries = [
      rankEntryFixture(1, 1_234_567_89n, { customerName: 'ka***im' }),
      rankEntryFixture(2, 98_765_43n),
      rankEntryFixture(3, 5_000_00n),
      rankEntryFixture(4, 1_200_50n, { customerName: 'ra***na' }),
      rankEntryFixture(5, 99_00n),
    ];
    const fetchMock = vi.fn(mockApi({ '/wps/relay/GCSGAME_getRankList': () => envelopeResponse(entries) }));
    vi.stubGlobal('fetch', fetchMock);
    const { wrapper } = gamesWrapper('/winners');
    render(<WinnersPage />, { wrapper });

    const podium = await screen.findByTestId('winners-podium');
    const places = within(podium).getAllByRole('listitem');
    expect(places).toHaveLength(3);
    expect(places[0]?.className).toContain('winners-page__top--1');
    expect(places[0]?.textContent).toContain('ka***im');
    expect(places[0]?.textContent).toContain('1,234,567.89');
    expect(places[1]?.textContent).toContain('98,765.43');

    const rows = within(screen.getByTestId('winners-table')).getAllByRole('row');
    // A header row, then the 4th and 5th.
    expect(rows).toHaveLength(3);
    expect(rows[1]?.textContent).toContain('ra***na');
    expect(rows[1]?.textContent).toContain('1,200.50');
    expect(rows[2]?.textContent).toContain('99.00');

    const [, init] = fetchMock.mock.calls[0] ?? [];
    expect(bodyOf(init as RequestInit)).toMatchObject({ gameCategory: 'ALL', limitNum: 100 });
  });

  it('shows a translated empty state when nobody has won yet', async () => {
    vi.stubGlobal('fetch', vi.fn(mockApi({ '/wps/relay/GCSGAME_getRankList': () => envelopeResponse([]) })));
    const { wrapper } = gamesWrapper('/winners');
    render(<WinnersPage />, { wrapper });
    expect(await screen.findByText('No big wins yet')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Winners' })).toBeTruthy();
  });
});

import { afterEach, describe, expect, it } from 'vitest';
import {
  claimToggle,
  favoriteToggleThrottleMs,
  getFavoritesState,
  resetFavorites,
  seedFavorites,
  setFavoriteLocally,
} from './favorites-store';

afterEach(() => resetFavorites());

describe('favourites store', () => {
  it('accepts one toggle per 1000 ms', () => {
    expect(favoriteToggleThrottleMs).toBe(1000);
    expect(claimToggle(10_000)).toBe(true);
    expect(claimToggle(10_500)).toBe(false);
    expect(claimToggle(10_999)).toBe(false);
    expect(claimToggle(11_000)).toBe(true);
  });

  it('never lists an id twice', () => {
    seedFavorites('token', ['1', '2', '1', '3', '2']);
    expect(getFavoritesState().ids).toEqual(['1', '2', '3']);
    setFavoriteLocally('2', true);
    expect(getFavoritesState().ids).toEqual(['1', '2', '3']);
    setFavoriteLocally('4', true);
    setFavoriteLocally('4', true);
    expect(getFavoritesState().ids).toEqual(['4', '1', '2', '3']);
  });

  it('removes an id locally at once', () => {
    seedFavorites('token', ['1', '2']);
    setFavoriteLocally('1', false);
    expect(getFavoritesState().ids).toEqual(['2']);
  });
});

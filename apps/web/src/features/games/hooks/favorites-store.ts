/**
 * The favourite game ids of the signed-in player, kept on the page (spec section 4 "Favourites"): a toggle updates
 * the local ids at once, before the server answers; an id is never listed twice; and one toggle per 1000 ms is
 * accepted (spec section 9), the rest ignored. Every tile reads the same store, so a heart flips everywhere at once.
 */
export const favoriteToggleThrottleMs = 1000;

type State = { owner: string | null; ids: readonly string[] };

let state: State = { owner: null, ids: [] };
let lastToggleAt = Number.NEGATIVE_INFINITY;
const listeners = new Set<() => void>();

function emit(): void {
  for (const listener of listeners) listener();
}

function unique(ids: readonly string[]): string[] {
  return [...new Set(ids)];
}

export function subscribeFavorites(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function getFavoritesState(): State {
  return state;
}

/** Takes the server's list for `owner` (the session token); another account's ids are dropped. */
export function seedFavorites(owner: string, ids: readonly string[]): void {
  state = { owner, ids: unique(ids) };
  emit();
}

/** Forgets the ids (logout, account switch) and the throttle. */
export function resetFavorites(): void {
  state = { owner: null, ids: [] };
  lastToggleAt = Number.NEGATIVE_INFINITY;
  emit();
}

/** Adds or removes an id locally; adding one already there changes nothing. */
export function setFavoriteLocally(nodeId: string, favorite: boolean): void {
  const has = state.ids.includes(nodeId);
  if (favorite === has) return;
  state = { ...state, ids: favorite ? [nodeId, ...state.ids] : state.ids.filter((id) => id !== nodeId) };
  emit();
}

/** Claims the toggle slot: false while the last accepted toggle is less than 1000 ms old. */
export function claimToggle(now: number = Date.now()): boolean {
  if (now - lastToggleAt < favoriteToggleThrottleMs) return false;
  lastToggleAt = now;
  return true;
}

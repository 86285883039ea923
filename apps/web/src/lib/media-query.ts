import { useCallback, useSyncExternalStore } from 'react';

/**
 * The wide layout of the frame (layout.css): from 961 px the header shows its row of game categories and the side
 * menu is a column of the page; below it the category row is hidden and the side menu is a drawer.
 */
export const wideFrameQuery = '(min-width: 961px)';

/**
 * Whether the CSS media query matches now, following its changes (a window resized or turned). Where the browser
 * has no `matchMedia`, and on a server render, `fallback`.
 *
 * For parts that CSS hides at some sizes: a phone's first load need not build the desktop's category row (270-odd
 * elements) only to hide it.
 */
export function useMediaQuery(query: string, fallback = true): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      if (typeof window === 'undefined' || typeof window.matchMedia !== 'function') return () => undefined;
      const list = window.matchMedia(query);
      // Test doubles and old engines may lack the listener methods: then the first answer stands.
      if (typeof list.addEventListener !== 'function') return () => undefined;
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    [query],
  );
  const read = () =>
    typeof window !== 'undefined' && typeof window.matchMedia === 'function'
      ? window.matchMedia(query).matches
      : fallback;
  return useSyncExternalStore(subscribe, read, () => fallback);
}

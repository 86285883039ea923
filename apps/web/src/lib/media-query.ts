import { useCallback, useSyncExternalStore } from 'react';

/**
 * The narrow layout of the frame, exactly as layout.css writes it: up to 960 px the header's row of game categories
 * is hidden and the side menu is a drawer; wider, the row shows and the side menu is a column of the page. Code asks
 * for the same query and takes "wide" as its negation, so no width (960.5 px under zoom) falls between the two.
 */
export const narrowFrameQuery = '(max-width: 960px)';

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

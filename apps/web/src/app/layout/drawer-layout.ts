import { useEffect, useState } from 'react';
import { whenFirstScreenReady } from '@/lib/first-screen';

/**
 * At this width and below the frame has its phone layout (layout.css): the side menu is a drawer, off screen until
 * the player opens it, and the header's row of game categories is hidden.
 */
export const drawerMediaQuery = '(max-width: 960px)';

function startsAsDrawer(): boolean {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function'
    ? window.matchMedia(drawerMediaQuery).matches
    : false;
}

/**
 * Whether a part of the frame that the phone layout keeps off screen is rendered (its code loaded). On wider screens
 * it is part of the first screen and renders at once. On phones nothing of it shows, while its chunks and its render
 * competed with the first banner, the phone's largest paint: there it waits for the first screen
 * (`whenFirstScreenReady`), or renders at once when `wanted` (the player opened the drawer). Once rendered it stays.
 */
export function useRenderedAfterFirstScreenOnPhone(wanted = false): boolean {
  const [rendered, setRendered] = useState(() => !startsAsDrawer());

  useEffect(() => {
    if (rendered) return;
    if (wanted) {
      setRendered(true);
      return;
    }
    let cancelled = false;
    whenFirstScreenReady().then(() => {
      if (!cancelled) setRendered(true);
    });
    return () => {
      cancelled = true;
    };
  }, [rendered, wanted]);

  return rendered || wanted;
}

/** Spec section 9: home sections show at most 12 items. */
export const sectionItemLimit = 12;
/** Section carousels get arrows above 12 items, the hot games carousel above 7. */
export const sectionArrowsAbove = 12;
export const hotArrowsAbove = 7;
/** Hot games carousel autoplay delay. */
export const hotAutoplayMs = 1200;
/** Four slides visible on desktop, 24 px apart. */
export const slidesPerViewDesktop = 4;
export const slideGapPx = 24;

/** The items a home section shows: the first 12, in the server's order. */
export function cutSection<T>(items: readonly T[], limit = sectionItemLimit): T[] {
  return items.slice(0, limit);
}

/** Whether a carousel of `count` items gets previous/next arrows. */
export function showsArrows(count: number, above: number): boolean {
  return count > above;
}

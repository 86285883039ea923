/**
 * When the first screen's own content is on screen: on the home page the home banners report it once the first
 * banner has been painted (the phone's largest paint), elsewhere the layout once the announcements have loaded; the
 * layout also reports it after a short wait whatever happened. Parts with their places reserved further down (the
 * home page's game blocks) start loading then, so that on a slow connection their code and data do not share the
 * bandwidth and the six HTTP/1.1 connections with the banner.
 */
let markReady: () => void = () => undefined;
const ready = new Promise<void>((resolve) => {
  markReady = resolve;
});

/** Longest anything waits for the report (a layout that never reports must not leave the page half loaded). */
const fallbackMs = 4000;

export function markFirstScreenReady(): void {
  markReady();
}

/** Resolves once the layout has reported the first screen ready, or `fallbackMs` after the first caller asked. */
export function whenFirstScreenReady(): Promise<void> {
  return Promise.race([ready, new Promise<void>((resolve) => setTimeout(resolve, fallbackMs))]);
}

/**
 * The picture in the start-up cover of index.html: on the home page the server puts the site's first home banner
 * there (the API server's platform/html/startup-page.ts), so the visitor sees the current promotion as soon as the
 * page arrives. The app's first render empties #root, so its own cover (the start-up gate) must show the same
 * picture, read here from the page before that render, or it would vanish until the home page shows it again.
 */
export type StartupPromo = { src: string; alt: string };

let promo: StartupPromo | null = null;

/** Reads the server's promotion from the start-up cover in `container` (#root). Call before the first render. */
export function captureStartupPromo(container: Element): void {
  const image = container.querySelector<HTMLImageElement>('.ui-cover__promo img');
  // The attribute as the server wrote it (a site path or an http(s) address), not the resolved `src` property.
  const src = image?.getAttribute('src');
  promo = image && src ? { src, alt: image.getAttribute('alt') ?? '' } : null;
}

/** The promotion the page arrived with, or null. */
export function startupPromo(): StartupPromo | null {
  return promo;
}

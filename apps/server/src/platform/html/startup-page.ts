import escapeHtml from 'escape-html';
import { isSafeContentUrl } from './sanitize';

/** A picture the start-up page shows while the app loads: the site's first home banner. */
export type StartupPromo = { url: string; title: string };

/**
 * Where the built index.html takes the promotion: inside its start-up cover (apps/web/index.html). The app's own
 * cover (the start-up gate) shows the same picture at the same place, so nothing changes when the app takes over.
 */
export const startupPromoMarker = '<!--startup-promo-->';

/**
 * Where index.html's head takes the picture's preload: before the scripts and their preloads, so that over HTTP/1.1
 * (six connections) the picture is not queued behind them and is painted with the cover, before the scripts run.
 */
export const startupPromoPreloadMarker = '<!--startup-promo-preload-->';

/**
 * The index page with the promotion in its start-up cover (and its preload in the head, where the page has a place
 * for it). The page is unchanged when there is no promotion, its address is not a safe image address (a site path or
 * http(s)), or the page has no place for it in the cover.
 */
export function withStartupPromo(indexHtml: string, promo: StartupPromo | null): string {
  if (!promo || !isSafeContentUrl(promo.url) || !indexHtml.includes(startupPromoMarker)) return indexHtml;
  const src = escapeHtml(promo.url.trim());
  // The size of the home banners (3:1), so the picture's box is known before it arrives; fetched first of all.
  const markup = `<div class="ui-cover__promo"><img src="${src}" alt="${escapeHtml(promo.title)}" width="1200" height="400" fetchpriority="high"></div>`;
  const preload = `<link rel="preload" as="image" href="${src}" fetchpriority="high">`;
  // Functions, not strings, as replacements: `$` patterns in operator text must stay as written.
  return indexHtml.replace(startupPromoMarker, () => markup).replace(startupPromoPreloadMarker, () => preload);
}

export type StartupPageOptions = {
  indexHtml: string;
  /** The promotion to show now (null for none). */
  promo: () => Promise<StartupPromo | null>;
  /** How long a built page is reused before the promotion is asked again. */
  ttlMs?: number;
  now?: () => number;
  onError?: (error: unknown) => void;
};

/**
 * The index page with the current promotion, rebuilt at most every `ttlMs` (the home page is every visit's first
 * request: it must not cost a database query each time). A failed look-up serves the plain page and is retried by
 * the next request.
 */
export function createStartupPage(options: StartupPageOptions): { html(): Promise<string> } {
  const ttlMs = options.ttlMs ?? 10_000;
  const now = options.now ?? Date.now;
  let cached: { at: number; html: Promise<string> } | null = null;
  return {
    html() {
      const at = now();
      if (!cached || at - cached.at >= ttlMs) {
        const entry = {
          at,
          html: options.promo().then(
            (promo) => withStartupPromo(options.indexHtml, promo),
            (error: unknown) => {
              options.onError?.(error);
              if (cached === entry) cached = null;
              return options.indexHtml;
            },
          ),
        };
        cached = entry;
      }
      return cached.html;
    },
  };
}

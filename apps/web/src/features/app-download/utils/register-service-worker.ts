/**
 * Registers the service worker that makes the portal installable (the lite app) and keeps its shell and
 * static assets for offline start. It never caches API answers (see public/sw.js). Registered after the
 * page has loaded so it never competes with the first paint.
 */
export function registerServiceWorker(scriptUrl = '/sw.js'): void {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  const register = () => {
    navigator.serviceWorker.register(scriptUrl, { scope: '/' }).catch((error: unknown) => {
      console.warn('Service worker registration failed', error);
    });
  };
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}

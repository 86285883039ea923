/*
 * Service worker of the portal (the installable "lite app"). It keeps the app shell and the static build assets so
 * the portal starts quickly and opens without a network, and it NEVER caches API answers: balances, sessions, game
 * launches and everything else under the server's API paths always go to the network, untouched by this worker.
 *
 * - Navigations: network first; when offline, the cached app shell (index.html).
 * - Hashed build assets (/assets/…): cache first (their names change with their content).
 * - Other same-origin static files (icons, footer art, manifest): network first, cached copy when offline.
 * - Anything else (API paths, other origins, non-GET requests): not handled at all.
 */
const CACHE = 'portal-shell-v1';
const SHELL = ['/', '/manifest.webmanifest', '/favicon.svg', '/icons/icon-192.png'];

/** Paths the API server answers (the same list the web app's dev proxy forwards). Never cached. */
const API_PREFIXES = [
  '/wps',
  '/lgw',
  '/lotto',
  '/bo',
  '/gateway',
  '/dev',
  '/docs',
  '/healthz',
  '/readyz',
  '/metrics',
  '/gateway-sim',
  '/backoffice',
];

function isApiPath(pathname) {
  return API_PREFIXES.some((prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`));
}

/** Which strategy serves a request, or null when the worker must leave it alone. */
function strategyFor(request, origin) {
  if (request.method !== 'GET') return null;
  const url = new URL(request.url);
  if (url.origin !== origin) return null;
  if (isApiPath(url.pathname)) return null;
  if (request.mode === 'navigate') return 'shell';
  if (url.pathname.startsWith('/assets/')) return 'cache-first';
  return 'network-first';
}

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) => cache.addAll(SHELL))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) => Promise.all(keys.filter((key) => key !== CACHE).map((key) => caches.delete(key))))
      .then(() => self.clients.claim()),
  );
});

async function putInCache(request, response) {
  // Only complete, same-origin answers are kept; an error page must not replace a good copy.
  if (response?.status !== 200 || response.type !== 'basic') return;
  const cache = await caches.open(CACHE);
  await cache.put(request, response);
}

async function cacheFirst(request) {
  const cached = await caches.match(request);
  if (cached) return cached;
  const response = await fetch(request);
  await putInCache(request, response.clone());
  return response;
}

async function networkFirst(request) {
  try {
    const response = await fetch(request);
    await putInCache(request, response.clone());
    return response;
  } catch (error) {
    const cached = await caches.match(request);
    if (cached) return cached;
    throw error;
  }
}

async function shell(request) {
  try {
    const response = await fetch(request);
    // The shell under "/" is refreshed from any successful navigation: the SPA serves the same index.html.
    if (response.ok && response.type === 'basic') await putInCache('/', response.clone());
    return response;
  } catch (error) {
    const cached = await caches.match('/');
    if (cached) return cached;
    throw error;
  }
}

self.addEventListener('fetch', (event) => {
  const strategy = strategyFor(event.request, self.location.origin);
  if (strategy === null) return;
  if (strategy === 'shell') event.respondWith(shell(event.request));
  else if (strategy === 'cache-first') event.respondWith(cacheFirst(event.request));
  else event.respondWith(networkFirst(event.request));
});

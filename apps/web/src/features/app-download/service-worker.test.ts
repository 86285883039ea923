import { readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeEach, describe, expect, it, vi } from 'vitest';

/**
 * The service worker (public/sw.js) runs as it ships: its source is evaluated against a stand-in worker scope with
 * a Cache Storage and fetch of our own, and requests are dispatched to its fetch handler.
 */
const source = readFileSync(path.resolve(import.meta.dirname, '../../../public/sw.js'), 'utf8');
const origin = 'https://portal.example';

type FetchEvent = { request: Request; respondWith: (response: Promise<Response>) => void };

function loadWorker() {
  const handlers = new Map<string, (event: unknown) => void>();
  const stored = new Map<string, Response>();
  const cache = {
    put: vi.fn(async (request: Request | string, response: Response) => {
      stored.set(typeof request === 'string' ? new URL(request, origin).href : request.url, response);
    }),
    addAll: vi.fn(async () => undefined),
  };
  const caches = {
    open: vi.fn(async () => cache),
    match: vi.fn(async (request: Request | string) =>
      stored.get(typeof request === 'string' ? new URL(request, origin).href : request.url),
    ),
    keys: vi.fn(async () => []),
    delete: vi.fn(async () => true),
  };
  const network = vi.fn(async (request: Request) => {
    const response = new Response(`answer for ${request.url}`, { status: 200 });
    // Same-origin answers are of type "basic" in a browser.
    Object.defineProperty(response, 'type', { value: 'basic' });
    return response;
  });
  const self = {
    location: new URL(origin),
    addEventListener: (type: string, handler: (event: unknown) => void) => handlers.set(type, handler),
    skipWaiting: vi.fn(),
    clients: { claim: vi.fn() },
  };
  new Function('self', 'caches', 'fetch', source)(self, caches, network);

  async function dispatch(url: string, init: RequestInit & { mode?: 'navigate' } = {}) {
    const { mode, ...rest } = init;
    const request = new Request(new URL(url, origin), rest);
    if (mode) Object.defineProperty(request, 'mode', { value: mode });
    let responded: Promise<Response> | null = null;
    const event: FetchEvent = {
      request,
      respondWith: (response) => {
        responded = response;
      },
    };
    handlers.get('fetch')?.(event);
    const response = responded ? await (responded as Promise<Response>) : null;
    return { handled: responded !== null, response };
  }
  return { dispatch, cache, caches, network, stored };
}

describe('service worker', () => {
  let worker: ReturnType<typeof loadWorker>;
  beforeEach(() => {
    worker = loadWorker();
  });

  it.each([
    '/wps/v2/wallets/balance',
    '/wps/member/info',
    '/lgw/games/game_menus?language=en',
    '/lotto/lgw/games/opened/numero',
    '/bo/api/session',
    '/gateway/payments/simulator/callback',
  ])('leaves the API answer of %s to the network, never caching it', async (path) => {
    const result = await worker.dispatch(path);
    expect(result.handled).toBe(false);
    expect(worker.cache.put).not.toHaveBeenCalled();
    expect(worker.caches.match).not.toHaveBeenCalled();
  });

  it('does not treat a page whose name merely starts like an API path as an API call', async () => {
    const result = await worker.dispatch('/wpsguide.png');
    expect(result.handled).toBe(true);
  });

  it('leaves requests that are not GET alone', async () => {
    const result = await worker.dispatch('/assets/app.js', { method: 'POST', body: 'x' });
    expect(result.handled).toBe(false);
  });

  it('leaves other origins alone', async () => {
    const result = await worker.dispatch('https://cdn.example.com/game.png');
    expect(result.handled).toBe(false);
  });

  it('serves hashed build assets from the cache once fetched', async () => {
    await worker.dispatch('/assets/index-abc123.js');
    expect(worker.network).toHaveBeenCalledTimes(1);
    expect(worker.stored.has(`${origin}/assets/index-abc123.js`)).toBe(true);
    const second = await worker.dispatch('/assets/index-abc123.js');
    expect(worker.network).toHaveBeenCalledTimes(1);
    expect(await second.response?.text()).toContain('index-abc123.js');
  });

  it('answers a navigation from the network and falls back to the cached shell offline', async () => {
    const online = await worker.dispatch('/member?page=withdraw', { mode: 'navigate' });
    expect(online.handled).toBe(true);
    expect(worker.stored.has(`${origin}/`)).toBe(true);
    worker.network.mockRejectedValueOnce(new TypeError('offline'));
    const offline = await worker.dispatch('/rng', { mode: 'navigate' });
    expect(await offline.response?.text()).toContain('/member?page=withdraw');
  });
});

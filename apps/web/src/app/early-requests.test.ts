import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { AnnouncementList, PermissionResponse } from '@portal/contract';
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getAnnouncements } from '@/features/content/api/announcements';
import { announcementFixture, contentPermission } from '@/features/content/testing';
import { configureApiClient } from '@/lib/api-client';
import { envelopeResponse } from '@/testing/fixtures';
import { homePaths } from './layout/frame-rules';

/** index.html's early script, run as the page runs it (a classic script, before the app's modules). */
const earlyScript = readFileSync(path.resolve(import.meta.dirname, '../../public/early-requests.js'), 'utf8');
const runEarlyScript = () => new Function(earlyScript)();

const announcementsPath = '/wps/relay/MCSFE_getListAnnouncements';

function announcementList(): AnnouncementList {
  return {
    banners: [
      announcementFixture({
        id: 7,
        type: 'B',
        groupName: 'w_promotion',
        announcementImages: [{ url: '/media/promo.png', sequence: 1 }],
      }),
      announcementFixture({
        id: 8,
        type: 'B',
        groupName: 'w_home',
        announcementImages: [
          { url: '/media/home-1.svg', sequence: 1 },
          { url: '/media/home-2.svg', sequence: 2 },
        ],
      }),
    ],
    player: [],
    popup: [],
    promotion: [],
    help: [],
  };
}

type Sent = { path: string; init: RequestInit };

/** Answers the configuration and the announcements; records every request in the order sent. */
function serve(permission: PermissionResponse) {
  const sent: Sent[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const path = String(input);
    sent.push({ path, init });
    if (path === '/wps/system/whitelabel') return envelopeResponse(permission);
    if (path === announcementsPath) return envelopeResponse(announcementList());
    return envelopeResponse(null, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
  return sent;
}

/** Lets the script's chained promises (configuration answer → announcements → image) run. */
async function settle() {
  for (let round = 0; round < 10; round += 1) await new Promise((resolve) => setTimeout(resolve, 0));
}

const preloadedImages = () =>
  [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="preload"][as="image"]')].map((link) =>
    link.getAttribute('href'),
  );

beforeEach(() => {
  window.history.pushState({}, '', '/');
});

// The script starts the app from a timer (a frame, or 250 ms in a hidden tab). The tests that run it with real
// timers leave that timer pending; it must fire while the page still exists, not after the file's environment is
// torn down (where `document` is gone and the timer throws an uncaught ReferenceError that fails the run).
afterAll(async () => {
  await new Promise((resolve) => setTimeout(resolve, 400));
});

afterEach(() => {
  vi.unstubAllGlobals();
  window.__earlyWhitelabel = undefined;
  window.__earlyAnnouncements = undefined;
  for (const link of document.head.querySelectorAll('link[rel="preload"], link[data-app-entry], script[type="module"]'))
    link.remove();
});

describe('index.html early requests (public/early-requests.js)', () => {
  it('asks for the configuration, then the announcements as the app would, then preloads the first home banner', async () => {
    const permission = contentPermission();
    const sent = serve({ ...permission, info: { ...permission.info, defaultLanguage: 'bn' } });
    runEarlyScript();
    expect(sent.map((request) => request.path)).toEqual(['/wps/system/whitelabel']);
    await settle();

    expect(sent.map((request) => request.path)).toEqual(['/wps/system/whitelabel', announcementsPath]);
    const announcements = sent[1]?.init;
    expect(announcements?.method).toBe('POST');
    // The site's default language (no stored choice), its merchant code, and the app's own request body.
    expect(announcements?.headers).toMatchObject({ language: 'bn', merchant: 'BDX88', device: 'WEB' });
    expect(announcements?.body).toBe(JSON.stringify({ types: 'B,PL,PU,PR,H', platform: 'W', execution: 'B' }));
    // The w_home carousel's first image, not the promotion page's banner listed before it.
    expect(preloadedImages()).toEqual(['/media/home-1.svg']);
  });

  it('keeps a stored language the site offers', async () => {
    localStorage.setItem('lang', 'en');
    const permission = contentPermission();
    const sent = serve({ ...permission, info: { ...permission.info, defaultLanguage: 'bn' } });
    runEarlyScript();
    await settle();
    expect(sent[0]?.init.headers).toMatchObject({ language: 'en' });
    expect(sent[1]?.init.headers).toMatchObject({ language: 'en' });
  });

  it('sends no announcements call while the site is in maintenance, region-blocked or has announcements off', async () => {
    const permission = contentPermission();
    const closed: PermissionResponse[] = [
      { ...permission, maintenance: true },
      { ...permission, regionRestriction: true },
      {
        ...permission,
        info: {
          ...permission.info,
          whitelabel: [{ modId: 'CONTENT', enabled: true, childrenNodes: [] }],
        },
      },
      {
        ...permission,
        info: {
          ...permission.info,
          whitelabel: [
            {
              modId: 'CONTENT',
              enabled: false,
              childrenNodes: [{ modId: 'ANNOUNCEMENT3', enabled: true, childrenNodes: [] }],
            },
          ],
        },
      },
    ];
    for (const answer of closed) {
      const sent = serve(answer);
      runEarlyScript();
      await settle();
      expect(sent.map((request) => request.path)).toEqual(['/wps/system/whitelabel']);
      expect(window.__earlyAnnouncements).toBeUndefined();
    }
    expect(preloadedImages()).toEqual([]);
  });

  it("preloads the banner on every home path the app's frame knows", async () => {
    for (const home of homePaths) {
      window.history.pushState({}, '', home);
      serve(contentPermission());
      runEarlyScript();
      await settle();
      expect(preloadedImages(), home).toEqual(['/media/home-1.svg']);
      for (const link of document.head.querySelectorAll('link[rel="preload"]')) link.remove();
    }
  });

  it('preloads no banner image away from the home page', async () => {
    window.history.pushState({}, '', '/promotions');
    const sent = serve(contentPermission());
    runEarlyScript();
    await settle();
    expect(sent.map((request) => request.path)).toEqual(['/wps/system/whitelabel', announcementsPath]);
    expect(preloadedImages()).toEqual([]);
  });

  it("hands the app the configuration answer's body intact after reading its own copy", async () => {
    serve(contentPermission());
    runEarlyScript();
    const response = await window.__earlyWhitelabel?.response;
    await settle();
    expect(await response?.json()).toMatchObject({ success: true, value: { info: { merchantCode: 'BDX88' } } });
  });
});

describe('the app takes the early announcements answer', () => {
  it('once, when merchant, language and body match; a later load asks the server', async () => {
    configureApiClient({ merchantCode: 'BDX88' });
    const sent = serve(contentPermission());
    runEarlyScript();
    await settle();
    expect(sent.filter((request) => request.path === announcementsPath)).toHaveLength(1);

    const first = await getAnnouncements('en');
    expect(first.banners.map((banner) => banner.id)).toEqual([7, 8]);
    expect(sent.filter((request) => request.path === announcementsPath)).toHaveLength(1);
    expect(window.__earlyAnnouncements).toBeUndefined();

    await getAnnouncements('en');
    expect(sent.filter((request) => request.path === announcementsPath)).toHaveLength(2);
  });

  it('not when it went out for another merchant: the app asks with its own headers', async () => {
    configureApiClient({ merchantCode: 'OTHER' });
    const sent = serve(contentPermission());
    runEarlyScript();
    await settle();
    await getAnnouncements('en');
    const calls = sent.filter((request) => request.path === announcementsPath);
    expect(calls).toHaveLength(2);
    expect(calls[1]?.init.headers).toMatchObject({ merchant: 'OTHER' });
  });
});

describe('index.html starts the app after the first paint (public/early-requests.js)', () => {
  // Timers only: the tests stand in for the animation frames themselves.
  const fakeTimers = () => vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  const moduleScripts = () =>
    [...document.head.querySelectorAll<HTMLScriptElement>('script[type="module"]')].map((script) => ({
      src: script.getAttribute('src'),
      // CORS like its modulepreload link, so the preloaded response is the one used.
      cors: script.hasAttribute('crossorigin'),
    }));

  function markEntry() {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = '/assets/index-abc123.js';
    link.setAttribute('data-app-entry', '');
    document.head.append(link);
  }

  it("adds the built page's entry module once the page has painted a frame, and only once", async () => {
    serve(contentPermission());
    markEntry();
    const frames: FrameRequestCallback[] = [];
    vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => frames.push(callback));
    fakeTimers();
    try {
      runEarlyScript();
      // Not before the frame: the cover is painted first.
      expect(moduleScripts()).toEqual([]);
      expect(frames).toHaveLength(1);
      frames[0]?.(0);
      expect(moduleScripts()).toEqual([]);
      vi.advanceTimersByTime(0);
      expect(moduleScripts()).toEqual([{ src: '/assets/index-abc123.js', cors: true }]);
      // The timer meant for a tab that paints nothing adds no second copy.
      vi.advanceTimersByTime(1000);
      expect(moduleScripts()).toHaveLength(1);
    } finally {
      vi.useRealTimers();
    }
  });

  it('starts the app in a tab that paints no frames (hidden) after a short wait', () => {
    serve(contentPermission());
    markEntry();
    vi.stubGlobal('requestAnimationFrame', () => 0);
    fakeTimers();
    try {
      runEarlyScript();
      vi.advanceTimersByTime(249);
      expect(moduleScripts()).toEqual([]);
      vi.advanceTimersByTime(1);
      expect(moduleScripts()).toHaveLength(1);
    } finally {
      vi.useRealTimers();
    }
  });

  it('waits for the page to be parsed, and adds nothing to a page without an entry (the dev server)', () => {
    serve(contentPermission());
    const frames: FrameRequestCallback[] = [];
    vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => frames.push(callback));
    const state = vi.spyOn(document, 'readyState', 'get').mockReturnValue('loading');
    fakeTimers();
    try {
      runEarlyScript();
      vi.advanceTimersByTime(1000);
      expect(frames).toHaveLength(0);
      markEntry();
      state.mockReturnValue('interactive');
      document.dispatchEvent(new Event('DOMContentLoaded'));
      vi.advanceTimersByTime(1000);
      expect(moduleScripts()).toHaveLength(1);
      for (const element of document.head.querySelectorAll('link[data-app-entry], script[type="module"]'))
        element.remove();
      runEarlyScript();
      vi.advanceTimersByTime(1000);
      expect(moduleScripts()).toEqual([]);
    } finally {
      state.mockRestore();
      vi.useRealTimers();
    }
  });
});

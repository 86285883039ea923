// The first calls of a visit, sent while the app's scripts download; src/lib/early-requests.ts says when the app takes
// their answers. A file, not an inline script, because the page's policy allows none. Keep it small: it is on the
// first download.
//   1. GET /wps/system/whitelabel (the site configuration).
//   2. When that arrives and the site is open: the announcements (banners, notices, popups), with the headers the app
//      will send (merchant code and language as the configuration decides them), so they no longer wait for the app's
//      scripts to download, run and render.
//   3. On the home page: the first w_home banner's image, preloaded at high priority (the phone's largest paint).
//   4. The app itself (the built page's entry module, marked `data-app-entry`, already fetched by its modulepreload
//      link), started once the page has been painted: the start-up cover, and on the home page the promotion in it,
//      are then on screen before the app's first long stretch of script runs, rather than whenever the scripts
//      happen to arrive after the first frame. A hidden tab paints no frames: there a timer starts it.
(() => {
  const shipped = ['en', 'bn'];
  const homePaths = ['/', '/index', '/index.html', '/home'];
  const announcementsBody = '{"types":"B,PL,PU,PR,H","platform":"W","execution":"B"}';
  const asShipped = (value) => {
    const code = String(value || '')
      .trim()
      .toLowerCase()
      .slice(0, 2);
    return shipped.includes(code) ? code : null;
  };
  let stored = null;
  try {
    stored = localStorage.getItem('lang');
  } catch {
    // Storage can throw in privacy modes; the app falls back the same way.
  }
  const send = (method, path, headers, body) => {
    const init = { method, headers, credentials: 'same-origin' };
    if (body !== undefined) init.body = body;
    const response = fetch(path, init);
    // The app may not take it: its failure must not be reported as an unhandled rejection then.
    response.catch(() => undefined);
    return { method, path, headers, body, response };
  };
  // The app's rule (src/lib/i18n.ts pickLanguage): the stored choice if the site offers it, else the site's default,
  // else English. Before the configuration is known, the stored shipped language or English.
  const pickLanguage = (info) => {
    const offered = (info.languages || []).map(asShipped).filter(Boolean);
    for (const candidate of [stored, info.defaultLanguage]) {
      const language = asShipped(candidate);
      if (language && (offered.length === 0 || offered.includes(language))) return language;
    }
    return 'en';
  };
  const isOn = (tree, modId) => {
    for (const node of tree || []) {
      if (!node.enabled) continue;
      if (node.modId === modId || isOn(node.childrenNodes, modId)) return true;
    }
    return false;
  };
  const preloadImage = (url) => {
    const link = document.createElement('link');
    link.rel = 'preload';
    link.as = 'image';
    link.href = url;
    link.fetchPriority = 'high';
    document.head.append(link);
  };
  const announcements = (value) => {
    const info = value?.info;
    if (!info || value.maintenance || value.regionRestriction || !isOn(info.whitelabel, 'ANNOUNCEMENT3')) return;
    const headers = { accept: 'application/json', language: pickLanguage(info), device: 'WEB' };
    if (info.merchantCode) headers.merchant = info.merchantCode;
    headers['content-type'] = 'application/json';
    const request = send('POST', '/wps/relay/MCSFE_getListAnnouncements', headers, announcementsBody);
    window.__earlyAnnouncements = request;
    if (!homePaths.includes(window.location.pathname)) return;
    request.response
      .then((response) => (response.ok ? response.clone().json() : null))
      .then((json) => {
        const banner = (json?.value?.banners || []).find((item) => item.groupName === 'w_home');
        const image = banner && !banner.videoUrl && banner.announcementImages?.[0];
        if (image && typeof image.url === 'string') preloadImage(image.url);
      })
      .catch(() => undefined);
  };

  const whitelabel = send('GET', '/wps/system/whitelabel', {
    accept: 'application/json',
    language: asShipped(stored) || 'en',
    device: 'WEB',
  });
  // The app reads the answer's body itself: the copy read here is taken before it can.
  whitelabel.response = whitelabel.response.then((response) => {
    if (response.ok)
      response
        .clone()
        .json()
        .then((json) => announcements(json?.value))
        .catch(() => undefined);
    return response;
  });
  whitelabel.response.catch(() => undefined);
  window.__earlyWhitelabel = whitelabel;

  let appStarted = false;
  const startApp = () => {
    if (appStarted) return;
    const entry = document.querySelector('link[data-app-entry]');
    if (!entry) return;
    appStarted = true;
    const script = document.createElement('script');
    script.type = 'module';
    script.crossOrigin = entry.crossOrigin ?? '';
    script.src = entry.getAttribute('href');
    document.head.append(script);
  };
  const afterFirstPaint = () => {
    requestAnimationFrame(() => setTimeout(startApp, 0));
    setTimeout(startApp, 250);
  };
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', afterFirstPaint, { once: true });
  else afterFirstPaint();
})();

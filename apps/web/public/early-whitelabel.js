// Sends GET /wps/system/whitelabel while the app's scripts download; src/lib/permission.ts says when the app takes
// the answer. A file, not an inline script, because the page's policy allows none. Keep it tiny: it is on the
// first download.
(() => {
  let language = 'en';
  try {
    const stored = (localStorage.getItem('lang') || '').trim().toLowerCase().slice(0, 2);
    if (stored === 'en' || stored === 'bn') language = stored;
  } catch {
    // Storage can throw in privacy modes; the app falls back to English the same way.
  }
  const path = '/wps/system/whitelabel';
  const headers = { accept: 'application/json', language, device: 'WEB' };
  const response = fetch(path, { headers, credentials: 'same-origin' });
  // The app may not take it: its failure must not be reported as an unhandled rejection then.
  response.catch(() => undefined);
  window.__earlyWhitelabel = { path, headers, response };
})();

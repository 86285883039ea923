/** Shared shell of the simulator's game pages: self-contained HTML, CSS and JS, no external assets. */

export const escapeHtml = (text: string): string =>
  text.replace(
    /[<>&'"]/g,
    (char) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&#39;', '"': '&quot;' })[char] ?? char,
  );

/** JSON for embedding in a <script> block (no `</script>` break-out). */
export const scriptJson = (value: unknown): string => JSON.stringify(value).replace(/</g, '\\u003c');

const BASE_CSS = `
*{box-sizing:border-box}
html,body{margin:0;height:100%;background:#0b0d17;color:#f1f1f6;font:15px/1.4 system-ui,-apple-system,"Segoe UI",Roboto,Arial,sans-serif}
body{display:flex;flex-direction:column;min-height:100vh;background:radial-gradient(circle at 50% 0%,var(--glow,#3b0a45) 0%,#0b0d17 65%)}
header.bar{display:flex;align-items:center;gap:12px;padding:10px 16px;background:rgba(0,0,0,.45);border-bottom:1px solid rgba(255,215,0,.18)}
header.bar h1{font-size:17px;margin:0;font-weight:800;letter-spacing:.3px}
header.bar .provider{font-size:12px;color:#c9c9d6;background:rgba(255,255,255,.08);padding:2px 8px;border-radius:10px}
header.bar .spacer{flex:1}
.balance{font-weight:800;color:#ffd166;font-variant-numeric:tabular-nums}
.balance small{color:#c9c9d6;font-weight:600;margin-right:6px}
.demo-tag{font-size:11px;font-weight:800;color:#0b0d17;background:#7ee8fa;padding:2px 6px;border-radius:6px}
a.lobby,button{font:inherit}
a.lobby{color:#f1f1f6;text-decoration:none;border:1px solid rgba(255,255,255,.25);padding:5px 10px;border-radius:8px}
a.lobby:hover,a.lobby:focus-visible{border-color:#ffd166;color:#ffd166}
main{flex:1;display:flex;flex-direction:column;align-items:center;gap:14px;padding:16px}
.panel{background:rgba(14,16,32,.85);border:1px solid rgba(255,215,0,.2);border-radius:16px;padding:14px;box-shadow:0 10px 40px rgba(0,0,0,.5)}
.btn{cursor:pointer;border:0;border-radius:12px;padding:10px 18px;font-weight:800;color:#1a1200;background:linear-gradient(180deg,#ffe08a,#f5b400);box-shadow:0 3px 0 #a87700}
.btn:disabled{opacity:.5;cursor:not-allowed}
.btn.secondary{background:linear-gradient(180deg,#3a3f5c,#262a40);color:#f1f1f6;box-shadow:0 3px 0 #15172a}
.btn:focus-visible,select:focus-visible,input:focus-visible{outline:3px solid #7ee8fa;outline-offset:2px}
.message{min-height:24px;font-weight:700;text-align:center}
.message.win{color:#ffd166}.message.error{color:#ff6b81}
table.pays{border-collapse:collapse;font-size:13px;width:100%}
table.pays td,table.pays th{padding:4px 8px;border-bottom:1px solid rgba(255,255,255,.08);text-align:right}
table.pays th:first-child,table.pays td:first-child{text-align:left}
details summary{cursor:pointer;font-weight:700;color:#ffd166}
label{font-weight:600}
select,input{background:#15182b;color:#f1f1f6;border:1px solid rgba(255,255,255,.2);border-radius:8px;padding:6px 8px;font:inherit}
.muted{color:#a3a3b8;font-size:13px}
@media (max-width:600px){header.bar{padding:8px 10px;gap:8px}header.bar h1{font-size:14px;line-height:1.2}header.bar .provider{display:none}.balance small{display:none}.balance{font-size:14px;white-space:nowrap}main{padding:10px}}
`;

export function pageShell(options: {
  title: string;
  provider: string;
  glow: string;
  lobbyUrl?: string;
  demo: boolean;
  css: string;
  body: string;
  script: string;
}): string {
  const lobby = options.lobbyUrl
    ? `<a class="lobby" href="${escapeHtml(options.lobbyUrl)}" target="_top">Lobby</a>`
    : '';
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(options.title)}</title>
<style>:root{--glow:${options.glow}}${BASE_CSS}${options.css}</style></head>
<body>
<header class="bar"><h1>${escapeHtml(options.title)}</h1><span class="provider">${escapeHtml(options.provider)}</span>${options.demo ? '<span class="demo-tag">FREE PLAY</span>' : ''}
<span class="spacer"></span><span class="balance" aria-live="polite"><small>Balance</small><span id="balance">…</span></span>${lobby}</header>
<main>${options.body}</main>
<script>
const fmt = (units) => (units / 100000).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
async function api(path, body) {
  const response = await fetch(location.pathname.replace(/\\/$/, '') + '/api/' + path, body === undefined ? {} : { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const data = await response.json().catch(() => ({ error: 'The game server did not answer' }));
  if (!response.ok) throw new Error(data.error || 'Request failed');
  return data;
}
${options.script}
</script></body></html>`;
}

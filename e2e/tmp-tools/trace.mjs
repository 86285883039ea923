// Temporary: trace the home page load on a phone at CPU throttle RATE; print long tasks with top self-time functions.
import { chromium } from 'playwright-core';
import { writeFileSync } from 'node:fs';
const url = process.env.URL ?? 'http://127.0.0.1:4100/';
const rate = Number(process.env.RATE ?? 4);
const minMs = Number(process.env.MIN_MS ?? 12.5);
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless','--no-sandbox','--disable-gpu','--disable-quic','--no-first-run','--disable-background-networking','--disable-component-update','--disable-sync'] });
const context = await browser.newContext({ viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true });
const page = await context.newPage();
const cdp = await context.newCDPSession(page);
await cdp.send('Emulation.setCPUThrottlingRate', { rate });
const events = [];
cdp.on('Tracing.dataCollected', (e) => events.push(...e.value));
const done = new Promise((r) => cdp.once('Tracing.tracingComplete', r));
await cdp.send('Tracing.start', { categories: ['devtools.timeline','disabled-by-default-devtools.timeline','v8.execute','disabled-by-default-v8.cpu_profiler','blink.user_timing','loading'].join(','), options: 'sampling-frequency=10000' });
await page.goto(url, { waitUntil: 'load' });
await page.waitForTimeout(6000);
await cdp.send('Tracing.end');
await done;
await browser.close();
if (process.env.SAVE) writeFileSync(process.env.SAVE, JSON.stringify(events));
// main thread: find renderer main thread tid (CrRendererMain)
const names = events.filter((e) => e.name === 'thread_name');
const cands = names.filter((e) => e.args?.name === 'CrRendererMain');
const busy = (e) => events.filter((x) => x.pid === e.pid && x.tid === e.tid && x.name === 'RunTask').reduce((a, x) => a + (x.dur ?? 0), 0);
const main = cands.sort((a, b) => busy(b) - busy(a))[0];
if (process.env.DEBUG) for (const c of cands) console.log('cand', c.pid, c.tid, busy(c));
const pid = main.pid, tid = main.tid;
const tasks = events.filter((e) => e.pid === pid && e.tid === tid && e.name === 'RunTask' && e.ph === 'X').sort((a, b) => a.ts - b.ts);
const nav = events.filter((e) => e.name === 'navigationStart' && e.pid === pid).pop() ?? tasks[0];
// profile chunks
const nodes = new Map(); const samples = []; let startTime = 0;
for (const e of events) {
  if (e.pid !== pid) continue;
  if (e.name === 'Profile') startTime = e.args.data.startTime;
  if (e.name === 'ProfileChunk') {
    const d = e.args.data.cpuProfile ?? {};
    for (const n of d.nodes ?? []) nodes.set(n.id, n);
    const deltas = e.args.data.timeDeltas ?? [];
    let t = samples.length ? samples[samples.length - 1].t : startTime;
    (d.samples ?? []).forEach((s, i) => { t += deltas[i]; samples.push({ id: s, t }); });
  }
}
const fname = (n) => `${n.callFrame.functionName || '(anon)'} ${String(n.callFrame.url).split('/').pop()}:${n.callFrame.lineNumber}`;
const parentOf = new Map(); for (const n of nodes.values()) if (n.parent) parentOf.set(n.id, n.parent);
let total = 0;
for (const t of tasks) {
  const ms = t.dur / 1000;
  if (ms < minMs) continue;
  total += ms - 50 / rate * 0; 
  const inTask = samples.filter((s) => s.t >= t.ts && s.t <= t.ts + t.dur);
  const self = new Map(); const comps = new Map();
  for (const s of inTask) {
    const n = nodes.get(s.id); if (!n) continue;
    const k = fname(n); self.set(k, (self.get(k) ?? 0) + 1);
    // react component ancestors: functions whose name starts with uppercase
    let x = n; const seen = new Set();
    while (x) { const f = x.callFrame.functionName; if (/^[A-Z][A-Za-z0-9]+$/.test(f) && !seen.has(f)) { seen.add(f); comps.set(f, (comps.get(f) ?? 0) + 1); } x = nodes.get(parentOf.get(x.id)); }
  }
  const top = [...self.entries()].sort((a, b) => b[1] - a[1]).slice(0, 8).map(([k, v]) => `${k}(${v})`).join(', ');
  const tc = [...comps.entries()].sort((a, b) => b[1] - a[1]).slice(0, 8).map(([k, v]) => `${k}(${v})`).join(', ');
  console.log(`@${((t.ts - nav.ts) / 1000).toFixed(0)}ms ${ms.toFixed(1)}ms samples=${inTask.length}\n   self: ${top}\n   comps: ${tc}`);
}

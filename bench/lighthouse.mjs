// Lighthouse on the built player portal's home page, mobile emulation (Lighthouse's default: a mid-range phone on a
// throttled 4G connection, simulated). Run by `npm run bench` after the build; results are appended to
// bench/RESULTS.md with the machine and date. Targets are recorded, never asserted in tests.
import { spawn, spawnSync } from 'node:child_process';
import { appendFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const chromePath = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const runs = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
// `--save-json DIR` keeps each run's full report (diagnostics: LCP breakdown, main-thread work, long tasks).
const saveJsonIndex = process.argv.indexOf('--save-json');
const saveJsonDir = saveJsonIndex > 0 ? process.argv[saveJsonIndex + 1] : undefined;
const targets = { performance: 90, lcpMs: 2500, cls: 0.05, initialJsKb: 170 };

async function waitFor200(url, timeoutMs = 60_000) {
  const start = performance.now();
  while (performance.now() - start < timeoutMs) {
    try {
      const response = await fetch(url);
      if (response.status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`${url} did not answer 200 within ${timeoutMs} ms`);
}

/** The JavaScript the home page loads before anything else: the entry script and its module preloads, gzip. */
function initialJsGzipBytes() {
  const dist = process.env.WEB_DIST_DIR ? path.resolve(process.env.WEB_DIST_DIR) : path.join(root, 'apps/web/dist');
  const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
  const files = new Set();
  for (const match of html.matchAll(/<script[^>]+src="([^"]+\.js)"/g)) files.add(match[1]);
  for (const match of html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+\.js)"/g)) files.add(match[1]);
  let total = 0;
  for (const file of files) total += gzipSync(readFileSync(path.join(dist, file.replace(/^\//, '')))).length;
  return total;
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};

const loadBefore = os
  .loadavg()
  .map((value) => value.toFixed(2))
  .join(' / ');

// The product as `npm start` serves it (scripts/start.mjs: the built server with the vendor simulator, whose games
// the catalogue sync brings in), on a fresh embedded database with the demo data. Without the simulator the home
// page has no vendor sections and lighter hot games than a player sees.
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'portal-lighthouse-'));
const port = 20000 + Math.floor(Math.random() * 20000);
const server = spawn(process.execPath, ['scripts/start.mjs'], {
  cwd: root,
  env: {
    ...process.env,
    PORT: String(port),
    VENDOR_SIM_PORT: String(port + 1),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    RATE_LIMIT_PER_MINUTE: '100000',
  },
  stdio: ['ignore', 'ignore', 'inherit'],
});

/** Waits until the catalogue sync has brought in the simulator's vendors (the home page's game sections). */
async function waitForVendorLanes(timeoutMs = 120_000) {
  const start = performance.now();
  while (performance.now() - start < timeoutMs) {
    const response = await fetch(`http://127.0.0.1:${port}/lgw/games/game_menus?language=en&platform=html5`);
    const lanes = response.ok ? ((await response.json()).value?.lanes ?? []) : [];
    if (lanes.some((lane) => lane.title === 'RNG') && lanes.some((lane) => lane.title === 'LIVE')) return;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`the vendor simulator's games were not in the catalogue within ${timeoutMs} ms`);
}
const url = `http://127.0.0.1:${port}/`;
const scores = [];
/** Why runs were left out, one entry per run. */
const failedRuns = [];
try {
  await waitFor200(`http://127.0.0.1:${port}/healthz`);
  await waitFor200(url);
  await waitForVendorLanes();
  for (let run = 0; run < runs; run += 1) {
    const chrome = await chromeLauncher.launch({
      chromePath,
      chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run'],
    });
    try {
      const result = await lighthouse(url, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance'],
      });
      const { lhr } = result;
      if (saveJsonDir) {
        mkdirSync(saveJsonDir, { recursive: true });
        writeFileSync(path.join(saveJsonDir, `run-${run + 1}.json`), JSON.stringify(lhr));
      }
      // Under heavy load a run can end without some metrics (a trace or page error): it is left out and counted,
      // rather than failing the whole bench after the other runs.
      const metrics = [
        'largest-contentful-paint',
        'cumulative-layout-shift',
        'first-contentful-paint',
        'total-blocking-time',
      ];
      const missing = metrics.filter((id) => typeof lhr.audits[id]?.numericValue !== 'number');
      if (lhr.runtimeError || missing.length > 0) {
        const reason = lhr.runtimeError?.code ?? `no ${missing.join(', ')}`;
        failedRuns.push(reason);
        console.warn(`Lighthouse run ${run + 1} left out: ${reason}`);
        continue;
      }
      scores.push({
        performance: Math.round((lhr.categories.performance.score ?? 0) * 100),
        lcpMs: lhr.audits['largest-contentful-paint'].numericValue,
        cls: lhr.audits['cumulative-layout-shift'].numericValue,
        fcpMs: lhr.audits['first-contentful-paint'].numericValue,
        tbtMs: lhr.audits['total-blocking-time'].numericValue,
        version: lhr.lighthouseVersion,
        formFactor: lhr.configSettings.formFactor,
      });
    } finally {
      await chrome.kill();
    }
  }
} finally {
  const exited = new Promise((resolve) => server.once('exit', resolve));
  server.kill('SIGTERM');
  await exited;
  rmSync(dataDir, { recursive: true, force: true });
}

if (scores.length === 0) throw new Error(`every Lighthouse run failed: ${failedRuns.join('; ')}`);
const jsKb = initialJsGzipBytes() / 1024;
const summary = {
  performance: median(scores.map((score) => score.performance)),
  lcpMs: median(scores.map((score) => score.lcpMs)),
  cls: median(scores.map((score) => score.cls)),
  fcpMs: median(scores.map((score) => score.fcpMs)),
  tbtMs: median(scores.map((score) => score.tbtMs)),
};
const verdict = (ok) => (ok ? 'met' : 'NOT met');
const cpu = os.cpus()[0]?.model ?? 'unknown CPU';
const chromium = spawnSync(chromePath, ['--version'], { encoding: 'utf8' }).stdout.trim();
const lines = [
  '',
  `## ${new Date().toISOString().slice(0, 10)}: Lighthouse, built home page (bench/lighthouse.mjs)`,
  '',
  `Machine: ${os.cpus().length} cores (${cpu}), ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}, ${chromium}, Lighthouse ${scores[0]?.version} (${scores[0]?.formFactor} emulation, simulated throttling), load average before the run ${loadBefore}. Median of ${scores.length} runs on the demo data${failedRuns.length > 0 ? ` (${failedRuns.length} more left out: ${failedRuns.join('; ')})` : ''}; server and browser on the same machine.`,
  '',
  '| Measure | Median | Runs | Target |',
  '| --- | ---: | --- | --- |',
  `| Performance score | ${summary.performance} | ${scores.map((score) => score.performance).join(', ')} | ≥ ${targets.performance}: ${verdict(summary.performance >= targets.performance)} |`,
  `| Largest Contentful Paint | ${(summary.lcpMs / 1000).toFixed(2)} s | ${scores.map((score) => (score.lcpMs / 1000).toFixed(2)).join(', ')} | ≤ 2.5 s: ${verdict(summary.lcpMs <= targets.lcpMs)} |`,
  `| Cumulative Layout Shift | ${summary.cls.toFixed(3)} | ${scores.map((score) => score.cls.toFixed(3)).join(', ')} | ≤ ${targets.cls}: ${verdict(summary.cls <= targets.cls)} |`,
  `| First Contentful Paint | ${(summary.fcpMs / 1000).toFixed(2)} s | ${scores.map((score) => (score.fcpMs / 1000).toFixed(2)).join(', ')} | |`,
  `| Total Blocking Time | ${Math.round(summary.tbtMs)} ms | ${scores.map((score) => Math.round(score.tbtMs)).join(', ')} | |`,
  `| Initial JavaScript (gzip) | ${jsKb.toFixed(1)} KB | | ≤ ${targets.initialJsKb} KB: ${verdict(jsKb <= targets.initialJsKb)} |`,
  '',
];
console.info(lines.join('\n'));
// `--no-record` prints the figures without adding them to RESULTS.md (trying a change out).
if (process.argv.includes('--no-record')) process.exit(0);
appendFileSync(path.join(root, 'bench/RESULTS.md'), lines.join('\n'));
spawnSync(path.join(root, 'node_modules/.bin/biome'), ['format', '--write', 'bench/RESULTS.md'], {
  cwd: root,
  stdio: 'ignore',
});

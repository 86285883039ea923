// Benchmarks for the platform foundation. Run with `npm run bench` (builds first); results are
// appended to bench/RESULTS.md with the machine and date. Targets are recorded, never asserted in tests.
import { spawn, spawnSync } from 'node:child_process';
import { appendFileSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import autocannon from 'autocannon';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const durationSeconds = Number(process.env.BENCH_DURATION_S ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);

function freePort() {
  return 20000 + Math.floor(Math.random() * 20000);
}

async function waitFor200(url, timeoutMs = 30_000) {
  const start = performance.now();
  while (performance.now() - start < timeoutMs) {
    try {
      const response = await fetch(url);
      if (response.status === 200) return performance.now() - start;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`${url} did not answer 200 within ${timeoutMs} ms`);
}

function startProcess(command, args, env) {
  const child = spawn(command, args, {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  return child;
}

async function stop(child) {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

async function load(url, title) {
  const result = await autocannon({ url, connections, duration: durationSeconds, title });
  return {
    title,
    requestsPerSecond: Math.round(result.requests.average),
    p99Ms: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
  };
}

function initialJsGzipBytes() {
  const dist = path.join(root, 'apps/web/dist');
  const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
  const files = new Set();
  for (const match of html.matchAll(/<script[^>]+src="([^"]+\.js)"/g)) files.add(match[1]);
  for (const match of html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+\.js)"/g)) files.add(match[1]);
  let total = 0;
  const parts = [];
  for (const file of files) {
    const bytes = gzipSync(readFileSync(path.join(dist, file.replace(/^\//, '')))).length;
    parts.push(`${path.basename(file)} ${(bytes / 1024).toFixed(1)} KB`);
    total += bytes;
  }
  return { total, parts };
}

const loadBefore = os
  .loadavg()
  .map((value) => value.toFixed(2))
  .join(' / ');
const results = [];

// 1. The reference: bare Fastify.
const helloPort = freePort();
const hello = startProcess(process.execPath, ['bench/hello-server.mjs'], { PORT: String(helloPort) });
await waitFor200(`http://127.0.0.1:${helloPort}/`);
const reference = await load(`http://127.0.0.1:${helloPort}/`, 'bare Fastify hello-world');
await stop(hello);
results.push(reference);

// 2. The portal server, built, on a fresh PGlite, with limits raised so the limiter does not answer 429.
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'portal-bench-'));
const portalPort = freePort();
const portalEnv = {
  PORT: String(portalPort),
  HOST: '127.0.0.1',
  DATA_DIR: dataDir,
  LOG_LEVEL: 'warn',
  RATE_LIMIT_PER_MINUTE: '100000000',
};
const coldFirst = performance.now();
let portal = startProcess(process.execPath, ['apps/server/dist/main.js'], portalEnv);
await waitFor200(`http://127.0.0.1:${portalPort}/healthz`);
const firstStartMs = performance.now() - coldFirst;
for (const route of ['/wps/system/status', '/wps/system/whitelabel']) {
  results.push(await load(`http://127.0.0.1:${portalPort}${route}`, `GET ${route}`));
}
await stop(portal);

// 3. Cold start of an already-built checkout with its data in place: process spawn to first 200.
const coldSecond = performance.now();
portal = startProcess(process.execPath, ['apps/server/dist/main.js'], portalEnv);
await waitFor200(`http://127.0.0.1:${portalPort}/wps/system/whitelabel`);
const restartMs = performance.now() - coldSecond;
await stop(portal);
rmSync(dataDir, { recursive: true, force: true });

// 4. `npm start` itself (build check + server) on the built checkout.
const npmStartDir = mkdtempSync(path.join(os.tmpdir(), 'portal-bench-start-'));
const npmStartAt = performance.now();
const npmStart = spawn('npm', ['start'], {
  cwd: root,
  env: { ...process.env, ...portalEnv, DATA_DIR: npmStartDir },
  stdio: 'ignore',
  detached: true,
});
await waitFor200(`http://127.0.0.1:${portalPort}/`);
const npmStartMs = performance.now() - npmStartAt;
process.kill(-npmStart.pid, 'SIGTERM');
await new Promise((resolve) => npmStart.once('exit', resolve));
rmSync(npmStartDir, { recursive: true, force: true });

const js = existsSync(path.join(root, 'apps/web/dist/index.html')) ? initialJsGzipBytes() : null;

const cpu = os.cpus()[0]?.model ?? 'unknown CPU';
const lines = [
  '',
  `## ${new Date().toISOString().slice(0, 10)}: platform foundation`,
  '',
  `Machine: ${os.cpus().length} cores (${cpu}), ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}, load average before the run ${loadBefore}. autocannon ${connections} connections, ${durationSeconds} s per route, server and load generator on the same machine.`,
  '',
  '| Route | req/s | p99 ms | ratio to bare Fastify | non-2xx |',
  '| --- | ---: | ---: | ---: | ---: |',
  ...results.map(
    (row) =>
      `| ${row.title} | ${row.requestsPerSecond} | ${row.p99Ms} | ${(row.requestsPerSecond / reference.requestsPerSecond).toFixed(2)} | ${row.non2xx} |`,
  ),
  '',
  'Target: each portal route at least 0.60 of the bare hello-world.',
  '',
  `Cold start, built server, fresh PGlite (migrate + seed) to first 200: ${Math.round(firstStartMs)} ms.`,
  `Cold start, built server, existing data to first 200 of /wps/system/whitelabel: ${Math.round(restartMs)} ms.`,
  `\`npm start\` on a built checkout (stale-build check + server, fresh data) to first 200 of /: ${Math.round(npmStartMs)} ms. Target: under 3000 ms.`,
  js
    ? `Initial JavaScript of the web app, gzip: ${(js.total / 1024).toFixed(1)} KB (${js.parts.join(', ')}). Target: under 170 KB.`
    : 'Web app not built: initial JavaScript not measured.',
  '',
];
console.info(lines.join('\n'));
appendFileSync(path.join(root, 'bench/RESULTS.md'), lines.join('\n'));
// Money through the HTTP path (PostgreSQL when BENCH_DATABASE_URL is set, else PGlite); appends its own block.
spawnSync(process.execPath, ['--import', 'tsx', 'bench/wallet-http.mjs', '--record'], { cwd: root, stdio: 'inherit' });
// Keep the recorded table in the repository's Markdown format, so `npm run lint` stays green after a run.
spawnSync(path.join(root, 'node_modules/.bin/biome'), ['format', '--write', 'bench/RESULTS.md'], {
  cwd: root,
  stdio: 'ignore',
});

// Benchmarks for the platform foundation. Run with `npm run bench` (builds first); results are
// appended to bench/RESULTS.md with the machine and date. Targets are recorded, never asserted in tests.
// `node bench/run.mjs --print` prints the block without recording it (and skips the wallet bench);
// `--only=throughput` or `--only=start` runs one half (implies --print), `--rounds=N` repeats the throughput
// rows N times, interleaved, and reports each row's median (for a busy machine).
import { spawn, spawnSync } from 'node:child_process';
import { appendFileSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import autocannon from 'autocannon';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const durationSeconds = Number(process.env.BENCH_DURATION_S ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const flag = (name) => process.argv.find((arg) => arg === `--${name}` || arg.startsWith(`--${name}=`));
const only = flag('only')?.split('=')[1];
const record = !flag('print') && !only;
const rounds = Math.max(1, Number(flag('rounds')?.split('=')[1] ?? 1));

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

// On a machine with two or more cores the servers run on core 1 and this process (autocannon) on core 0, for the
// reference and the portal alike, so neither competes with the load generator for a core (taskset, util-linux).
const allCores = `0-${os.cpus().length - 1}`;
const pinSelf = (cores) => spawnSync('taskset', ['-a', '-pc', cores, String(process.pid)]).status === 0;
const pinned = os.cpus().length >= 2 && pinSelf(allCores);

function startProcess(command, args, env) {
  const [file, argv] = pinned ? ['taskset', ['-c', '1', command, ...args]] : [command, args];
  const child = spawn(file, argv, {
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

/**
 * CPU time (user + system, ms) a process has used so far, from /proc (Linux), or null elsewhere. CPU per request
 * is the figure a busy machine leaves alone: requests per second fall when other work takes the core, the cost of
 * each request does not (much).
 */
function cpuMs(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100; // utime, stime in clock ticks (USER_HZ 100)
  } catch {
    return null;
  }
}

async function load(url, title, { headers = {}, pid } = {}) {
  if (pinned) pinSelf('0');
  const cpuBefore = pid ? cpuMs(pid) : null;
  const result = await autocannon({ url, connections, duration: durationSeconds, title, headers });
  const cpuAfter = pid ? cpuMs(pid) : null;
  if (pinned) pinSelf(allCores);
  const requests = result.requests.total;
  return {
    title,
    requestsPerSecond: Math.round(result.requests.average),
    p99Ms: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
    cpuUsPerRequest:
      cpuBefore !== null && cpuAfter !== null && requests > 0 ? ((cpuAfter - cpuBefore) * 1000) / requests : null,
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
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

// 1. The portal server, built, on a fresh PGlite, with limits raised so the limiter does not answer 429. Its answers
// to the measured routes are captured first, for the same-bytes reference.
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
const routes = ['/wps/system/status', '/wps/system/whitelabel'];
let reference = null;
if (only !== 'start') {
  // What Chromium sends: the permission response goes out Brotli-compressed (compressed once, bench/RESULTS.md).
  const browserHeaders = { 'accept-encoding': 'gzip, deflate, br, zstd' };
  const captured = {};
  for (const route of routes) {
    const response = await fetch(`http://127.0.0.1:${portalPort}${route}`);
    const headers = {};
    for (const [name, value] of response.headers) {
      if (!['date', 'connection', 'keep-alive', 'content-length', 'x-request-id'].includes(name)) headers[name] = value;
    }
    headers['x-request-id'] = 'x'.repeat(36);
    captured[route] = { headers, body: Buffer.from(await response.arrayBuffer()).toString('base64') };
  }
  const bodiesFile = path.join(dataDir, 'same-bytes.json');
  writeFileSync(bodiesFile, JSON.stringify(captured));

  // 2. The references: bare Fastify hello-world, and bare Fastify answering with the portal's exact bytes. Both
  // servers stay up, so that with --rounds the rows can be interleaved (each round measures every row once).
  const helloPort = freePort();
  const hello = startProcess(process.execPath, ['bench/hello-server.mjs'], {
    PORT: String(helloPort),
    BODIES_FILE: bodiesFile,
  });
  await waitFor200(`http://127.0.0.1:${helloPort}/`);
  const rows = [
    { key: 'hello', url: `http://127.0.0.1:${helloPort}/`, title: 'bare Fastify hello-world', pid: hello.pid },
    ...routes.map((route) => ({
      key: `same ${route}`,
      url: `http://127.0.0.1:${helloPort}${route}`,
      title: `bare Fastify, same bytes as ${route}`,
      pid: hello.pid,
    })),
    ...routes.map((route) => ({
      key: route,
      url: `http://127.0.0.1:${portalPort}${route}`,
      title: `GET ${route}`,
      pid: portal.pid,
    })),
    {
      key: 'browser',
      url: `http://127.0.0.1:${portalPort}/wps/system/whitelabel`,
      title: 'GET /wps/system/whitelabel, browser Accept-Encoding',
      headers: browserHeaders,
      pid: portal.pid,
    },
  ];
  const measured = new Map(rows.map((row) => [row.key, []]));
  for (let round = 0; round < rounds; round += 1) {
    for (const row of rows) measured.get(row.key).push(await load(row.url, row.title, row));
  }
  await stop(hello);
  const pick = (key) => {
    const runs = measured.get(key);
    const rps = median(runs.map((run) => run.requestsPerSecond));
    const run = runs.find((candidate) => candidate.requestsPerSecond === rps);
    const cpu = runs.every((candidate) => candidate.cpuUsPerRequest !== null)
      ? median(runs.map((candidate) => candidate.cpuUsPerRequest))
      : null;
    return {
      ...run,
      cpuUsPerRequest: cpu,
      spread: rounds > 1 ? runs.map((candidate) => candidate.requestsPerSecond).join(' ') : '',
    };
  };
  reference = pick('hello');
  results.push(reference);
  for (const route of routes) results.push(pick(`same ${route}`));
  for (const route of routes) results.push({ ...pick(route), sameBytes: pick(`same ${route}`) });
  results.push(pick('browser'));
}
await stop(portal);

let restartMs = null;
let npmStartMs = null;
if (only !== 'throughput') {
  // 3. Cold start of an already-built checkout with its data in place: process spawn to first 200.
  const coldSecond = performance.now();
  portal = startProcess(process.execPath, ['apps/server/dist/main.js'], portalEnv);
  await waitFor200(`http://127.0.0.1:${portalPort}/wps/system/whitelabel`);
  restartMs = performance.now() - coldSecond;
  await stop(portal);

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
  npmStartMs = performance.now() - npmStartAt;
  process.kill(-npmStart.pid, 'SIGTERM');
  await new Promise((resolve) => npmStart.once('exit', resolve));
  rmSync(npmStartDir, { recursive: true, force: true });
}
rmSync(dataDir, { recursive: true, force: true });

const js = existsSync(path.join(root, 'apps/web/dist/index.html')) ? initialJsGzipBytes() : null;

const cpu = os.cpus()[0]?.model ?? 'unknown CPU';
const lines = [
  '',
  `## ${new Date().toISOString().slice(0, 10)}: platform foundation`,
  '',
  `Machine: ${os.cpus().length} cores (${cpu}), ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}, load average before the run ${loadBefore}. autocannon ${connections} connections, ${durationSeconds} s per route${rounds > 1 ? `, ${rounds} interleaved rounds (median; each round's req/s in the last column)` : ''}, server and load generator on the same machine${pinned ? ' (servers pinned to core 1, load generator to core 0)' : ''}.`,
  ...(reference
    ? [
        '',
        `| Route | req/s | p99 ms | ratio to bare Fastify | ratio to same bytes | non-2xx | server CPU µs/req | hello-world CPU / this CPU |${rounds > 1 ? ' rounds |' : ''}`,
        `| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |${rounds > 1 ? ' --- |' : ''}`,
        ...results.map(
          (row) =>
            `| ${row.title} | ${row.requestsPerSecond} | ${row.p99Ms} | ${(row.requestsPerSecond / reference.requestsPerSecond).toFixed(2)} | ${row.sameBytes ? (row.requestsPerSecond / row.sameBytes.requestsPerSecond).toFixed(2) : ''} | ${row.non2xx} | ${row.cpuUsPerRequest === null ? '' : row.cpuUsPerRequest.toFixed(1)} | ${row.cpuUsPerRequest && reference.cpuUsPerRequest ? (reference.cpuUsPerRequest / row.cpuUsPerRequest).toFixed(2) : ''} |${rounds > 1 ? ` ${row.spread} |` : ''}`,
        ),
        '',
        'Target: each portal route at least 0.60 of the bare hello-world. "Same bytes" is bare Fastify sending the route\'s',
        "captured headers and body: the ratio to it is the portal's own work per request, apart from the size of the answer.",
        'Server CPU per request is user + system time of the server process over the run divided by its requests: on a',
        'busy machine its ratio to the hello-world CPU is the steadier reading of the same target.',
      ]
    : []),
  '',
  `Cold start, built server, fresh PGlite (migrate + seed) to first 200: ${Math.round(firstStartMs)} ms.`,
  ...(restartMs === null
    ? []
    : [
        `Cold start, built server, existing data to first 200 of /wps/system/whitelabel: ${Math.round(restartMs)} ms.`,
        `\`npm start\` on a built checkout (stale-build check + server, fresh data) to first 200 of /: ${Math.round(npmStartMs)} ms. Target: under 3000 ms.`,
      ]),
  js
    ? `Initial JavaScript of the web app, gzip: ${(js.total / 1024).toFixed(1)} KB (${js.parts.join(', ')}). Target: under 170 KB.`
    : 'Web app not built: initial JavaScript not measured.',
  '',
];
console.info(lines.join('\n'));
if (record) {
  appendFileSync(path.join(root, 'bench/RESULTS.md'), lines.join('\n'));
  // Money through the HTTP path (PostgreSQL when BENCH_DATABASE_URL is set, else PGlite); appends its own block.
  spawnSync(process.execPath, ['--import', 'tsx', 'bench/wallet-http.mjs', '--record'], {
    cwd: root,
    stdio: 'inherit',
  });
  // Keep the recorded table in the repository's Markdown format, so `npm run lint` stays green after a run.
  spawnSync(path.join(root, 'node_modules/.bin/biome'), ['format', '--write', 'bench/RESULTS.md'], {
    cwd: root,
    stdio: 'ignore',
  });
}

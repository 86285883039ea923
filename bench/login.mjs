// Login benchmark (issue 3 "Measured"): password-login throughput and p99 with argon2id (OWASP parameters:
// 19 MiB, 2 passes), and the server's peak memory while 200 logins arrive at once, with the argon2 semaphore
// (LOGIN_MAX_CONCURRENT_HASHES, default 4) and, for comparison, with it opened to 200. Runs the built server
// (`npm run build` first; `npm run bench` does) on a fresh PGlite with the demo accounts, appends the results to
// bench/RESULTS.md with the machine, date and load average.
//
//   node bench/login.mjs
//   BENCH_DURATION_S=10 BENCH_CONNECTIONS=8 BENCH_FLOOD=200 BENCH_FLOOD_ROUNDS=5 node bench/login.mjs
import { spawn, spawnSync } from 'node:child_process';
import { appendFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const durationSeconds = Number(process.env.BENCH_DURATION_S ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 8);
const flood = Number(process.env.BENCH_FLOOD ?? 200);
const floodRounds = Number(process.env.BENCH_FLOOD_ROUNDS ?? 5);
// A demo account seeded on first start (identity.seed.ts); its password passes the seeded rule.
const credentials = { username: 'demo_player', password: 'Player#2026demo' };

function freePort() {
  return 20000 + Math.floor(Math.random() * 20000);
}

async function waitFor200(url, timeoutMs = 60_000) {
  const start = performance.now();
  while (performance.now() - start < timeoutMs) {
    try {
      const response = await fetch(url);
      if (response.status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`${url} did not answer 200 within ${timeoutMs} ms`);
}

/** Resident memory of a process in MiB, now (VmRSS) and at its peak so far (VmHWM), from /proc. */
function memoryOf(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kib = (name) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? 0);
  return { rssMiB: kib('VmRSS') / 1024, peakMiB: kib('VmHWM') / 1024 };
}

async function startServer(extraEnv) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'portal-bench-login-'));
  const port = freePort();
  const child = spawn(process.execPath, ['apps/server/dist/main.js'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      SEED_DEMO: 'true',
      // The limits that protect a real site would answer 429 to a benchmark from one address.
      RATE_LIMIT_PER_MINUTE: '100000000',
      LOGIN_RATE_LIMIT_PER_MINUTE: '100000000',
      ...extraEnv,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  await waitFor200(`${base}/healthz`);
  return {
    base,
    pid: child.pid,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

const loginBody = JSON.stringify(credentials);
const loginHeaders = { 'content-type': 'application/json', merchant: 'DEMO' };

async function loginOnce(base) {
  const response = await fetch(`${base}/wps/session/login`, { method: 'POST', headers: loginHeaders, body: loginBody });
  await response.arrayBuffer();
  return response.status;
}

/** `flood` logins at once, `floodRounds` times, sampling the server's memory every 20 ms. */
async function floodRun(server) {
  const before = memoryOf(server.pid);
  let peakRss = before.rssMiB;
  const sampler = setInterval(() => {
    peakRss = Math.max(peakRss, memoryOf(server.pid).rssMiB);
  }, 20);
  const statuses = {};
  const started = performance.now();
  for (let round = 0; round < floodRounds; round += 1) {
    const results = await Promise.all(Array.from({ length: flood }, () => loginOnce(server.base)));
    for (const status of results) statuses[status] = (statuses[status] ?? 0) + 1;
  }
  const elapsedMs = performance.now() - started;
  clearInterval(sampler);
  const after = memoryOf(server.pid);
  return {
    beforeMiB: before.rssMiB,
    peakMiB: Math.max(peakRss, after.peakMiB),
    loginsPerSecond: (flood * floodRounds) / (elapsedMs / 1000),
    statuses,
  };
}

const bounded = await startServer({});
// Warm up: the first verifications load the argon2 module and grow the heap.
for (let i = 0; i < 5; i += 1) await loginOnce(bounded.base);
const load = await autocannon({
  url: `${bounded.base}/wps/session/login`,
  method: 'POST',
  headers: loginHeaders,
  body: loginBody,
  connections,
  duration: durationSeconds,
  title: 'POST /wps/session/login',
});
const boundedFlood = await floodRun(bounded);
await bounded.stop();

const unbounded = await startServer({ LOGIN_MAX_CONCURRENT_HASHES: String(flood) });
for (let i = 0; i < 5; i += 1) await loginOnce(unbounded.base);
const unboundedFlood = await floodRun(unbounded);
await unbounded.stop();

const [load1, load5, load15] = os.loadavg().map((value) => value.toFixed(2));
const cpu = os.cpus()[0]?.model ?? 'unknown CPU';
const statusText = (statuses) =>
  Object.entries(statuses)
    .map(([status, count]) => `${count}× ${status}`)
    .join(', ');
const lines = [
  '',
  `## Login benchmark, ${new Date().toISOString()}`,
  '',
  `Machine: ${os.cpus().length} × ${cpu}, ${(os.totalmem() / 2 ** 30).toFixed(1)} GiB, Node ${process.version}, load average ${load1} / ${load5} / ${load15} at the end (the machine is shared).`,
  'Password logins of one demo member (argon2id 19 MiB, t=2, p=1; every login also writes a session and a login attempt), built server on embedded PGlite.',
  '',
  '| Scenario | logins/s | p99 ms | peak RSS MiB | answers |',
  '| --- | ---: | ---: | ---: | --- |',
  `| ${connections} connections for ${durationSeconds} s, semaphore 4 | ${Math.round(load.requests.average)} | ${load.latency.p99} | – | ${load['2xx']} 2xx, ${load.non2xx} non-2xx, ${load.errors} errors |`,
  `| ${flood} at once × ${floodRounds}, semaphore 4 (default) | ${boundedFlood.loginsPerSecond.toFixed(1)} | – | ${boundedFlood.peakMiB.toFixed(0)} (idle ${boundedFlood.beforeMiB.toFixed(0)}) | ${statusText(boundedFlood.statuses)} |`,
  `| ${flood} at once × ${floodRounds}, semaphore ${flood} (no real bound) | ${unboundedFlood.loginsPerSecond.toFixed(1)} | – | ${unboundedFlood.peakMiB.toFixed(0)} (idle ${unboundedFlood.beforeMiB.toFixed(0)}) | ${statusText(unboundedFlood.statuses)} |`,
  '',
  'The argon2 cost dominates: each login holds 19 MiB for the length of one hash, so throughput is about cores ÷ hash time. The semaphore keeps hashing memory at LOGIN_MAX_CONCURRENT_HASHES × 19 MiB whatever the libuv pool size (UV_THREADPOOL_SIZE), and leaves pool threads free for file and DNS work while a burst waits; with the default pool of 4 threads libuv itself also caps running hashes at 4, which the second flood row shows.',
  '',
];
console.info(lines.join('\n'));
appendFileSync(path.join(root, 'bench/RESULTS.md'), lines.join('\n'));
spawnSync(path.join(root, 'node_modules/.bin/biome'), ['format', '--write', 'bench/RESULTS.md'], {
  cwd: root,
  stdio: 'ignore',
});

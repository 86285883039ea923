// Money through the full HTTP path: the built app in its own process, driven by autocannon over loopback.
//   - gateway deposit callbacks: signed (HMAC) server-to-server callbacks, each crediting one deposit in the ledger,
//     spread over many members (many accounts), then all for one member (one hot account);
//   - agent → downline transfers with a fresh Idempotency-Key each (payment password checked with argon2id);
//   - replays of one transfer's Idempotency-Key (the stored answer, no money moves).
// On PostgreSQL when BENCH_DATABASE_URL is set (a fresh database is created on that server and dropped after),
// else on PGlite in a temporary directory. pgbench TPC-B runs in the same run as the machine's reference when
// BENCH_DATABASE_URL is set and `pgbench` exists. Prints a markdown block; `--record` appends it to RESULTS.md.
//
//   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres node --import tsx bench/wallet-http.mjs --record
//
// Each row also shows the SQL statements the server sent and the server's CPU time (user + kernel) per answered
// request: unlike req/s, these hold on a busy machine. BENCH_CPU_PROF_DIR=dir writes a V8 CPU profile of each
// scenario there; BENCH_ONLY_CALLBACKS=1 runs the two callback scenarios only; BENCH_DEPOSITS (default 10,000) is the
// number of callbacks per scenario; BENCH_MEMBERS (default 100) the number of members they are spread over;
// BENCH_NO_BATCHED_READS=1 sends the callbacks' first read on the ordinary pool (platform/db/batched-reads.ts off);
// BENCH_HISTORY (default 10,000) the ledger's earlier transfers, made before the measured scenarios; BENCH_WARMUP
// (default 3,000) the callbacks that warm the server up (JIT, pools, plan caches) before the first measured scenario,
// whose latency is printed on its own line and kept out of the table: a server answers its first seconds' requests
// several times slower (session 15 read p99 137 ms over the first thousand callbacks, 32-44 ms after the second).
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { appendFileSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';
import { backendCpuMicros, backendCpuTicks } from './database-cpu.mjs';

/** The q-quantile of a list of numbers (nearest rank). */
const percentile = (list, q) => {
  const sorted = [...list].sort((a, b) => a - b);
  return sorted[Math.max(0, Math.ceil(q * sorted.length) - 1)] ?? 0;
};

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const adminUrl = process.env.BENCH_DATABASE_URL || null;
const durationSeconds = Number(process.env.BENCH_DURATION_S ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 16);
const deposits = Number(process.env.BENCH_DEPOSITS ?? 10_000);
const warmup = Number(process.env.BENCH_WARMUP ?? 3000);
const record = process.argv.includes('--record');
const loadBefore = os
  .loadavg()
  .map((value) => value.toFixed(2))
  .join(' / ');

/** One statement on the server (`url`: another database on it, such as the bench's own). */
async function admin(sqlText, url = adminUrl) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await client.query(sqlText);
  } finally {
    await client.end();
  }
}

function urlFor(database) {
  const url = new URL(adminUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

function pgbench(scratch) {
  const url = new URL(adminUrl);
  const common = ['-h', url.hostname, '-p', url.port || '5432', '-U', decodeURIComponent(url.username || 'postgres')];
  execFileSync('pgbench', [...common, '-i', '-q', scratch], { stdio: 'ignore' });
  const output = execFileSync('pgbench', [...common, '-c', '8', '-j', '2', '-T', String(durationSeconds), scratch], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  return Math.round(Number(/tps = ([\d.]+)/.exec(output)?.[1] ?? Number.NaN));
}

const hasPgbench = adminUrl !== null && spawnSync('pgbench', ['--version'], { stdio: 'ignore' }).status === 0;
const suffix = randomBytes(4).toString('hex');
const benchDb = `wallet_http_bench_${suffix}`;
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'wallet-http-bench-'));
const port = 20000 + Math.floor(Math.random() * 20000);
if (adminUrl) await admin(`create database "${benchDb}"`);

// BENCH_CPU_PROF_DIR: the server writes a V8 CPU profile of each scenario there (open it in Chrome DevTools).
const profileDir = process.env.BENCH_CPU_PROF_DIR ? path.resolve(process.env.BENCH_CPU_PROF_DIR) : null;
const server = spawn(process.execPath, ['--import', 'tsx', 'bench/wallet-http-server.mjs'], {
  cwd: root,
  env: {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    ...(adminUrl ? { DATABASE_URL: urlFor(benchDb), DATABASE_POOL_MAX: '16' } : {}),
    LOG_LEVEL: 'warn',
    SERVE_WEB: 'false',
    API_DOCS: 'false',
    RATE_LIMIT_PER_MINUTE: '100000000',
    PAYMENT_SIM_ENABLED: 'true',
    PAYMENT_SIM_SECRET: randomBytes(24).toString('hex'),
    PAYMENT_SIM_CALLBACK_URL: `http://127.0.0.1:${port}/gateway/payments/simulator/callback`,
    JOBS_ENABLED: 'false',
    ...(profileDir ? { BENCH_CPU_PROF_DIR: profileDir } : {}),
    BENCH_DEPOSITS: String(deposits),
    BENCH_WARMUP: String(warmup),
  },
  stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
});
const message = (type) =>
  new Promise((resolve, reject) => {
    const onExit = (code) => reject(new Error(`bench server exited (${code})`));
    const onMessage = (value) => {
      if (value?.type !== type) return;
      server.off('message', onMessage);
      server.off('exit', onExit);
      resolve(value);
    };
    server.on('message', onMessage);
    server.once('exit', onExit);
  });

const rows = [];
let verified;
let reference = null;
let warmedUp = null;
try {
  const ready = await message('ready');
  const base = `http://127.0.0.1:${port}`;
  // Dead rows cleared and statistics taken, as autovacuum does on a production server (this machine's PostgreSQL runs
  // with autovacuum off, and the bench's database is new): after the seeding, and again between the scenarios, each
  // of which leaves thousands of updated deposits and account rows behind. Without statistics the planner chose
  // blind plans; without the vacuum every scan of a member's or the house's account row read its dead versions.
  const vacuum = async () => {
    if (adminUrl) await admin('vacuum analyze', urlFor(benchDb));
  };
  await vacuum();

  const ask = async (type, reply, extra = {}) => {
    const answer = message(reply);
    server.send({ type, ...extra });
    return answer;
  };
  /** CPU ticks of each PostgreSQL backend of the bench database, by pid (bench/database-cpu.mjs). */
  const databaseCpuTicks = async () => {
    if (!adminUrl) return new Map();
    const { rows: backends } = await admin(`select pid from pg_stat_activity where datname = '${benchDb}'`);
    return backendCpuTicks(backends.map((row) => row.pid));
  };
  let scenario = 0;
  /** One autocannon run, with the statements the server sent per 2xx answer (and its CPU profile when asked). */
  const run = async (title, options) => {
    scenario += 1;
    if (profileDir) await ask('profile-start', 'profiling');
    const before = await ask('statements', 'statements');
    const databaseBefore = await databaseCpuTicks();
    const startedAt = performance.now();
    let lastAnswerAt = startedAt;
    const latencies = [];
    const result = await new Promise((resolve, reject) => {
      const instance = autocannon({ url: base, connections, ...options }, (error, value) =>
        error ? reject(error) : resolve(value),
      );
      instance.on('response', (_client, _status, _bytes, responseTime) => {
        lastAnswerAt = performance.now();
        latencies.push(responseTime);
      });
    });
    const after = await ask('statements', 'statements');
    const databaseAfter = await databaseCpuTicks();
    if (profileDir) await ask('profile-stop', 'profiled', { name: `scenario-${scenario}` });
    return {
      title,
      // Answers per second from the start to the last answer: autocannon ends a run of a fixed number of requests
      // (the deposits) on its next one-second tick, so its `duration` (and its own averages) read whole seconds,
      // which made such runs read exactly 1,000 or 1,111 per second when they ended within the tenth or ninth.
      perSecond: Math.round((result['2xx'] + result.non2xx) / ((lastAnswerAt - startedAt) / 1000)),
      p50: result.latency.p50,
      p99: result.latency.p99,
      ok: result['2xx'],
      non2xx: result.non2xx,
      errors: result.errors + result.timeouts,
      // The p99 of each thousand answers in turn: whether the tail is steady or a few bad seconds.
      p99ByThousand: Array.from({ length: Math.ceil(latencies.length / 1000) }, (_, index) =>
        percentile(latencies.slice(index * 1000, index * 1000 + 1000), 0.99),
      ),
      // Per answered request: statements sent to PostgreSQL, and CPU time of the server process (user + system).
      statements: (after.statements - before.statements) / Math.max(1, result['2xx']),
      cpuMs: (after.cpuMs - before.cpuMs) / Math.max(1, result['2xx']),
      systemMs: (after.systemMs - before.systemMs) / Math.max(1, result['2xx']),
      // And the CPU time of the database's backends serving it (PostgreSQL on this machine only).
      databaseMs: adminUrl ? backendCpuMicros(databaseBefore, databaseAfter) / 1000 / Math.max(1, result['2xx']) : null,
    };
  };

  // 1 and 2. Gateway callbacks: each request credits one deposit (the ledger write path, through HTTP), first spread
  // over the downline members (many accounts), then all for one member (one hot account). Every credit also takes
  // the house's PAYMENT_CLEARING row, briefly (it is locked last, by its update).
  const callbacks = (title, list) => {
    let next = 0;
    return run(title, {
      amount: list.length,
      requests: [
        {
          method: 'POST',
          path: '/gateway/payments/simulator/callback',
          setupRequest: (request) => {
            const callback = list[next % list.length];
            next += 1;
            return {
              ...request,
              headers: { ...request.headers, 'content-type': 'application/json', ...callback.headers },
              body: callback.body,
            };
          },
        },
      ],
    });
  };
  if (warmup > 0) {
    warmedUp = await callbacks('warm-up', ready.callbacks.warmup);
    await vacuum();
  }
  rows.push(
    await callbacks(
      `gateway deposit callback, many accounts (${ready.downline.length} members): HMAC check, credit, notice`,
      ready.callbacks.many,
    ),
  );
  await vacuum();
  rows.push(await callbacks('gateway deposit callback, one hot account (one member)', ready.callbacks.hot));

  if (!process.env.BENCH_ONLY_CALLBACKS) {
    await vacuum();
    // 3. Agent → downline transfers, each with its own Idempotency-Key (payment password verified every time).
    const headers = { 'content-type': 'application/json', authorization: ready.agentToken };
    rows.push(
      await run('agent → downline transfer, new Idempotency-Key each (argon2id payment password)', {
        duration: durationSeconds,
        requests: [
          {
            method: 'POST',
            path: '/wps/cashier/transfer/downline',
            setupRequest: (request) => ({
              ...request,
              headers: { ...request.headers, ...headers, 'idempotency-key': randomUUID() },
              body: JSON.stringify({
                downlineUsername: ready.downline[Math.floor(Math.random() * ready.downline.length)],
                amount: '1',
                paymentPassword: ready.paymentPassword,
              }),
            }),
          },
        ],
      }),
    );

    // 4. Replays of one used key: the stored answer comes back, nothing moves.
    const replayBody = JSON.stringify({
      downlineUsername: ready.downline[0],
      amount: '1',
      paymentPassword: ready.paymentPassword,
    });
    const first = await fetch(`${base}/wps/cashier/transfer/downline`, {
      method: 'POST',
      headers: { ...headers, 'idempotency-key': 'bench-replay' },
      body: replayBody,
    });
    if (!first.ok) throw new Error(`replay seed failed: ${await first.text()}`);
    rows.push(
      await run('replay of a used Idempotency-Key (stored answer)', {
        duration: durationSeconds,
        // autocannon has no top-level `path` (it sent these to `/`, all 404, in the runs before 2026-11-25).
        url: `${base}/wps/cashier/transfer/downline`,
        method: 'POST',
        headers: { ...headers, 'idempotency-key': 'bench-replay' },
        body: replayBody,
      }),
    );
  }

  server.send({ type: 'verify' });
  verified = (await message('verified')).report;
} finally {
  const exited = new Promise((resolve) => server.once('exit', resolve));
  server.kill('SIGTERM');
  await exited;
  rmSync(dataDir, { recursive: true, force: true });
  if (adminUrl) await admin(`drop database if exists "${benchDb}" with (force)`);
}
if (hasPgbench) {
  const scratch = `pgbench_scratch_${suffix}`;
  await admin(`create database "${scratch}"`);
  try {
    reference = pgbench(scratch);
  } finally {
    await admin(`drop database if exists "${scratch}" with (force)`);
  }
}

const cpus = os.cpus();
const database = adminUrl ? `PostgreSQL ${(await admin('show server_version')).rows[0].server_version}` : 'PGlite';
const [many, hot] = rows;
const ratio = (row) => (reference ? (row.perSecond / reference).toFixed(2) : '?');
const lines = [
  '',
  `## ${new Date().toISOString().slice(0, 10)}: wallet money through HTTP (bench/wallet-http.mjs)`,
  '',
  `Machine: ${cpus.length} cores (${cpus[0]?.model.trim()}), ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}, ${database}, load average before the run ${loadBefore}. The built app in its own process, autocannon ${connections} connections over loopback on the same machine.`,
  '',
  '| Scenario | req/s | p50 ms | p99 ms | 2xx | non-2xx | errors | SQL statements / req | server CPU ms / req (kernel) | database CPU ms / req |',
  '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
  ...rows.map(
    (row) =>
      `| ${row.title} | ${row.perSecond} | ${row.p50} | ${row.p99} | ${row.ok} | ${row.non2xx} | ${row.errors} | ${row.statements.toFixed(1)} | ${row.cpuMs.toFixed(2)} (${row.systemMs.toFixed(2)}) | ${row.databaseMs === null ? '' : row.databaseMs.toFixed(2)} |`,
  ),
  reference
    ? `| reference: pgbench TPC-B \`-c 8 -j 2 -T ${durationSeconds}\`, same run | ${reference} | | | | | | | | |`
    : '',
  '',
  warmedUp
    ? `Before them, ${warmedUp.ok + warmedUp.non2xx} callbacks warmed the server up (not in the table): ${warmedUp.perSecond}/s, p50 ${warmedUp.p50} ms, p99 ${warmedUp.p99} ms.`
    : "No warm-up (BENCH_WARMUP=0): the first scenario includes the server's first seconds.",
  `p99 of each thousand answers in turn (ms): ${rows
    .slice(0, 2)
    .map(
      (row, index) =>
        `${['many accounts', 'one hot account'][index]} ${row.p99ByThousand.map((ms) => Math.round(ms)).join(', ')}`,
    )
    .join('; ')}.`,
  reference
    ? `Ratio of ledger credits through HTTP (gateway callbacks) to pgbench TPC-B in the same run: many accounts ${ratio(many)}, one hot account ${ratio(hot)} (target 0.5, p99 under 50 ms).`
    : 'pgbench not run (no BENCH_DATABASE_URL or no pgbench): compare with the idle-machine TPC-B figure of about 8,800 tps.',
  `ledger:verify after the run: ${verified?.ok ? 'OK' : 'FAILED'} (accounts=${verified?.accounts} transfers=${verified?.transfers} entries=${verified?.entries}, breaches=${verified?.breaches}).`,
  '',
];
console.info(lines.join('\n'));
if (record) {
  appendFileSync(path.join(root, 'bench/RESULTS.md'), lines.join('\n'));
  spawnSync(path.join(root, 'node_modules/.bin/biome'), ['format', '--write', 'bench/RESULTS.md'], {
    cwd: root,
    stdio: 'ignore',
  });
}
if (!verified?.ok) process.exitCode = 1;
